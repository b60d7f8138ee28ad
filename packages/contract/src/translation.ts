import { z } from 'zod';
import { languageSchema, limits } from './common.js';
import { defineRoute } from './route.js';

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
      .max(50, 'must hold at most 50 texts'),
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
 * The spec's answer: `success` with the suggestions (one per text, in order), or `success: false`
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

export const translationRoutes = {
  translate: defineRoute({
    method: 'POST',
    path: '/translation/translate',
    access: 'private',
    summary: 'Translate texts between German and English through the configured provider',
    tags: ['translation'],
    body: translateBodySchema,
    status: 200,
    response: translateResultSchema,
  }),
} as const;
