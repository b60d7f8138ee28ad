import { api, type Language, type TranslateBody } from '@parley/contract';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { call, isApiError } from '@/lib/api-client';
import { i18n } from '@/lib/i18n';
import { notifyError } from '@/lib/notifications';
import { apiErrorMessage } from '@/lib/react-query';

/**
 * D22: translating texts between the product's languages, for every screen that offers it (a
 * ticket's answers and comments, the owner's drafts). The call always answers 200; a refusal is
 * `{success: false, code, reason}`, and an answer without a suggestion for every text fails too.
 */

/** A translation that did not come back: `reason` says why, in words a person can act on. */
export class TranslationError extends Error {
  readonly code: string;
  readonly reason: string;

  constructor(code: string, reason: string) {
    super(`Translation failed: ${reason}`);
    this.name = 'TranslationError';
    this.code = code;
    this.reason = reason;
  }
}

export const isTranslationError = (error: unknown): error is TranslationError =>
  error instanceof TranslationError;

/** The other of the two languages. */
export const otherLanguage = (language: Language): Language => (language === 'de' ? 'en' : 'de');

/**
 * Where a text written in `source` is translated to for a reader of `reader`: the reader's
 * language, or the other one when the text is in it already.
 */
export const translationTarget = (source: Language, reader: Language): Language =>
  source === reader ? otherLanguage(source) : reader;

/** POST /translation/translate: the translated texts, one per text in order, or a TranslationError. */
export const translate = async (body: TranslateBody): Promise<string[]> => {
  const answer = await call(api.translation.translate, { body });
  if (!answer.success) throw new TranslationError(answer.code, answer.reason);
  const suggestions = answer.data.suggestions;
  if (suggestions.length < body.texts.length) {
    throw new TranslationError('translation/no-suggestions', i18n.t('components.translation.noSuggestions'));
  }
  return suggestions.slice(0, body.texts.length).map((s) => s.translatedText);
};

/** Why a translation failed, for the notification: the provider's reason, or the call's failure. */
export const translationFailureReason = (error: unknown): string =>
  isTranslationError(error) ? error.reason : isApiError(error) ? apiErrorMessage(error) : String(error);

/**
 * The translation as a mutation: `mutateAsync(body)` answers the translated texts; a failure
 * (refused, no suggestions, no answer) shows the error notification "Translation failed" with the
 * reason, and rejects.
 */
export const useTranslate = () => {
  const { t } = useTranslation();
  return useMutation<string[], unknown, TranslateBody>({
    mutationFn: translate,
    meta: { errorNotification: false },
    onError: (error) =>
      notifyError({
        id: 'translation-failed',
        title: t('components.translation.failed'),
        message: translationFailureReason(error),
      }),
  });
};
