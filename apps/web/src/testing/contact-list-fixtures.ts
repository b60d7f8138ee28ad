import type { ContactList, ContactListMember, ListInviteReport } from '@parley/contract';
import { makeContact } from './contact-fixtures';

let counter = 0;
const nextId = () => {
  counter += 1;
  return `cccccccc-cccc-4ccc-8ccc-${String(counter).padStart(12, '0')}`;
};

export const makeContactList = (overrides: Partial<ContactList> = {}): ContactList => ({
  _id: nextId(),
  name: `List ${counter}`,
  description: '',
  memberCount: 0,
  campaigns: [],
  createdAt: '2025-03-01T10:00:00.000Z',
  updatedAt: '2025-03-02T10:00:00.000Z',
  ...overrides,
});

export const makeMember = (overrides: Partial<ContactListMember> = {}): ContactListMember => ({
  ...makeContact(),
  addedAt: '2025-03-03T10:00:00.000Z',
  ...overrides,
});

export const makeListReport = (overrides: Partial<ListInviteReport> = {}): ListInviteReport => ({
  check: true,
  received: 0,
  newContacts: 0,
  existingContacts: 0,
  invitations: 0,
  tagged: 0,
  campaigns: [],
  problems: [],
  members: 0,
  linked: false,
  ...overrides,
});
