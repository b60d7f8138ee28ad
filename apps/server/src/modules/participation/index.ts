/**
 * The participation module's public face: the participant's survey page and answers (D10, D12).
 * Depends on campaigns, contacts, history, mail, questions and tickets, and reads through
 * queries/survey.query.ts and queries/tickets.query.ts.
 */
export { participationErrorCodes } from './participation.errors.js';
export {
  ALREADY_ANSWERED_CHECK_JOB,
  type AlreadyAnsweredCheckJob,
  createParticipationJobs,
  type ParticipationJobs,
} from './participation.jobs.js';
export { participationRoutes } from './participation.routes.js';
export {
  createParticipationService,
  type ParticipationService,
  participationLimits,
} from './participation.service.js';
