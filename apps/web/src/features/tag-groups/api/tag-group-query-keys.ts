import type { api, RouteInput } from '@parley/contract';
import { tagQueryKeys } from '@/lib/tags';

export type TagGroupsQuery = NonNullable<RouteInput<typeof api.tags.groups>['query']>;
export type TagGroupMembersQuery = NonNullable<RouteInput<typeof api.tags.members>['query']>;

/**
 * The tag groups' queries, under 'tags': every tag call (here, on a contact, on a campaign) changes
 * who is a member, and the tag flow's refresh of 'tags' reads them all again.
 */
export const tagGroupQueryKeys = {
  all: [...tagQueryKeys.all, 'groups'] as const,
  list: (query: TagGroupsQuery) => [...tagQueryKeys.all, 'groups', 'list', query] as const,
  detail: (id: string) => [...tagQueryKeys.all, 'groups', 'detail', id] as const,
  members: (id: string) => [...tagQueryKeys.all, 'groups', 'members', id] as const,
  memberPage: (id: string, query: TagGroupMembersQuery) =>
    [...tagQueryKeys.all, 'groups', 'members', id, query] as const,
};

/** D16: only say what it would do. */
export type CheckInput = { callForCheck: boolean };
