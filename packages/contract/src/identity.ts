import { z } from 'zod';
import { emailSchema, languageSchema, passwordSchema } from './common.js';
import { identityPaths } from './identity-paths.js';
import { defineRoute, type RouteDef } from './route.js';

export { identityPaths };

/**
 * The embedded identity service (D5), mounted under `/identity`, outside `/api`.
 * Its failures answer `{code}` with Firebase-style codes.
 */
export const identityErrorCodes = [
  'auth/invalid-email',
  'auth/user-not-found',
  'auth/wrong-password',
  'auth/invalid-credential',
  'auth/too-many-requests',
  'auth/user-disabled',
  'auth/id-token-expired',
  'auth/network-request-failed',
  'auth/invalid-api-key',
  'auth/operation-not-allowed',
  'auth/internal-error',
  'auth/app-not-authorized',
] as const;
export type IdentityErrorCode = (typeof identityErrorCodes)[number];

export const signInBodySchema = z.object({
  email: z.string(),
  password: z.string().max(1024),
});

export const tokenResponseSchema = z.object({
  idToken: z.string(),
  refreshToken: z.string(),
  /** Seconds until the id token expires, as a string like Firebase's. */
  expiresIn: z.string(),
});
export type TokenResponse = z.infer<typeof tokenResponseSchema>;

export const refreshBodySchema = z.object({ refreshToken: z.string().min(1).max(512) });
export const signOutBodySchema = z.object({ refreshToken: z.string().max(512).optional() });
/** `language`: the sign-in page's, which the reset mail is written in (default English). */
export const passwordResetBodySchema = z.object({ email: emailSchema, language: languageSchema.optional() });
export const passwordResetConfirmBodySchema = z.object({
  token: z.string().min(1).max(512),
  newPassword: passwordSchema,
});
/** Whether a reset link's token can still set a password; it is not used up by asking. */
export const passwordResetCheckBodySchema = z.object({ token: z.string().min(1).max(512) });
/** Password change for the signed-in owner (id token in x-auth-token); answers fresh tokens. */
export const passwordChangeBodySchema = z.object({
  currentPassword: z.string().max(1024),
  newPassword: passwordSchema,
});

/** Claims of the id token the API reads. */
export type IdTokenClaims = {
  sub: string;
  email: string;
  mid: string;
};

/** Only the public members of a key go out, whatever the key store holds. */
export const publicJwkSchema = z.object({
  kty: z.string(),
  kid: z.string().optional(),
  alg: z.string().optional(),
  use: z.string().optional(),
  crv: z.string().optional(),
  x: z.string().optional(),
  y: z.string().optional(),
  n: z.string().optional(),
  e: z.string().optional(),
});

const identity = { base: '', access: 'public', tags: ['identity'] } satisfies Partial<RouteDef>;

/**
 * The identity service's routes, outside `/api` (so not in `api`): all public for the auth hook;
 * password-change checks its own id token.
 */
export const identityApi = {
  signIn: defineRoute({
    ...identity,
    method: 'POST',
    path: identityPaths.signIn,
    summary: 'Sign in with email and password',
    body: signInBodySchema,
    status: 200,
    response: tokenResponseSchema,
  }),
  refresh: defineRoute({
    ...identity,
    method: 'POST',
    path: identityPaths.refresh,
    summary: 'Exchange a refresh token for fresh tokens (rotates it)',
    body: refreshBodySchema,
    status: 200,
    response: tokenResponseSchema,
  }),
  // No body schema: sign-out answers 204 whatever it is sent (D5); only a plausible token is looked up.
  // It ends the session of the body's refresh token and of the `x-auth-token` id token, either or both.
  signOut: defineRoute({
    ...identity,
    method: 'POST',
    path: identityPaths.signOut,
    summary: 'End the session of the refresh token (body) or id token (x-auth-token); always 204',
    status: 204,
  }),
  passwordReset: defineRoute({
    ...identity,
    method: 'POST',
    path: identityPaths.passwordReset,
    summary: 'Mail a one-time reset link; 204 whether or not the address exists',
    body: passwordResetBodySchema,
    status: 204,
  }),
  passwordResetConfirm: defineRoute({
    ...identity,
    method: 'POST',
    path: identityPaths.passwordResetConfirm,
    summary: 'Set a new password with a reset link token; ends all sessions',
    body: passwordResetConfirmBodySchema,
    status: 204,
  }),
  passwordResetCheck: defineRoute({
    ...identity,
    method: 'POST',
    path: identityPaths.passwordResetCheck,
    summary: 'Check a reset link token without using it: 204, or 400 auth/invalid-action-code',
    body: passwordResetCheckBodySchema,
    status: 204,
  }),
  passwordChange: defineRoute({
    ...identity,
    method: 'POST',
    path: identityPaths.passwordChange,
    summary: 'Change the signed-in owner’s password; ends other sessions and answers fresh tokens',
    body: passwordChangeBodySchema,
    status: 200,
    response: tokenResponseSchema,
  }),
  jwks: defineRoute({
    ...identity,
    method: 'GET',
    path: identityPaths.jwks,
    summary: 'Public keys that sign id tokens',
    status: 200,
    response: z.object({ keys: z.array(publicJwkSchema) }),
  }),
} as const;
