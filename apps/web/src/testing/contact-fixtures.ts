import type {
  Contact,
  ContactDetail,
  InvitationSummary,
  InviteReport,
  Participant,
  ParticipantStatistics,
  TempContact,
} from '@parley/contract';

// Mantine's autosizing textarea (the invitation dialog, notes) listens for web fonts; jsdom has no document.fonts.
if (!('fonts' in document)) {
  Object.defineProperty(document, 'fonts', {
    value: { addEventListener: () => undefined, removeEventListener: () => undefined },
  });
}

let counter = 0;
const nextId = (prefix: string) => {
  counter += 1;
  return `${prefix}-${String(counter).padStart(12, '0')}`;
};

export const makeContact = (overrides: Partial<Contact> = {}): Contact => ({
  _id: nextId('99999999-9999-4999-8999'),
  email: `person${counter}@example.com`,
  kind: 'contact',
  firstname: null,
  lastname: null,
  internalFirstname: null,
  internalLastname: null,
  phoneNumber: null,
  address: { street: null, zipCode: null, city: null, country: null },
  tags: [],
  unsubscribed: false,
  invitedCount: 0,
  answeredCount: 1,
  createdAt: '2025-03-01T10:00:00.000Z',
  updatedAt: '2025-03-01T10:00:00.000Z',
  ...overrides,
});

export const makeContactDetail = (overrides: Partial<ContactDetail> = {}): ContactDetail => ({
  ...makeContact(),
  notes: [],
  campaigns: [],
  lists: [],
  ...overrides,
});

export const makeInvitation = (overrides: Partial<InvitationSummary> = {}): InvitationSummary => ({
  state: 'sent',
  reminderCount: 0,
  sentAt: '2025-03-02T10:00:00.000Z',
  openedAt: null,
  answeredAt: null,
  failedAt: null,
  error: null,
  origin: null,
  createdAt: '2025-03-02T09:00:00.000Z',
  ...overrides,
});

export const makeTempContact = (overrides: Partial<TempContact> = {}): TempContact => ({
  _id: nextId('aaaaaaaa-aaaa-4aaa-8aaa'),
  email: `invitee${counter}@example.com`,
  unsubscribed: false,
  createdAt: '2025-03-02T09:00:00.000Z',
  invitations: [],
  ...overrides,
});

export const makeParticipant = (overrides: Partial<Participant> = {}): Participant => {
  const invitation = overrides.invitation === undefined ? makeInvitation() : overrides.invitation;
  return {
    _id: nextId('bbbbbbbb-bbbb-4bbb-8bbb'),
    email: `participant${counter}@example.com`,
    kind: 'temp',
    firstname: null,
    lastname: null,
    invitation,
    state: invitation?.state ?? 'answered',
    ticketCount: 0,
    ...overrides,
  };
};

export const makeStatistics = (overrides: Partial<ParticipantStatistics> = {}): ParticipantStatistics => ({
  invited: 0,
  queued: 0,
  sent: 0,
  opened: 0,
  answered: 0,
  failed: 0,
  unsubscribed: 0,
  responseRate: 0,
  openLinkAnswers: 0,
  ...overrides,
});

export const makeReport = (overrides: Partial<InviteReport> = {}): InviteReport => ({
  check: true,
  received: 0,
  newContacts: 0,
  existingContacts: 0,
  invitations: 0,
  tagged: 0,
  campaigns: [],
  problems: [],
  ...overrides,
});
