import { contactRequestCodes } from '@parley/contract';
import type { TFunction } from 'i18next';
import { isApiError } from '@/lib/api-client';
import { contactErrorMessage } from '@/lib/contact-messages';
import { notifyError } from '@/lib/notifications';

/** D18: a request is decided once; a second accept or reject of it answers 409 `contact-request/decided`. */
export const isDecidedError = (error: unknown) =>
  isApiError(error) && error.status === 409 && error.code === contactRequestCodes.decided;

/**
 * Why accepting or rejecting failed, as an error notification: a request decided meanwhile (in
 * another tab, by another owner) in its own words, anything else as the shared messages say it.
 */
export const notifyDecisionError = (t: TFunction, error: unknown, action: 'accept' | 'reject') => {
  if (isDecidedError(error)) {
    notifyError({
      id: 'contact-request-decided',
      title: t('contactRequests.decided.title'),
      message: t('contactRequests.decided.message'),
    });
    return;
  }
  notifyError({ title: t(`contactRequests.${action}.failed`), message: contactErrorMessage(error) });
};
