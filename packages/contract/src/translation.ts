import { z } from 'zod';
import { isoDateSchema, languageSchema, limits } from './common.js';
import { defineRoute } from './route.js';

/**
 * The most characters one translation call may send, all its texts together (docs/product-decisions.md,
 * "Translation"): a call of 50 texts at their longest would be 250,000 characters for the paid provider.
 */
export const translationCallCharsMax = 50_000;

/**
 * The characters a translation counts against the budget and the call's cap, the same on both sides: the
 * texts' lengths as JavaScript counts them (UTF-16 code units, the measure of `limits.textMax` too).
 */
export const translationChars = (texts: readonly string[]) =>
  texts.reduce((sum, text) => sum + text.length, 0);

/** D22: texts to translate between the product's languages. */
export const translateBodySchema = z
  .object({
    sourceLanguage: languageSchema,
    targetLanguage: languageSchema,
    texts: z
      .array(
        z
          .string()
          .min(1, 'must not be empty')
          .max(limits.textMax, `must be at most ${limits.textMax} characters`),
      )
      .min(1, 'must hold at least one text')
      .max(50, 'must hold at most 50 texts')
      .refine((texts) => translationChars(texts) <= translationCallCharsMax, {
        message: `must hold at most ${translationCallCharsMax.toLocaleString('en-US')} characters in all`,
      }),
  })
  .refine((b) => b.sourceLanguage !== b.targetLanguage, {
    message: 'must differ from sourceLanguage',
    path: ['targetLanguage'],
  });
export type TranslateBody = z.input<typeof translateBodySchema>;

export const translationSuggestionSchema = z.object({
  originalText: z.string(),
  originalTextLanguage: languageSchema,
  translatedText: z.string(),
  translatedTextLanguage: languageSchema,
});
export type TranslationSuggestion = z.infer<typeof translationSuggestionSchema>;

/**
 * The route's answer (docs/product-decisions.md, "Translation"): `success` with the suggestions (one per text, in order), or `success: false`
 * with why (no provider configured, the provider refused or did not answer in time).
 */
export const translateResultSchema = z.union([
  z.object({
    success: z.literal(true),
    data: z.object({ suggestions: z.array(translationSuggestionSchema) }),
  }),
  z.object({
    success: z.literal(false),
    code: z.enum(['translation/not-configured', 'translation/provider-failed', 'translation/timeout']),
    reason: z.string(),
  }),
]);
export type TranslateResult = z.infer<typeof translateResultSchema>;

/** One window of a manufacturer's translation budget: its size, what is spent, when it starts anew. */
export const translationBudgetWindowSchema = z.object({
  /** Characters the window allows (TRANSLATION_BUDGET_CHARS_PER_HOUR or _PER_DAY). */
  limit: z.number().int(),
  /** Characters spent in the window so far. */
  used: z.number().int(),
  /** When the window ends and its budget is whole again (the next full hour, the next midnight UTC). */
  refillsAt: isoDateSchema,
});
export type TranslationBudgetWindow = z.infer<typeof translationBudgetWindowSchema>;

/**
 * A manufacturer's translation budget in characters (docs/product-decisions.md, "Translation"): a call
 * whose characters do not fit into both windows is refused whole with 429 `translation/budget`.
 */
export const translationBudgetSchema = z.object({
  /** Whether a provider is configured; without one nothing is translated or counted. */
  configured: z.boolean(),
  /** The most characters one call may send (`translationCallCharsMax`). */
  callMax: z.number().int(),
  hour: translationBudgetWindowSchema,
  day: translationBudgetWindowSchema,
});
export type TranslationBudget = z.infer<typeof translationBudgetSchema>;

export const translationRoutes = {
  translate: defineRoute({
    method: 'POST',
    path: '/translation/translate',
    access: 'private',
    summary:
      'Translate texts between German and English through the configured provider (at most 50,000 characters ' +
      "a call; 429 translation/budget when the manufacturer's hourly or daily character budget has no room for them)",
    tags: ['translation'],
    body: translateBodySchema,
    status: 200,
    response: translateResultSchema,
  }),
  budget: defineRoute({
    method: 'GET',
    path: '/translation/budget',
    access: 'private',
    summary: "The manufacturer's translation budget in characters: this hour's and today's, spent and whole",
    tags: ['translation'],
    status: 200,
    response: translationBudgetSchema,
  }),
} as const;
