import {
  api,
  type ManuAnswer,
  type TemplateMessage,
  type Ticket,
  type TicketComment,
  type Vote,
} from '@parley/contract';
import type { TestBackend } from '@/testing/test-backend';
import { makeTicketListItem, nextId } from '@/testing/ticket-list-fixtures';

export const ticketId = '44444444-4444-4444-8444-000000000101';

export const questionIds = {
  text: '77777777-7777-4777-8777-000000000901',
  choice: '77777777-7777-4777-8777-000000000902',
};

/** A ticket as GET /campaignTicket/:id answers it: a list row of Anna's with her answers and the conversation. */
export const makeTicket = (overrides: Partial<Ticket> = {}): Ticket => ({
  ...makeTicketListItem({
    _id: ticketId,
    contact: {
      _id: '99999999-9999-4999-8999-000000000001',
      email: 'anna@example.com',
      firstname: 'Anna',
      lastname: 'Example',
    },
    excerpt: 'Die Bremsen quietschen.',
  }),
  language: 'de',
  answers: [
    {
      questionId: questionIds.text,
      type: 'FreeText',
      text: 'What should we improve?',
      optional: false,
      options: [],
      value: { text: 'Die Bremsen quietschen.' },
      skipped: false,
    },
    {
      questionId: questionIds.choice,
      type: 'SingleChoice',
      text: 'Would you buy again?',
      optional: false,
      options: [
        { _id: '88888888-8888-4888-8888-000000000901', text: 'Yes' },
        { _id: '88888888-8888-4888-8888-000000000902', text: 'No' },
      ],
      value: { optionIds: ['88888888-8888-4888-8888-000000000901'] },
      skipped: false,
    },
  ],
  manuAnswer: null,
  privateNote: null,
  ratings: {},
  comments: [],
  mailsOff: false,
  ...overrides,
});

export const makeComment = (overrides: Partial<TicketComment> = {}): TicketComment => ({
  _id: nextId('cccccccc-cccc-4ccc-8ccc'),
  author: 'participant',
  authorName: 'Anna Example',
  description: 'Hallo, gibt es Neuigkeiten?',
  createdAt: '2025-03-05T12:00:00.000Z',
  massFollowUp: false,
  media: [],
  isNew: false,
  own: false,
  ...overrides,
});

export const makeTemplate = (overrides: Partial<TemplateMessage> = {}): TemplateMessage => ({
  _id: nextId('dddddddd-dddd-4ddd-8ddd'),
  title: 'Thanks',
  language: 'en',
  text: 'Thank you, {{contact.firstname}}!',
  createdAt: '2025-01-01T10:00:00.000Z',
  updatedAt: '2025-01-01T10:00:00.000Z',
  ...overrides,
});

const refused = (status: number, code: string, message = code) => ({ status, body: { code, message } });

/**
 * The ticket calls of the ticket page, answering as the real server does: a write to an archived
 * ticket is refused (409 ticket/archived), a switched-off feature is 403 feature/disabled, only
 * one's own comments can be deleted.
 */
export const serveTicket = (
  backend: TestBackend,
  ticket: Ticket,
  options: { ids?: string[]; truncated?: boolean; templates?: TemplateMessage[] } = {},
) => {
  const state = { ticket, ids: options.ids ?? [ticket._id], templates: options.templates ?? [] };
  const { server } = backend;
  const flags = () => backend.state.owner.manufacturer;
  const ofTicket = { id: ticket._id };
  server.on(api.tickets.get, ofTicket, () => ({ body: state.ticket }));
  server.on(api.tickets.ids, () => ({ body: { ids: state.ids, truncated: options.truncated ?? false } }));
  server.on(api.tickets.comment, ofTicket, ({ body }) => {
    if (!flags().canComment) return refused(403, 'feature/disabled');
    if (state.ticket.ignored) return refused(409, 'ticket/archived');
    const comment = makeComment({
      author: 'owner',
      authorName: backend.state.owner.name,
      description: (body as { description: string }).description,
      createdAt: '2025-03-06T12:00:00.000Z',
      own: true,
    });
    state.ticket = { ...state.ticket, comments: [...state.ticket.comments, comment] };
    return { status: 201, body: comment };
  });
  server.on(api.tickets.deleteComment, ({ params }) => {
    if (params.id !== state.ticket._id) return refused(404, 'not-found');
    const comment = state.ticket.comments.find((c) => c._id === params.cid);
    if (!comment) return refused(404, 'not-found');
    if (!comment.own) return refused(403, 'ticket/not-own-comment');
    if (state.ticket.ignored) return refused(409, 'ticket/archived');
    state.ticket = { ...state.ticket, comments: state.ticket.comments.filter((c) => c !== comment) };
    return { status: 204 };
  });
  server.on(api.tickets.answer, ofTicket, ({ body }) => {
    const { manuAnswer, notify } = body as { manuAnswer: string; notify: boolean };
    if (!notify && !flags().canSaveAnswerWithoutNotification) return refused(403, 'feature/disabled');
    if (state.ticket.ignored) return refused(409, 'ticket/archived');
    const answer: ManuAnswer = {
      text: manuAnswer,
      notified: notify,
      answeredAt: '2025-03-06T12:00:00.000Z',
      answeredBy: backend.state.owner.name,
    };
    state.ticket = { ...state.ticket, manuAnswer: answer, answered: true };
    return { body: answer };
  });
  server.on(api.tickets.privateNote, ofTicket, ({ body }) => {
    if (!flags().canPrivateNote) return refused(403, 'feature/disabled');
    if (state.ticket.ignored) return refused(409, 'ticket/archived');
    const privateNote = (body as { privateNote: string }).privateNote.trim() || null;
    state.ticket = { ...state.ticket, privateNote };
    return { body: { privateNote } };
  });
  server.on(api.tickets.ignore, ofTicket, ({ body }) => {
    const { ignore } = body as { ignore: boolean };
    state.ticket = { ...state.ticket, ignored: ignore };
    return { body: { ignored: ignore } };
  });
  server.on(api.tickets.rate, ({ params, body }) => {
    if (state.ticket.ignored) return refused(409, 'ticket/archived');
    const { vote } = body as { vote: Vote | null };
    const { [params.x as string]: _old, ...rest } = state.ticket.ratings;
    const ratings = vote ? { ...rest, [params.x as string]: vote } : rest;
    state.ticket = { ...state.ticket, ratings };
    return { body: { ratings } };
  });
  server.on(api.templates.list, ({ query }) => {
    const search = (query.get('search') ?? '').toLowerCase();
    const documents = state.templates.filter(
      (x) => !search || x.title.toLowerCase().includes(search) || x.text.toLowerCase().includes(search),
    );
    return { body: { documents, total: documents.length } };
  });
  return state;
};
