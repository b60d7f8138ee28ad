import {
  identityApi,
  type RouteDef,
  routeUrl,
  type TokenResponse,
  tokenResponseSchema,
} from '@parley/contract';
import { httpRequest } from '@/lib/http';

/**
 * A failure of the identity service (D5), carrying its Firebase-style code. Fetch failures
 * become `auth/network-request-failed` so the UI has one code per cause.
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

const post = async (route: RouteDef, body: unknown, idToken?: string): Promise<unknown> => {
  let response: Response;
  try {
    response = await httpRequest({
      method: route.method,
      url: routeUrl(route),
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

const tokens = async (route: RouteDef, body: unknown, idToken?: string): Promise<TokenResponse> => {
  const parsed = tokenResponseSchema.safeParse(await post(route, body, idToken));
  if (!parsed.success) throw new IdentityError('auth/internal-error', 'Malformed token response');
  return parsed.data;
};

/** The embedded identity service under /identity (outside /api), exactly as D5. */
export const identityClient = {
  signIn: (email: string, password: string) => tokens(identityApi.signIn, { email, password }),
  refresh: (refreshToken: string) => tokens(identityApi.refresh, { refreshToken }),
  signOut: async (refreshToken: string) => {
    await post(identityApi.signOut, { refreshToken });
  },
  requestPasswordReset: async (email: string) => {
    await post(identityApi.passwordReset, { email });
  },
  checkPasswordReset: async (token: string) => {
    await post(identityApi.passwordResetCheck, { token });
  },
  confirmPasswordReset: async (token: string, newPassword: string) => {
    await post(identityApi.passwordResetConfirm, { token, newPassword });
  },
  changePassword: (idToken: string, currentPassword: string, newPassword: string) =>
    tokens(identityApi.passwordChange, { currentPassword, newPassword }, idToken),
};

/** The email is lowercased (and trimmed) before it is sent anywhere. */
export const normalizeEmail = (email: string): string => email.trim().toLowerCase();
