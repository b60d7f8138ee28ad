import { defineErrorCodes } from '../../lib/errors.js';
import '../storage/index.js';

/**
 * A state change D19's machine does not allow answers 409 `post/state`; only the writing owner
 * deletes a comment (docs/product-decisions.md, "The platform area"). Uploads refuse with the
 * storage module's `file/*` codes (loaded above).
 */
export const postErrorCodes = defineErrorCodes({
  'post/state': 409,
  'post/not-own-comment': 403,
});
type PostErrorCodes = typeof postErrorCodes;
declare module '../../lib/errors.js' {
  interface ErrorCodes extends PostErrorCodes {}
}
