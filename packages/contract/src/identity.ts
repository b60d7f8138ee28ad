import { z } from 'zod';
import { emailSchema, passwordSchema } from './common.js';

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

export const identityPaths = {
  signIn: '/identity/sign-in',
  refresh: '/identity/refresh',
  signOut: '/identity/sign-out',
  passwordReset: '/identity/password-reset',
  passwordResetConfirm: '/identity/password-reset/confirm',
  passwordResetCheck: '/identity/password-reset/check',
  passwordChange: '/identity/password-change',
  jwks: '/identity/jwks.json',
} as const;

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
export const passwordResetBodySchema = z.object({ email: emailSchema });
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
