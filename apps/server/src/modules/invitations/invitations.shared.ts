import { contactCodes, contactInviteMax, type InviteReport } from '@parley/contract';
import type { Db } from '../../db/client.js';
import type { Clock } from '../../lib/clock.js';
import type { CampaignService } from '../campaigns/index.js';
import type { ContactService } from '../contacts/index.js';
import type { createMailQueueing } from './invitations.queue.js';

/** What the invitations module's use cases share: the problems an invitation call reports, their deps. */

export type Problem = InviteReport['problems'][number];

export const messages = {
  [contactCodes.invalidEmail]: 'This is not a valid email address.',
  [contactCodes.duplicateInRequest]: 'This address is in the request more than once.',
  [contactCodes.alreadyContact]: 'This address is already a contact.',
  [contactCodes.alreadyInvited]: 'This address is already invited to these campaigns, or has answered them.',
  [contactCodes.campaignNotRunning]: 'This campaign is not running.',
  [contactCodes.tooMany]: `At most ${contactInviteMax} addresses can be invited at once.`,
  [contactCodes.unsubscribed]: 'This address has unsubscribed from your invitations.',
} as const;
export const problem = (email: string, code: keyof typeof messages, campaignId?: string): Problem => ({
  email,
  code,
  message: messages[code],
  ...(campaignId ? { campaignId } : {}),
});

/** Queues invitations' mails in the caller's transaction (invitations.queue.ts). */
export type QueueMails = ReturnType<typeof createMailQueueing>;

/** What every use case of the invitation service is built from. */
export type InvitationDeps = {
  db: Db;
  clock: Clock;
  queueMails: QueueMails;
  campaigns: Pick<CampaignService, 'row'>;
  contacts: Pick<
    ContactService,
    | 'byEmails'
    | 'byIds'
    | 'lockByIds'
    | 'insertTemp'
    | 'addTags'
    | 'unsubscribedAmong'
    | 'unsubscribe'
    | 'row'
    | 'removeMany'
    | 'remove'
    | 'matching'
  >;
};
