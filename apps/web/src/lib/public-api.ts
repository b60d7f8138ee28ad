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

/** The address of a public path with its `:name` segments filled in (encoded), under `/api`. */
export const publicUrl = (path: PublicPath, params: Record<string, string>) =>
  `/api${path.replace(/:(\w+)/g, (_, name: string) => encodeURIComponent(params[name] ?? ''))}`;

export const publicCall = async <T>(
  method: 'GET' | 'POST' | 'PUT',
  path: PublicPath,
  {
    params = {},
    query,
    body,
    signal,
    onUploadProgress,
  }: {
    params?: Record<string, string>;
    /** The query string's values (none given: no query string). */
    query?: Record<string, string>;
    /** JSON, or a FormData sent as multipart. */
    body?: unknown;
    signal?: AbortSignal;
    /** Upload progress, 0…1 (the request then goes by XMLHttpRequest, see lib/http.ts). */
    onUploadProgress?: (fraction: number) => void;
  } = {},
): Promise<T> => {
  const search = query ? new URLSearchParams(query).toString() : '';
  const url = `${publicUrl(path, params)}${search ? `?${search}` : ''}`;
  let response: Response;
  try {
    response = await httpRequest({ method, url, body, signal, onUploadProgress });
    if (response.ok) return await readBody<T>(response);
  } catch (cause) {
    if (isAbort(cause)) throw cause;
    throw noAnswerError(cause);
  }
  throw await toApiError(response);
};

export { publicPaths };
