import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '@/lib/api-client';
import { api } from '@/lib/api-routes';

export const dashboardQueryKeys = {
  all: ['dashboard'] as const,
  campaigns: ['dashboard', 'campaigns'] as const,
};

/** GET /campaign/dashboard: the running campaigns with their headline numbers, most recently answered first. */
export const getDashboardQueryOptions = () =>
  queryOptions({
    queryKey: dashboardQueryKeys.campaigns,
    queryFn: ({ signal }) => call(api.results.dashboard, {}, { signal }),
    // The list says itself that it did not load (with a retry); no notification on top.
    meta: { errorNotification: false },
  });

/** Only for an owner with connect: the call is a connect call. */
export const useDashboardCampaigns = () => useQuery(getDashboardQueryOptions());
