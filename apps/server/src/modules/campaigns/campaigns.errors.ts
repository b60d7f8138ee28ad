import { defineErrorCodes } from '../../lib/errors.js';
// The image upload refuses a file with the storage module's codes (`file/*`): loading its face declares them,
// so they are known wherever this module runs, not only where something else happened to load storage.
import '../storage/index.js';

/** Why a campaign (or one of its questions, which the questions module guards with these) cannot change now. */
export const campaignErrorCodes = defineErrorCodes({
  'campaign/ended': 409,
  'campaign/end-condition-met': 409,
  'campaign/too-few-questions': 409,
  'campaign/draft-only': 409,
  'campaign/type-fixed': 409,
  // A reorder of a started campaign that would turn a path rule backward (rules are draft-only).
  'campaign/path-rules-fixed': 409,
  'campaign/archived': 409,
  'campaign/not-running': 409,
});
type CampaignErrorCodes = typeof campaignErrorCodes;
declare module '../../lib/errors.js' {
  interface ErrorCodes extends CampaignErrorCodes {}
}
