import type { Logger } from 'pino';
import type { Db } from '../../db/client.js';
import type { JobQueue } from '../../jobs/queue.js';
import type { Clock } from '../../lib/clock.js';
import type { CampaignService } from '../campaigns/index.js';
import type { ContactService } from '../contacts/index.js';
import type { InvitationService } from '../invitations/index.js';
import type { QuestionService } from '../questions/index.js';
import './tags.errors.js';
import { createAudienceJob } from './audience-job.js';
import { createCampaignTags } from './campaign-tags.service.js';
import { createContactTagging } from './contact-tagging.service.js';
import { createMemberCounts } from './member-counts.js';
import { createTagGroups } from './tag-groups.service.js';
import { checkedRunner } from './tags.shared.js';

/**
 * Tags and tag groups (D16, D17; docs/product-decisions.md, "Tags and tag groups"): the contacts'
 * tags (by hand, by answers, by re-applying option and campaign tags), the groups that make segments
 * of them, and the live audiences: a group linked to a running campaign invites its members when
 * linked and whoever joins it later, through a job queued with the tag change and a sweep behind it.
 * Every call that takes `callForCheck` runs the same code in a transaction it rolls back.
 *
 * One service of four use cases, each in its own file: the groups (tag-groups.service.ts), tagging
 * contacts (contact-tagging.service.ts), campaign tags (campaign-tags.service.ts) and the live
 * audience's job and sweep (audience-job.ts), which also keeps the groups' member counts
 * (member-counts.ts).
 */
export const createTagService = ({
  db,
  clock,
  jobs,
  log,
  campaigns,
  contacts,
  invitations,
  questions,
}: {
  db: Db;
  clock: Clock;
  jobs: Pick<JobQueue, 'define' | 'send'>;
  log: Pick<Logger, 'info' | 'warn' | 'error'>;
  campaigns: Pick<CampaignService, 'row' | 'changeTags' | 'hold'>;
  contacts: Pick<ContactService, 'byIds' | 'lockByIds' | 'editTags' | 'idsMatching'>;
  invitations: Pick<InvitationService, 'inviteInTx' | 'runningCampaigns'>;
  questions: Pick<QuestionService, 'option'>;
}) => {
  const run = checkedRunner(db);
  const counts = createMemberCounts({ db, clock, log });
  const audience = createAudienceJob({ db, clock, jobs, log, contacts, invitations, counts });
  const groups = createTagGroups({ db, clock, run, audience, campaigns, invitations });
  const { editInTx, ...tagging } = createContactTagging({ clock, run, contacts, questions });
  const campaignTags = createCampaignTags({ clock, run, campaigns, tagging: { editInTx } });
  return {
    tagsAdded: audience.tagsAdded,
    processChange: audience.processChange,
    sweep: audience.sweep,
    ...groups,
    ...tagging,
    ...campaignTags,
  };
};
export type TagService = ReturnType<typeof createTagService>;
