/**
 * The tags module's public face (D16, D17): tag groups (segments), contacts' tags by hand and by
 * re-applying option and campaign tags, and the live audiences of groups linked to campaigns (the tag
 * change job and its sweep). Depends on campaigns, contacts, invitations and questions (their services);
 * it hears the contact book's gained tags (`contact.tags-added`) and an option's tags re-applied to its
 * past pickers (`option.tags-to-past-pickers`), subscribed by the composition root (lib/domain-events.ts).
 */
export { TAG_CHANGE_JOB, TAG_SWEEP_JOB, type TagChangeJob } from './audience-job.js';
export { tagErrorCodes } from './tags.errors.js';
export { tagRoutes } from './tags.routes.js';
export { createTagService, type TagService } from './tags.service.js';
