import { defineErrorCodes } from '../../lib/errors.js';

/** A request that was accepted or rejected already cannot be decided again (D18). */
export const contactRequestErrorCodes = defineErrorCodes({
  'contact-request/decided': 409,
});
type ContactRequestErrorCodes = typeof contactRequestErrorCodes;
declare module '../../lib/errors.js' {
  interface ErrorCodes extends ContactRequestErrorCodes {}
}
