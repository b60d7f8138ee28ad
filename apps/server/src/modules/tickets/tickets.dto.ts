import type {
  ManuAnswer,
  MassFollowUp,
  ParticipantComment,
  ParticipantTicket,
  Ticket,
  TicketComment,
  TicketListItem,
  TicketMedia,
} from '@parley/contract';
import type { ConversationEntry, TicketListRow, TicketWithContext } from '../../queries/tickets.query.js';
import type { FollowUpRow, MediaRow, TicketRow } from './tickets.repository.js';

type ContactPart = { id: string; email: string; firstname: string | null; lastname: string | null };

/** How a participant is named: the name they gave, else their address. */
export const contactName = (c: Omit<ContactPart, 'id'>) =>
  [c.firstname, c.lastname].filter(Boolean).join(' ') || c.email;

/** The same for a ticket's contact, null once deleted. */
export const participantName = (c: ContactPart | null) => (c ? contactName(c) : null);

const toContact = (c: ContactPart | null) =>
  c ? { _id: c.id, email: c.email, firstname: c.firstname, lastname: c.lastname } : null;

export const toTicketListItem = (r: TicketListRow): TicketListItem => ({
  _id: r.ticket.id,
  campaignId: r.ticket.campaignId,
  campaignTitle: r.campaignTitle,
  contact: toContact(r.contact),
  emailConfirmed: r.ticket.emailConfirmedAt !== null,
  answeredCount: r.ticket.answeredCount,
  createdAt: r.ticket.createdAt.toISOString(),
  lastActivityAt: r.ticket.lastActivityAt.toISOString(),
  ignored: r.ticket.ignored,
  answered: r.ticket.answered,
  commentCount: r.ticket.commentCount,
  hasNew: r.hasNew,
  votes: { up: r.ticket.votesUp, down: r.ticket.votesDown },
  excerpt: r.ticket.excerpt,
});

export const toMedia = (m: MediaRow): TicketMedia => ({
  _id: m.id,
  kind: m.kind,
  contentType: m.contentType,
  size: m.size,
});

export const toManuAnswer = (t: TicketRow): ManuAnswer | null =>
  t.manuAnswer !== null && t.manuAnsweredAt
    ? {
        text: t.manuAnswer,
        notified: t.manuAnswerNotified,
        answeredAt: t.manuAnsweredAt.toISOString(),
        answeredBy: t.manuAnsweredBy,
      }
    : null;

export const toComment = (
  e: ConversationEntry,
  o: { contact: ContactPart | null; readerId: string; seenAt: Date | null },
): TicketComment => ({
  _id: e.comment.id,
  author: e.comment.author,
  authorName: e.comment.author === 'owner' ? e.comment.authorName : participantName(o.contact),
  description: e.comment.description,
  createdAt: e.comment.createdAt.toISOString(),
  massFollowUp: e.comment.massFollowUpId !== null,
  media: e.media.map(toMedia),
  isNew: e.comment.author === 'participant' && (o.seenAt === null || e.comment.createdAt > o.seenAt),
  own: e.comment.author === 'owner' && e.comment.ownerId === o.readerId,
});

export const toTicket = (
  r: TicketWithContext,
  conversation: ConversationEntry[],
  o: { readerId: string; seenAt: Date | null },
): Ticket => {
  const t = r.ticket;
  const comments = conversation.map((e) => toComment(e, { contact: r.contact, ...o }));
  return {
    _id: t.id,
    campaignId: t.campaignId,
    campaignTitle: r.campaign.title,
    contact: toContact(r.contact),
    emailConfirmed: t.emailConfirmedAt !== null,
    answeredCount: t.answeredCount,
    createdAt: t.createdAt.toISOString(),
    lastActivityAt: t.lastActivityAt.toISOString(),
    ignored: t.ignored,
    answered: t.manuAnswer !== null,
    commentCount: t.commentCount,
    hasNew: comments.some((c) => c.isNew),
    votes: { up: t.votesUp, down: t.votesDown },
    excerpt: t.excerpt,
    language: t.language,
    answers: t.answers,
    manuAnswer: toManuAnswer(t),
    privateNote: t.privateNote,
    ratings: t.ratings,
    comments,
    mailsOff: t.mailsOff,
  };
};

/** What the participant sees of a message: never who of the owners wrote it, only the maker. */
export const toParticipantComment = (
  e: ConversationEntry,
  manufacturerName: string,
  you: string | null,
): ParticipantComment => ({
  _id: e.comment.id,
  author: e.comment.author,
  authorName: e.comment.author === 'owner' ? manufacturerName : you,
  description: e.comment.description,
  createdAt: e.comment.createdAt.toISOString(),
  media: e.media.map(toMedia),
});

/** The participant's ticket: answers, the owner's answer and the conversation; never the private note. */
export const toParticipantTicket = (
  r: TicketWithContext,
  conversation: ConversationEntry[],
  privacyUrl: string | null,
): ParticipantTicket => ({
  campaign: {
    _id: r.campaign.id,
    title: r.campaign.title,
    language: r.campaign.language,
    manufacturerName: r.manufacturerName,
  },
  contact: r.contact
    ? { email: r.contact.email, firstname: r.contact.firstname, lastname: r.contact.lastname }
    : null,
  answers: r.ticket.answers,
  createdAt: r.ticket.createdAt.toISOString(),
  privacyUrl: r.manufacturerLinks.privacyUrl ?? privacyUrl,
  imprintUrl: r.manufacturerLinks.imprintUrl,
  manuAnswer:
    r.ticket.manuAnswer !== null && r.ticket.manuAnsweredAt
      ? { text: r.ticket.manuAnswer, answeredAt: r.ticket.manuAnsweredAt.toISOString() }
      : null,
  comments: conversation.map((e) => toParticipantComment(e, r.manufacturerName, participantName(r.contact))),
  mailsOff: r.ticket.mailsOff,
});

export const toFollowUp = (f: FollowUpRow): MassFollowUp => ({
  _id: f.id,
  campaignId: f.campaignId,
  description: f.description,
  subject: f.subject,
  notify: f.notify,
  state: f.state,
  total: f.total,
  done: f.done,
  reminded: f.reminded,
  createdAt: f.createdAt.toISOString(),
  finishedAt: f.finishedAt?.toISOString() ?? null,
});
