/**
 * The campaigns module's public face (D12): its service (which also offers the questions, tickets
 * and participation modules what they need of a campaign, taking the caller's transaction: the
 * row lock, the change guard, the counters and the end), jobs, routes and error codes.
 * Depends on history and storage.
 */
export { campaignErrorCodes } from './campaigns.errors.js';
export { type CampaignJobs, createCampaignJobs, END_BY_DATE_JOB, END_SWEEP_JOB } from './campaigns.jobs.js';
export type { CampaignRow } from './campaigns.repository.js';
export { campaignRoutes } from './campaigns.routes.js';
export { type CampaignService, createCampaignService } from './campaigns.service.js';
export type { CampaignEvents, CampaignServiceDeps, EndReason } from './campaigns.shared.js';
