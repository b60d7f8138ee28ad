import { defineErrorCodes } from '../../lib/errors.js';

/** A list's name is taken (names are unique per manufacturer, whatever their case). */
export const contactListErrorCodes = defineErrorCodes({
  'contact-list/name-taken': 409,
});
type ContactListErrorCodes = typeof contactListErrorCodes;
declare module '../../lib/errors.js' {
  interface ErrorCodes extends ContactListErrorCodes {}
}
