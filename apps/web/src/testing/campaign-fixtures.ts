import { api, type Campaign, type Question } from '@parley/contract';
import type { TestBackend } from '@/testing/test-backend';

// Mantine's autosizing textarea listens for web fonts; jsdom has no document.fonts.
if (!('fonts' in document)) {
  Object.defineProperty(document, 'fonts', {
    value: { addEventListener: () => undefined, removeEventListener: () => undefined },
  });
}

export const campaignId = '66666666-6666-4666-8666-666666666666';

let counter = 0;
const nextId = (prefix: string) => {
  counter += 1;
  return `${prefix}-${String(counter).padStart(12, '0')}`;
};

export const makeCampaign = (overrides: Partial<Campaign> = {}): Campaign => ({
  _id: campaignId,
  title: 'Bike survey',
  description: '',
  language: 'en',
  image: null,
  endCondition: { type: 'never' },
  autoReminder: false,
  isGroupCampaign: false,
  allowMultipleParticipation: false,
  openLink: true,
  tags: [],
  state: 'draft',
  archivedFrom: null,
  hasStarted: false,
  startedAt: null,
  endedAt: null,
  archivedAt: null,
  ticketCount: 0,
  questionCount: 0,
  openLinkUrl: `http://localhost/p/c/${campaignId}`,
  createdAt: '2025-03-01T10:00:00.000Z',
  updatedAt: '2025-03-02T10:00:00.000Z',
  ...overrides,
});

export const makeQuestion = (
  text: string,
  options: string[],
  overrides: Partial<Question> = {},
): Question => {
  const id = nextId('77777777-7777-4777-8777');
  return {
    _id: id,
    campaignId,
    type: options.length > 0 ? 'SingleChoice' : 'FreeText',
    text,
    optional: false,
    image: null,
    link: null,
    order: 0,
    options: options.map((o, order) => ({
      _id: nextId('88888888-8888-4888-8888'),
      text: o,
      order,
      tags: [],
    })),
    pathRules: [],
    createdAt: '2025-03-01T10:00:00.000Z',
    updatedAt: '2025-03-01T10:00:00.000Z',
    ...overrides,
  };
};

/** The campaign calls of one campaign page, answering as the real server does. */
export const serveCampaign = (backend: TestBackend, campaign: Campaign, questions: Question[] = []) => {
  const state = { campaign, questions: questions.map((q, order) => ({ ...q, order })) };
  const { server } = backend;
  const ofCampaign = { id: campaign._id };
  server.on(api.campaigns.get, ofCampaign, () => ({ body: state.campaign }));
  server.on(api.questions.list, ofCampaign, () => ({ body: { documents: state.questions } }));
  server.on(api.tickets.list, () => ({ body: { documents: [], total: 0 } }));
  // The participants tab: nobody invited.
  server.on(api.invitations.statistics, ofCampaign, () => ({
    body: {
      invited: 0,
      queued: 0,
      sent: 0,
      opened: 0,
      answered: 0,
      failed: 0,
      unsubscribed: 0,
      responseRate: 0,
      openLinkAnswers: 0,
    },
  }));
  server.on(api.invitations.participants, ofCampaign, () => ({ body: { documents: [], total: 0 } }));
  // The settings tab: no tag group linked.
  server.on(api.tags.groups, () => ({ body: { documents: [], total: 0 } }));
  server.on(api.questions.order, ofCampaign, ({ body }) => {
    const order = (body as { questions: { _id: string; order: number }[] }).questions;
    state.questions = order.map((o) => {
      const q = state.questions.find((x) => x._id === o._id);
      if (!q) throw new Error(`unknown question ${o._id}`);
      return { ...q, order: o.order };
    });
    return { body: { documents: state.questions } };
  });
  return state;
};
