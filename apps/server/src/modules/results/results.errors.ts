import { defineErrorCodes } from '../../lib/errors.js';

/** Sharing results needs an ended campaign (D12, D23). */
export const resultErrorCodes = defineErrorCodes({
  'campaign/not-ended': 409,
});
type ResultErrorCodes = typeof resultErrorCodes;
declare module '../../lib/errors.js' {
  interface ErrorCodes extends ResultErrorCodes {}
}
