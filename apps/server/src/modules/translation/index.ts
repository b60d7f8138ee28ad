/**
 * The translation module's public face (D22): texts translated through the configured provider
 * (DeepL or LibreTranslate), within each manufacturer's character budget. A leaf: its one table
 * (`translation_budgets`) refers to the owner module's manufacturers for the key only.
 */

export { translationErrorCodes } from './translation.errors.js';
export type { TranslationProvider, TranslationRequest } from './translation.providers.js';
export { translationRoutes } from './translation.routes.js';
export { createTranslationService, type TranslationService } from './translation.service.js';
