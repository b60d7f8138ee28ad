import {
  api,
  type Language,
  type TranslateBody,
  type TranslationBudget,
  translationChars,
} from '@parley/contract';
import { type QueryClient, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { call, isApiError } from '@/lib/api-client';
import { formatDateTime, formatTime } from '@/lib/format-date';
import { currentLanguage, i18n } from '@/lib/i18n';
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

/**
 * Why a translation failed, for the notification: the provider's reason, or the call's failure. No
 * provider configured is said in the owner's words, not the server's (which name a setting).
 */
export const translationFailureReason = (error: unknown): string =>
  isTranslationError(error)
    ? error.code === 'translation/not-configured'
      ? i18n.t('components.translation.notConfigured')
      : error.reason
    : isApiError(error)
      ? apiErrorMessage(error)
      : String(error);

/**
 * GET /translation/budget: the manufacturer's characters left this hour and today
 * (docs/product-decisions.md, "Translation"). Quiet when it fails: the budget is a hint beside the
 * translation, not a reason to show an error.
 */
export const translationBudgetQuery = queryOptions({
  queryKey: ['translation', 'budget'] as const,
  queryFn: ({ signal }) => call(api.translation.budget, undefined, { signal }),
  meta: { errorNotification: false },
});

export const useTranslationBudget = () => useQuery(translationBudgetQuery);

/**
 * Whether the console offers translation (docs/product-decisions.md, "Translation"): not where the
 * budget says no provider is configured (a quick-start install), where every call would fail. While
 * the budget is unknown (loading, or its call failed) it is offered; a failure then says why.
 */
export const useTranslationOffered = () => useTranslationBudget().data?.configured !== false;

/** The window that leaves fewer characters: the hour, unless the day has no more left (it refills later). */
export const tighterWindow = (budget: TranslationBudget) => {
  const hourLeft = Math.max(0, budget.hour.limit - budget.hour.used);
  const dayLeft = Math.max(0, budget.day.limit - budget.day.used);
  return dayLeft <= hourLeft
    ? { period: 'day' as const, left: dayLeft, ...budget.day }
    : { period: 'hour' as const, left: hourLeft, ...budget.hour };
};

/** When a window refills, in the reader's words: the time for the hour, date and time for the day. */
const refillTime = (period: 'hour' | 'day', refillsAt: string, language: Language) =>
  period === 'hour' ? formatTime(refillsAt, language) : formatDateTime(refillsAt, language);

/**
 * The budget in a line: "12,000 of 200,000 characters left this hour", "… today" when the day has less
 * left, or "Translation budget used up until 3:00 PM".
 */
export const translationBudgetText = (budget: TranslationBudget, language: Language): string => {
  const w = tighterWindow(budget);
  if (w.left === 0)
    return i18n.t('components.translation.budget.usedUp', {
      lng: language,
      time: refillTime(w.period, w.refillsAt, language),
    });
  const number = new Intl.NumberFormat(language).format;
  return i18n.t(`components.translation.budget.${w.period}`, {
    lng: language,
    left: number(w.left),
    limit: number(w.limit),
  });
};

/**
 * Why the budget refused a translation of `chars` characters, from the budget as it is now: what is
 * left and when the window without room refills. Without the budget, the error's general words.
 */
const budgetRefusal = async (queryClient: QueryClient, chars: number, error: unknown) => {
  try {
    const budget = await queryClient.fetchQuery({ ...translationBudgetQuery, staleTime: 0 });
    const language: Language = currentLanguage();
    // Used up: "Translation budget used up until 3:00 PM" says it all.
    if (tighterWindow(budget).left === 0) return translationBudgetText(budget, language);
    const period = budget.day.limit - budget.day.used < chars ? 'day' : 'hour';
    return i18n.t('components.translation.budget.refused', {
      status: translationBudgetText(budget, language),
      time: refillTime(period, budget[period].refillsAt, language),
    });
  } catch {
    return apiErrorMessage(error);
  }
};

/**
 * The translation as a mutation: `mutateAsync(body)` answers the translated texts; a failure
 * (refused, no suggestions, no answer) shows the error notification "Translation failed" with the
 * reason, and rejects. Each call renews the budget shown beside the translation; a call the budget
 * has no room for (429 `translation/budget`) says what is left and when it refills.
 */
export const useTranslate = () => {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  return useMutation<string[], unknown, TranslateBody>({
    mutationFn: translate,
    meta: { errorNotification: false },
    onError: async (error, body) => {
      const message =
        isApiError(error) && error.code === 'translation/budget'
          ? await budgetRefusal(queryClient, translationChars(body.texts), error)
          : translationFailureReason(error);
      notifyError({ id: 'translation-failed', title: t('components.translation.failed'), message });
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: translationBudgetQuery.queryKey }),
  });
};
