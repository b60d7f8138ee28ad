import { defineErrorCodes } from '../../lib/errors.js';

/** A call the manufacturer's character budget has no room for (docs/product-decisions.md, "Translation"). */
export const translationErrorCodes = defineErrorCodes({
  'translation/budget': 429,
});
type TranslationErrorCodes = typeof translationErrorCodes;
declare module '../../lib/errors.js' {
  interface ErrorCodes extends TranslationErrorCodes {}
}
