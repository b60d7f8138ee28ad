import { defineErrorCodes } from '../../lib/errors.js';

/** A template's title is taken in its language (titles are unique per manufacturer and language, whatever their case). */
export const templateErrorCodes = defineErrorCodes({
  'template/title-taken': 409,
});
type TemplateErrorCodes = typeof templateErrorCodes;
declare module '../../lib/errors.js' {
  interface ErrorCodes extends TemplateErrorCodes {}
}
