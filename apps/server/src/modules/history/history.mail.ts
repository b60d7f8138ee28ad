import type { HistoryKind, Product } from '@parley/contract';
import type { DbOrTx } from '../../db/client.js';
import type { MailMessage, MailService } from '../mail/index.js';
import type { NewHistoryEntry } from './history.repository.js';

type Recipient = { email: string; name: string };

const quoted = (title: string | null | undefined) => (title ? `"${title}"` : '');
const quotedDe = (title: string | null | undefined) => (title ? `„${title}“` : '');
const str = (v: unknown) => (typeof v === 'string' ? v : '');

/** What each kind says, in English and German (an owner's console language is not known on the server). */
const subjects: Record<HistoryKind, (e: NewHistoryEntry) => { en: string; de: string }> = {
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

export const ownerNotificationMail = (to: Recipient, e: NewHistoryEntry, publicUrl: string): MailMessage => {
  const s = subjects[e.kind](e);
  const link = `${publicUrl}${consolePath(e)}`;
  const excerpt = str(e.data?.excerpt);
  const quote = excerpt ? ['', `> ${excerpt.replaceAll('\n', '\n> ')}`] : [];
  return {
    to: to.email,
    kind: `history/${e.kind}`,
    subject: `${s.en} · ${s.de}`,
    text: [
      `${s.en}.`,
      ...quote,
      '',
      `Open it in Parley: ${link}`,
      '',
      '--',
      '',
      `${s.de}.`,
      '',
      `In Parley öffnen: ${link}`,
      '',
      '--',
      `You get this mail because it is switched on in your profile · Sie erhalten diese E-Mail, weil sie in Ihrem Profil eingeschaltet ist: ${publicUrl}/profile`,
      '',
    ].join('\n'),
  };
};

/**
 * D20's owner mails: each owner of the manufacturer who switched this kind on (and did not cause
 * the entry) gets one, queued in the transaction that writes the entry.
 */
export const createOwnerNotifier =
  (deps: {
    mail: Pick<MailService, 'send'>;
    publicUrl: string;
    recipients: (
      tx: DbOrTx,
      manufacturerId: string,
      kind: HistoryKind,
      product: Product,
    ) => Promise<(Recipient & { id: string })[]>;
  }) =>
  async (tx: DbOrTx, e: NewHistoryEntry) => {
    const recipients = await deps.recipients(tx, e.manufacturerId, e.kind, e.product);
    for (const r of recipients) {
      if (e.actorOwnerId && r.id === e.actorOwnerId) continue;
      await deps.mail.send(ownerNotificationMail(r, e, deps.publicUrl), { tx });
    }
  };
export type OwnerNotifier = ReturnType<typeof createOwnerNotifier>;
