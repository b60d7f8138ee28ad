// An invitation as the console shows it is the contacts module's summary (one definition).
export { toInvitationSummary } from '../contacts/index.js';
