import type {
  Contact,
  ContactDetail,
  ContactNote,
  InvitationOrigin,
  InvitationSummary,
} from '@parley/contract';
import type { ContactBookRow, contactCampaigns } from '../../queries/contact-book.query.js';
import type { ContactNoteRow, ContactRow } from './contacts.repository.js';

type Counts = { unsubscribed: boolean; invitedCount: number; answeredCount: number };

export const toContact = (c: ContactRow, counts: Counts): Contact => ({
  _id: c.id,
  email: c.email,
  kind: c.kind,
  firstname: c.firstname,
  lastname: c.lastname,
  internalFirstname: c.internalFirstname,
  internalLastname: c.internalLastname,
  phoneNumber: c.phoneNumber,
  address: { street: c.street, zipCode: c.zipCode, city: c.city, country: c.country },
  tags: c.tags,
  unsubscribed: counts.unsubscribed,
  invitedCount: counts.invitedCount,
  answeredCount: counts.answeredCount,
  createdAt: c.createdAt.toISOString(),
  updatedAt: c.updatedAt.toISOString(),
});

export const toContactBookItem = (r: { contact: ContactRow } & Pick<ContactBookRow, keyof Counts>) =>
  toContact(r.contact, r);

export const toNote = (n: ContactNoteRow): ContactNote => ({
  _id: n.id,
  noteText: n.noteText,
  authorId: n.authorId,
  createdAt: n.createdAt.toISOString(),
  updatedAt: n.updatedAt.toISOString(),
});

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/** An invitation as the console shows it: `sending` is still `queued` to the owner. */
export const toInvitationSummary = (i: {
  state: string;
  reminderCount: number;
  sentAt: Date | null;
  openedAt: Date | null;
  answeredAt: Date | null;
  failedAt: Date | null;
  error: string | null;
  origin?: InvitationOrigin | null;
  createdAt: Date;
}): InvitationSummary => ({
  state: (i.state === 'sending' ? 'queued' : i.state) as InvitationSummary['state'],
  reminderCount: i.reminderCount,
  sentAt: iso(i.sentAt),
  openedAt: iso(i.openedAt),
  answeredAt: iso(i.answeredAt),
  failedAt: iso(i.failedAt),
  error: i.error,
  origin: i.origin ?? null,
  createdAt: i.createdAt.toISOString(),
});

/** The contact's campaigns: each invitation with its campaign's tickets, then campaigns answered without one. */
export const toContactCampaigns = ({
  invited,
  tickets,
}: Awaited<ReturnType<typeof contactCampaigns>>): ContactDetail['campaigns'] => {
  const byCampaign = new Map<string, ContactDetail['campaigns'][number]>();
  for (const { invitation, campaign } of invited) {
    byCampaign.set(campaign.id, {
      _id: campaign.id,
      title: campaign.title,
      state: campaign.state,
      invitation: toInvitationSummary(invitation),
      tickets: [],
    });
  }
  for (const t of tickets) {
    const entry = byCampaign.get(t.campaign.id) ?? {
      _id: t.campaign.id,
      title: t.campaign.title,
      state: t.campaign.state,
      invitation: null,
      tickets: [],
    };
    entry.tickets.push({ _id: t.id, createdAt: t.createdAt.toISOString(), answeredCount: t.answeredCount });
    byCampaign.set(t.campaign.id, entry);
  }
  return [...byCampaign.values()];
};
