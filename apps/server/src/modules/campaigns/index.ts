/**
 * The campaigns module's public face (D12). Besides its service, jobs and routes it offers the
 * questions and participation modules what they legitimately need of a campaign, as functions that
 * take the caller's transaction: the row lock, the change guards, the counters and the end.
 * Depends on history and storage.
 */
export { campaignErrorCodes } from './campaigns.errors.js';
export { type CampaignJobs, createCampaignJobs, END_BY_DATE_JOB, END_SWEEP_JOB } from './campaigns.jobs.js';
export {
  type CampaignRow,
  findCampaign,
  incrementTicketCount,
  lockCampaignById,
  touchCampaign,
} from './campaigns.repository.js';
export { campaignRoutes } from './campaigns.routes.js';
export {
  assertChangeable,
  assertFresh,
  type CampaignService,
  type CampaignServiceDeps,
  createCampaignService,
  type EndReason,
  endCampaignInTx,
  isEndConditionMet,
  lockCampaign,
} from './campaigns.service.js';
