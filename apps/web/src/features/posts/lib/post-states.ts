import type { ManuType, PostState } from '@parley/contract';

export const postStates = [
  'pending',
  'published',
  'unpublished',
  'reported',
] as const satisfies readonly PostState[];

export const manuTypes = ['praise', 'complaint', 'question', 'idea'] as const satisfies readonly ManuType[];

export type PostAction = 'publish' | 'unpublish' | 'report';

/** D19's machine: what the owner may do with a post in each state. */
export const allowedActions: Record<PostState, readonly PostAction[]> = {
  pending: ['publish', 'unpublish', 'report'],
  published: ['unpublish', 'report'],
  unpublished: ['publish', 'report'],
  reported: ['publish'],
};

/** May `action` be taken on a post in `state`? */
export const allows = (state: PostState, action: PostAction) => allowedActions[state].includes(action);

export const stateColors: Record<PostState, string> = {
  pending: 'yellow',
  published: 'teal',
  unpublished: 'gray',
  reported: 'red',
};

export const manuTypeColors: Record<ManuType, string> = {
  praise: 'green',
  complaint: 'orange',
  question: 'blue',
  idea: 'grape',
};
