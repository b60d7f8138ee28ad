import { api, type MassFollowUp, type TicketListItem } from '@parley/contract';
import { campaignId } from '@/testing/campaign-fixtures';
import type { TestBackend } from '@/testing/test-backend';

let counter = 0;
/** A new id for a ticket fixture: `prefix` and a count, unique across the ticket fixtures. */
export const nextId = (prefix: string) => {
  counter += 1;
  return `${prefix}-${String(counter).padStart(12, '0')}`;
};

/** One row of a ticket list (a campaign's or the inbox), as GET /campaignTicket/all answers it. */
export const makeTicketListItem = (overrides: Partial<TicketListItem> = {}): TicketListItem => ({
  _id: nextId('44444444-4444-4444-8444'),
  campaignId,
  campaignTitle: 'Bike survey',
  contact: {
    _id: nextId('99999999-9999-4999-8999'),
    email: 'anna@example.com',
    firstname: 'Anna',
    lastname: 'Example',
  },
  emailConfirmed: true,
  answeredCount: 2,
  createdAt: '2025-03-04T12:00:00.000Z',
  lastActivityAt: '2025-03-05T12:00:00.000Z',
  ignored: false,
  answered: false,
  commentCount: 0,
  hasNew: false,
  votes: { up: 0, down: 0 },
  excerpt: 'The brakes squeak.',
  ...overrides,
});

export const makeMassFollowUp = (overrides: Partial<MassFollowUp> = {}): MassFollowUp => ({
  _id: nextId('eeeeeeee-eeee-4eee-8eee'),
  campaignId,
  description: 'Any news?',
  subject: null,
  notify: true,
  state: 'queued',
  total: 0,
  done: 0,
  reminded: 0,
  createdAt: '2025-03-06T09:00:00.000Z',
  finishedAt: null,
  ...overrides,
});

/**
 * GET /campaignTicket/all over `tickets`, filtered, sorted and paged as the server does (the
 * search looks at the excerpt, the names and the address).
 */
export const serveTicketList = (backend: TestBackend, tickets: TicketListItem[]) => {
  backend.server.on(api.tickets.list, ({ query }) => {
    const archived = query.get('archived') ?? 'false';
    const search = query.get('search')?.toLowerCase();
    const rating = query.get('rating');
    const campaign = query.get('campaignId');
    let documents = tickets.filter(
      (x) =>
        (!campaign || x.campaignId === campaign) &&
        (archived === 'all' || x.ignored === (archived === 'true')) &&
        (query.get('unanswered') !== 'true' || !x.answered) &&
        (query.get('newComments') !== 'true' || x.hasNew) &&
        (!rating ||
          (rating === 'up' && x.votes.up > 0) ||
          (rating === 'down' && x.votes.down > 0) ||
          (rating === 'none' && x.votes.up + x.votes.down === 0)) &&
        (!search ||
          [x.excerpt, x.contact?.email, x.contact?.firstname, x.contact?.lastname].some((v) =>
            v?.toLowerCase().includes(search),
          )),
    );
    const sort = query.get('sort') ?? 'newest';
    documents = [...documents].sort((a, b) => {
      if (sort === 'oldest') return a.createdAt.localeCompare(b.createdAt);
      if (sort === 'activity') return b.lastActivityAt.localeCompare(a.lastActivityAt);
      return b.createdAt.localeCompare(a.createdAt);
    });
    const page = Number(query.get('page') ?? '1');
    const limit = Number(query.get('limit') ?? '20');
    return {
      body: { documents: documents.slice((page - 1) * limit, page * limit), total: documents.length },
    };
  });
};
