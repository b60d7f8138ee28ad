import type { Language } from '@parley/contract';
import { identityPaths } from '@parley/contract/plain';
import { identityPost, identityTokens } from '@/lib/identity-call';

export { IdentityError, isIdentityError, normalizeEmail } from '@/lib/identity-call';

/** The embedded identity service under /identity (outside /api), exactly as D5. */
export const identityClient = {
  signIn: (email: string, password: string) => identityTokens(identityPaths.signIn, { email, password }),
  refresh: (refreshToken: string) => identityTokens(identityPaths.refresh, { refreshToken }),
  signOut: async (refreshToken: string) => {
    await identityPost(identityPaths.signOut, { refreshToken });
  },
  /** `language`: the page's, which the reset mail is written in. */
  requestPasswordReset: async (email: string, language: Language) => {
    await identityPost(identityPaths.passwordReset, { email, language });
  },
  checkPasswordReset: async (token: string) => {
    await identityPost(identityPaths.passwordResetCheck, { token });
  },
  confirmPasswordReset: async (token: string, newPassword: string) => {
    await identityPost(identityPaths.passwordResetConfirm, { token, newPassword });
  },
  changePassword: (idToken: string, currentPassword: string, newPassword: string) =>
    identityTokens(identityPaths.passwordChange, { currentPassword, newPassword }, idToken),
};
