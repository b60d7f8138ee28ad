import type { Db } from '../../db/client.js';
import type { Clock } from '../../lib/clock.js';
import type { CampaignService } from '../campaigns/index.js';
import type { HistoryService } from '../history/index.js';
import type { MailService } from '../mail/index.js';
import type { FileStorage } from '../storage/index.js';
import './tickets.errors.js';
import { createOwnerTickets } from './tickets.owner.service.js';
import { createParticipantTickets } from './tickets.participant.service.js';
import { createConversationMailer, createMediaFile } from './tickets.shared.js';
import { createTicketWrites } from './tickets.writes.service.js';

/**
 * Campaign tickets (D14): the owner's inbox and conversation, the participant's side of it, and the
 * ticket writes the participation module makes in its answer transaction.
 *
 * One service of three audiences, each in its own file: the owner's (tickets.owner.service.ts), the
 * participant's by their private link (tickets.participant.service.ts) and other modules' writes in
 * their transactions (tickets.writes.service.ts); what they share is tickets.shared.ts. Mass
 * follow-ups are their own factory (tickets.follow-ups.ts).
 */
export const createTicketService = ({
  db,
  clock,
  mail,
  storage,
  publicUrl,
  privacyUrl,
  campaigns,
  history,
}: {
  db: Db;
  clock: Clock;
  mail: Pick<MailService, 'send'>;
  storage: FileStorage;
  publicUrl: string;
  privacyUrl: string | null;
  campaigns: Pick<CampaignService, 'row' | 'uncountTickets'>;
  history: Pick<HistoryService, 'subjectOpened' | 'add'>;
}) => {
  const mailer = createConversationMailer(publicUrl);
  const mediaFile = createMediaFile({ db, storage });
  return {
    // The owner's inbox and ticket.
    ...createOwnerTickets({ db, clock, mail, campaigns, history, mailer, mediaFile }),
    // The participant's side (their private link is the credential).
    ...createParticipantTickets({ db, clock, storage, privacyUrl, history, mediaFile }),
    // The participant's answer (participation module), in its transaction or on `db`; erasure.
    ...createTicketWrites({ storage, campaigns }),
  };
};
export type TicketService = ReturnType<typeof createTicketService>;
