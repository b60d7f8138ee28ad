import type { HistoryKind, Language, Product } from '@parley/contract';
import type { Db, DbOrTx } from '../../db/client.js';
import type { JobQueue } from '../../jobs/queue.js';
import type { Clock } from '../../lib/clock.js';
import type { MailMessage, MailService } from '../mail/index.js';
import { defineOwnerDigest, digestKinds } from './history.digest.js';
import type { NewHistoryEntry } from './history.repository.js';

/** An owner who gets a mail, in their profile's language. */
export type Recipient = { email: string; name: string; language: Language };

const quoted = (title: string | null | undefined) => (title ? `"${title}"` : '');
const quotedDe = (title: string | null | undefined) => (title ? `„${title}“` : '');
const str = (v: unknown) => (typeof v === 'string' ? v : '');

/** What each kind says, in each language (the owner's profile language picks one). */
const subjects: Record<HistoryKind, (e: NewHistoryEntry) => Record<Language, string>> = {
  newCampaignTicket: (e) => ({
    en: `New answer to ${quoted(e.subject.title)} from ${str(e.data?.participant)}`,
    de: `Neue Antwort zu ${quotedDe(e.subject.title)} von ${str(e.data?.participant)}`,
  }),
  newComment: (e) => ({
    en: `New message from ${str(e.data?.participant)} about ${quoted(e.subject.title)}`,
    de: `Neue Nachricht von ${str(e.data?.participant)} zu ${quotedDe(e.subject.title)}`,
  }),
  newFeedbackByUser: (e) => ({
    en: `New feedback ${quoted(e.subject.title)}`,
    de: `Neues Feedback ${quotedDe(e.subject.title)}`,
  }),
  reminderMassFollowUp: (e) => ({
    en: `Reminders sent to ${String(e.data?.count ?? '')} participants of ${quoted(e.subject.title)}`,
    de: `Erinnerungen an ${String(e.data?.count ?? '')} Teilnehmende von ${quotedDe(e.subject.title)} gesendet`,
  }),
  campaignEnded: (e) => ({
    en: `Campaign ${quoted(e.subject.title)} has ended`,
    de: `Kampagne ${quotedDe(e.subject.title)} ist beendet`,
  }),
  newContactRequest: (e) => ({
    en: `New contact request from ${e.subject.title ?? ''}`,
    de: `Neue Kontaktanfrage von ${e.subject.title ?? ''}`,
  }),
  postHiddenByReports: (e) => ({
    en: `Feedback ${quoted(e.subject.title)} was hidden by ${String(e.data?.reports ?? '')} visitors' reports`,
    de: `Feedback ${quotedDe(e.subject.title)} wurde durch ${String(e.data?.reports ?? '')} Meldungen von Besuchern verborgen`,
  }),
};

/** The console page of an entry's subject (D10 routes). */
const consolePath = (e: NewHistoryEntry) => {
  const id = encodeURIComponent(e.subject.id);
  switch (e.subject.type) {
    case 'campaign':
      return `/connect/campaigns/${id}`;
    case 'campaignTicket':
      return `/connect/campaigns/${encodeURIComponent(str(e.data?.campaignId))}/tickets/${id}`;
    case 'postTicket':
      return `/platform/tickets/${id}`;
    case 'contactRequest':
      return '/connect/contact-requests';
  }
};

const words = {
  en: {
    open: 'Open it in Parley:',
    why: 'You get this mail because it is switched on in your profile:',
  },
  de: {
    open: 'In Parley öffnen:',
    why: 'Sie erhalten diese E-Mail, weil sie in Ihrem Profil eingeschaltet ist:',
  },
} as const satisfies Record<Language, unknown>;

/** An owner's mail about a history entry, in the owner's language (docs/product-decisions.md, "Owner mails"). */
export const ownerNotificationMail = (to: Recipient, e: NewHistoryEntry, publicUrl: string): MailMessage => {
  const subject = subjects[e.kind](e)[to.language];
  const w = words[to.language];
  const link = `${publicUrl}${consolePath(e)}`;
  const excerpt = str(e.data?.excerpt);
  const quote = excerpt ? ['', `> ${excerpt.replaceAll('\n', '\n> ')}`] : [];
  return {
    to: to.email,
    kind: `history/${e.kind}`,
    subject,
    text: [
      `${subject}.`,
      ...quote,
      '',
      `${w.open} ${link}`,
      '',
      '--',
      `${w.why} ${publicUrl}/profile`,
      '',
    ].join('\n'),
  };
};

/** Who gets the owners' mails of a kind: the owner module's `mailRecipients`. */
export type RecipientsOf = (
  tx: DbOrTx,
  manufacturerId: string,
  kind: HistoryKind,
  product: Product,
) => Promise<(Recipient & { id: string })[]>;

/** What the owners' mails and their digest are built from (the composition root gives it once). */
export type OwnerMailDeps = {
  db: Db;
  jobs: Pick<JobQueue, 'define' | 'send'>;
  mail: Pick<MailService, 'send'>;
  clock: Clock;
  publicUrl: string;
  /** The ceiling per manufacturer and hour (`OWNER_NOTIFICATION_MAILS_PER_HOUR`). */
  mailsPerHour: number;
  recipients: RecipientsOf;
};

/**
 * D20's owner mails: each owner of the manufacturer who switched this kind on (and did not cause
 * the entry) gets one, queued in the transaction that writes the entry. What strangers cause (a
 * post, a contact request, a participant's or author's message) is counted against the
 * manufacturer's hourly ceiling; past it the entry's mails are held for one digest at the end of the
 * hour (docs/product-decisions.md, "Owner mails"). The composition root builds this once: it
 * defines the digest job.
 */
export const createOwnerNotifier = (deps: OwnerMailDeps) => {
  const holdPastCeiling = defineOwnerDigest(deps);
  return async (tx: DbOrTx, e: NewHistoryEntry, entryId: string) => {
    const recipients = (await deps.recipients(tx, e.manufacturerId, e.kind, e.product)).filter(
      (r) => !(e.actorOwnerId && r.id === e.actorOwnerId),
    );
    if (recipients.length === 0) return;
    if (!e.actorOwnerId && digestKinds.has(e.kind) && (await holdPastCeiling(tx, e, entryId))) return;
    for (const r of recipients) {
      await deps.mail.send(ownerNotificationMail(r, e, deps.publicUrl), { tx });
    }
  };
};
export type OwnerNotifier = ReturnType<typeof createOwnerNotifier>;
