import { defineErrorCodes } from '../../lib/errors.js';

/** The participant's survey page: why an answer cannot be taken now. */
export const participationErrorCodes = defineErrorCodes({
  'survey/draft': 409,
  'survey/ended': 409,
  'survey/archived': 409,
  'survey/full': 409,
  'survey/closed': 409,
  'survey/already-answered': 409,
});
type ParticipationErrorCodes = typeof participationErrorCodes;
declare module '../../lib/errors.js' {
  interface ErrorCodes extends ParticipationErrorCodes {}
}
