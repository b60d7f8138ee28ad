/**
 * The embedded identity service's addresses (D5), outside `/api`: one definition for its routes
 * (identity.ts) and for the light sign-in page, which calls them without the routes' zod schemas.
 */
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
