/**
 * The translation module's public face (D22): texts translated through the configured provider
 * (DeepL or LibreTranslate). A leaf: no tables, no other module.
 */
export type { TranslationProvider, TranslationRequest } from './translation.providers.js';
export { translationRoutes } from './translation.routes.js';
export { createTranslationService, type TranslationService } from './translation.service.js';
