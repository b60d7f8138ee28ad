import type { TagGroup, TagReport } from '@parley/contract';

let counter = 0;
const nextId = () => {
  counter += 1;
  return `eeeeeeee-eeee-4eee-8eee-${String(counter).padStart(12, '0')}`;
};

/** A tag group (D17) as the server answers it; `and` over no tags unless told. */
export const makeTagGroup = (overrides: Partial<TagGroup> = {}): TagGroup => ({
  _id: nextId(),
  title: `Group ${counter}`,
  description: '',
  condition: 'and',
  tags: [],
  memberCount: 0,
  campaigns: [],
  createdAt: '2025-03-01T10:00:00.000Z',
  updatedAt: '2025-03-02T10:00:00.000Z',
  ...overrides,
});

/** A tag call's report (D16): a check that changes nothing unless told. */
export const makeTagReport = (overrides: Partial<TagReport> = {}): TagReport => ({
  check: true,
  contacts: 0,
  tagged: 0,
  untagged: 0,
  groups: [],
  invitations: 0,
  campaigns: [],
  problems: [],
  ...overrides,
});
