import type { Db } from '../../db/client.js';
import type { JobQueue } from '../../jobs/queue.js';
import type { Clock } from '../../lib/clock.js';
import type { CampaignService } from '../campaigns/index.js';
import './invitations.errors.js';
import { createInviting } from './invitations.invite.service.js';
import { createInvitationLinks } from './invitations.links.service.js';
import { createParticipants } from './invitations.participants.service.js';
import { createMailQueueing } from './invitations.queue.js';
import type { InvitationDeps } from './invitations.shared.js';
import { createTempContacts } from './invitations.temp-contacts.service.js';

/**
 * Invitations (D15, D16, docs/product-decisions.md "Invitations"): who is invited to which campaign,
 * the mails that carry the personal links (queued in the transaction that makes the invitation, paced
 * by the mail slots), the campaign's participants and their counts, temp contacts, withdrawal, re-send
 * and unsubscribing.
 *
 * One service of four use cases, each in its own file: inviting (invitations.invite.service.ts, with
 * the invitation by filter in invitations.by-filter.ts), a campaign's participants
 * (invitations.participants.service.ts), temp contacts (invitations.temp-contacts.service.ts) and the
 * participant's personal link (invitations.links.service.ts); what they share is invitations.shared.ts.
 */
export const createInvitationService = ({
  db,
  clock,
  jobs,
  mailsPerMinute,
  campaigns,
  contacts,
}: {
  db: Db;
  clock: Clock;
  jobs: Pick<JobQueue, 'sendMany' | 'define' | 'send'>;
  mailsPerMinute: number;
  campaigns: Pick<CampaignService, 'row'>;
  contacts: InvitationDeps['contacts'];
}) => {
  const deps: InvitationDeps = {
    db,
    clock,
    queueMails: createMailQueueing({ jobs, mailsPerMinute }),
    campaigns,
    contacts,
  };
  const { inviteContacts, ...inviting } = createInviting({ ...deps, jobs });
  return {
    ...inviting,
    ...createParticipants({ ...deps, inviting: { inviteContacts } }),
    ...createTempContacts({ ...deps, inviting: { inviteContacts } }),
    ...createInvitationLinks(deps),
  };
};
export type InvitationService = ReturnType<typeof createInvitationService>;
