import type { api, RouteInput } from '@parley/contract';

export type CampaignListQuery = NonNullable<RouteInput<typeof api.campaigns.list>['query']>;

/** Every campaign query starts with 'campaigns', so one invalidation refreshes lists and details. */
export const campaignQueryKeys = {
  all: ['campaigns'] as const,
  lists: ['campaigns', 'list'] as const,
  list: (query: CampaignListQuery) => ['campaigns', 'list', query] as const,
  detail: (id: string) => ['campaigns', 'detail', id] as const,
};
