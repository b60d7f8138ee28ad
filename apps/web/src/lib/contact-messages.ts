import { type ContactCode, contactCodes, contactInviteMax } from '@parley/contract';
import type { TFunction } from 'i18next';
import { isApiError } from '@/lib/api-client';
import { i18n } from '@/lib/i18n';
import { apiErrorMessage } from '@/lib/react-query';

const codes: readonly string[] = Object.values(contactCodes);

/** One of D15's problem codes (`contact/1` … `contact/7`). */
export const isContactCode = (code: string): code is ContactCode => codes.includes(code);

/**
 * The console's words for a D15 problem code in the current language; the server's (English)
 * message for a code the console does not know yet.
 */
export const contactCodeMessage = (t: TFunction, code: string, serverMessage: string): string =>
  isContactCode(code) ? t(`contacts.codes.${code}`, { max: contactInviteMax }) : serverMessage;

/**
 * Why an invitation or contact call was refused, for an error notification: D15's codes, the
 * invitation's own refusals and an ended campaign in the console's words, else the shared ones.
 */
export const contactErrorMessage = (error: unknown): string => {
  if (isApiError(error)) {
    if (isContactCode(error.code)) return i18n.t(`contacts.codes.${error.code}`, { max: contactInviteMax });
    if (error.code === 'invitation/answered') return i18n.t('contacts.errors.answered');
    if (error.code === 'invitation/not-found') return i18n.t('contacts.errors.invitationNotFound');
    if (error.code === 'campaign/ended') return i18n.t('contacts.errors.campaignEnded');
  }
  return apiErrorMessage(error);
};
