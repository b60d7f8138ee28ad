import { type api, type RouteBody, type TranslateResult, translationChars } from '@parley/contract';
import type { Logger } from 'pino';
import type { TranslationBudgetConfig, TranslationConfig } from '../../config.js';
import type { Db } from '../../db/client.js';
import type { Clock } from '../../lib/clock.js';
import { createRateLimiter } from '../../lib/rate-limit.js';
import { createTranslationBudget } from './translation.budget.js';
import {
  createTranslationProvider,
  networkReason,
  ProviderError,
  type TranslationProvider,
} from './translation.providers.js';

type Failure = Extract<TranslateResult, { success: false }>;

const seconds = (ms: number) => `${Number((ms / 1000).toFixed(1))} s`;

/**
 * D22: texts translated by the configured provider (DeepL or LibreTranslate). Never throws for the
 * provider's trouble: without a provider the answer is `translation/not-configured`, a refusal, an
 * unusable answer or an unreachable provider `translation/provider-failed`, no answer within the
 * timeout `translation/timeout`, each with a reason the console shows ("Translation failed: …").
 */
/**
 * A manufacturer's translations per hour: plenty for people reading and answering, and a stop
 * before a script spends the operator's quota at the provider (docs/product-decisions.md,
 * "Translation").
 */
export const translationLimit = { max: 300, windowMs: 60 * 60_000 } as const;

export const createTranslationService = ({
  db,
  clock,
  config,
  budget: budgetLimits,
  log,
  provider = createTranslationProvider(config),
}: {
  db: Db;
  clock: Clock;
  config: TranslationConfig;
  /** The characters a manufacturer may send the provider per hour and per day. */
  budget: TranslationBudgetConfig;
  log: Pick<Logger, 'warn'>;
  /** The provider `config` names; a test may hand in another. */
  provider?: TranslationProvider | undefined;
}) => {
  const fail = (code: Failure['code'], reason: string): Failure => {
    if (code !== 'translation/not-configured')
      log.warn({ provider: config.provider, code, reason }, 'translation failed');
    return { success: false, code, reason };
  };

  const perManufacturer = createRateLimiter(db, { name: 'translation', clock, ...translationLimit });
  const budget = createTranslationBudget({ db, clock, limits: budgetLimits });
  const configured = provider !== undefined && config.provider !== 'none';

  return {
    translate: async (
      manufacturerId: string,
      body: RouteBody<typeof api.translation.translate>,
    ): Promise<TranslateResult> => {
      if (!provider || config.provider === 'none')
        return fail(
          'translation/not-configured',
          'No translation provider is configured (TRANSLATION_PROVIDER); ask the operator to set one up',
        );
      await perManufacturer.hit(manufacturerId);
      // Counted before the provider is asked: a call the budget has no room for is refused whole (429).
      const reservation = await budget.reserve(manufacturerId, translationChars(body.texts));
      const signal = AbortSignal.timeout(config.timeoutMs);
      let translated: string[];
      try {
        translated = await provider.translate(
          { texts: body.texts, source: body.sourceLanguage, target: body.targetLanguage },
          signal,
        );
      } catch (err) {
        // A timeout or an unusable answer may have been counted by the provider: they keep their characters.
        if (signal.aborted)
          return fail(
            'translation/timeout',
            `${provider.name} did not answer within ${seconds(config.timeoutMs)}; try again later`,
          );
        if (err instanceof ProviderError) {
          if (!err.charged) await reservation.giveBack();
          return fail('translation/provider-failed', err.message);
        }
        // Not reached at all: nothing was translated.
        await reservation.giveBack();
        return fail('translation/provider-failed', networkReason(provider.name, err));
      }
      return {
        success: true,
        data: {
          suggestions: body.texts.map((originalText, i) => ({
            originalText,
            originalTextLanguage: body.sourceLanguage,
            translatedText: translated[i] ?? '',
            translatedTextLanguage: body.targetLanguage,
          })),
        },
      };
    },

    /** The manufacturer's budget, this hour's and today's, for the console. */
    budget: (manufacturerId: string) => budget.read(manufacturerId, configured),
  };
};
export type TranslationService = ReturnType<typeof createTranslationService>;
