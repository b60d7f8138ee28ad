import { defineErrorCodes } from '../../lib/errors.js';
// Linking refuses a campaign that is not running with the invitations' `contact/5`, and campaign tags
// refuse an archived campaign with `campaign/archived`: loading their faces declares those codes here.
import '../campaigns/index.js';
import '../invitations/index.js';

/** A tag group's title is taken (titles are unique per manufacturer, whatever their case). */
export const tagErrorCodes = defineErrorCodes({
  'tag/group-title-taken': 409,
});
type TagErrorCodes = typeof tagErrorCodes;
declare module '../../lib/errors.js' {
  interface ErrorCodes extends TagErrorCodes {}
}
