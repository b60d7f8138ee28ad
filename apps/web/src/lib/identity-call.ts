import { httpRequest } from '@/lib/http';
import { isTokens, type Tokens } from '@/lib/stored-session';

/**
 * One call to the embedded identity service (D5, under /identity, outside /api), without the
 * contract's zod schemas, so the light sign-in page can make it too. The console's identity client
 * (lib/auth/identity-client.ts) is built on it.
 */

/**
 * A failure of the identity service, carrying its Firebase-style code. Fetch failures become
 * `auth/network-request-failed` so the UI has one code per cause.
 */
export class IdentityError extends Error {
  readonly code: string;
  readonly status: number;

  constructor(code: string, message?: string, status = 0) {
    super(message ?? code);
    this.name = 'IdentityError';
    this.code = code;
    this.status = status;
  }
}

export const isIdentityError = (error: unknown): error is IdentityError => error instanceof IdentityError;

/** The email is lowercased (and trimmed) before it is sent anywhere. */
export const normalizeEmail = (email: string): string => email.trim().toLowerCase();

export const identityPost = async (path: string, body: unknown, idToken?: string): Promise<unknown> => {
  let response: Response;
  try {
    response = await httpRequest({
      method: 'POST',
      url: path,
      headers: idToken === undefined ? {} : { 'x-auth-token': idToken },
      body,
    });
  } catch {
    throw new IdentityError('auth/network-request-failed');
  }
  if (response.status === 204) return undefined;
  const json: unknown = await response.json().catch(() => null);
  if (!response.ok) {
    const failure = (json ?? {}) as { code?: unknown; message?: unknown };
    throw new IdentityError(
      typeof failure.code === 'string' ? failure.code : 'unknown',
      typeof failure.message === 'string' ? failure.message : response.statusText,
      response.status,
    );
  }
  return json;
};

/** A call that answers tokens (sign-in, refresh, password change). */
export const identityTokens = async (path: string, body: unknown, idToken?: string): Promise<Tokens> => {
  const answer = await identityPost(path, body, idToken);
  if (!isTokens(answer)) throw new IdentityError('auth/internal-error', 'Malformed token response');
  return answer;
};
