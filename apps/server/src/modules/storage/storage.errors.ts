import { defineErrorCodes } from '../../lib/errors.js';

/** An uploaded file the server will not store (D25). */
export const storageErrorCodes = defineErrorCodes({
  'file/invalid': 400,
  'file/too-large': 413,
  /** An image above the pixel budget (ticketMediaLimits.maxImagePixels), however small its file. */
  'file/too-many-pixels': 400,
});
type StorageErrorCodes = typeof storageErrorCodes;
declare module '../../lib/errors.js' {
  interface ErrorCodes extends StorageErrorCodes {}
}
