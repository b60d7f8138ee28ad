import { authErrorMessageKey } from '@/lib/auth-messages';
import { i18n } from '@/lib/i18n';
import { isIdentityError } from '@/lib/identity-call';
import { dismissNotification, notifyError } from '@/lib/notifications';

export { authErrorMessageKey };

export const authErrorMessage = (error: unknown): string =>
  i18n.t(authErrorMessageKey(isIdentityError(error) ? error.code : 'unknown'));

/** Identity failures appear as an error notification with a title and the description. */
const authErrorNotification = 'auth-error';

export const notifyAuthError = (error: unknown, title: string): void => {
  notifyError({ id: authErrorNotification, title, message: authErrorMessage(error) });
};

/** A later success makes an earlier identity failure moot: its notification goes. */
export const dismissAuthError = (): void => dismissNotification(authErrorNotification);
