import { publicPaths } from '@parley/contract/plain';
import { isAbort, noAnswerError, readBody, toApiError } from '@/lib/api-error';
import { httpRequest } from '@/lib/http';

/**
 * The public pages' calls (no token, D10): the same addresses as the contract's public routes
 * (`publicPaths`), the same headers, answers and ApiError as the console's client, but without the
 * routes' zod schemas or the session, so a survey page loads none of them (docs/architecture.md).
 * The server validates every call as it does the console's.
 */
type PublicPath = (typeof publicPaths)[keyof typeof publicPaths];

const fill = (path: PublicPath, params: Record<string, string>) =>
  `/api${path.replace(/:(\w+)/g, (_, name: string) => encodeURIComponent(params[name] ?? ''))}`;

export const publicCall = async <T>(
  method: 'GET' | 'POST',
  path: PublicPath,
  {
    params = {},
    body,
    signal,
  }: { params?: Record<string, string>; body?: unknown; signal?: AbortSignal } = {},
): Promise<T> => {
  const url = fill(path, params);
  let response: Response;
  try {
    response = await httpRequest({ method, url, body, signal });
    if (response.ok) return await readBody<T>(response);
  } catch (cause) {
    if (isAbort(cause)) throw cause;
    throw noAnswerError(cause);
  }
  throw await toApiError(response);
};

export { publicPaths };
