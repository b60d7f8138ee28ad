import { defineErrorCodes } from '../../lib/errors.js';

/**
 * D15's contact codes that refuse a whole call (the per-address ones are reported in the answer, not
 * thrown), and an invitation that can no longer change.
 */
export const invitationErrorCodes = defineErrorCodes({
  'contact/1': 400,
  'contact/5': 409,
  'contact/6': 400,
  'contact/7': 409,
  'invitation/answered': 409,
  'invitation/not-found': 404,
});
type InvitationErrorCodes = typeof invitationErrorCodes;
declare module '../../lib/errors.js' {
  interface ErrorCodes extends InvitationErrorCodes {}
}
