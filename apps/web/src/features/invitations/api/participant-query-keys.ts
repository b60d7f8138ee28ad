import type { api, RouteInput } from '@parley/contract';

export type ParticipantListQuery = NonNullable<RouteInput<typeof api.invitations.participants>['query']>;
export type ContactsToAddQuery = NonNullable<RouteInput<typeof api.invitations.toAdd>['query']>;

/** A campaign's participant queries start with ['participants', campaignId]: one invalidation refreshes them all. */
export const participantQueryKeys = {
  all: ['participants'] as const,
  campaign: (campaignId: string) => ['participants', campaignId] as const,
  list: (campaignId: string, query: ParticipantListQuery) =>
    ['participants', campaignId, 'list', query] as const,
  statistics: (campaignId: string) => ['participants', campaignId, 'statistics'] as const,
  toAdd: (campaignId: string, query: ContactsToAddQuery) =>
    ['participants', campaignId, 'to-add', query] as const,
};
