import type { OwnerSmall } from '@parley/contract';
import type { QueryClient } from '@tanstack/react-query';
import type { Params } from 'react-router';
import { getCampaignQueryOptions } from '@/features/campaigns/api/get-campaign';
import { getDashboardQueryOptions } from '@/features/dashboard/api/get-dashboard';
import { getHistoryQueryOptions } from '@/features/history/api/get-history';
import { getInfoQueryOptions } from '@/features/info/api/get-info';
import { getQuestionStatsQueryOptions } from '@/features/results/api/get-question-stats';
import { getResultShareQueryOptions } from '@/features/results/api/get-share';
import { getStatisticsQueryOptions } from '@/features/results/api/get-statistics';
import { resultFilterQuery, resultFiltersFrom } from '@/features/results/components/use-result-filter-params';
import { statisticsWindowFrom } from '@/features/results/lib/statistics-window';
import { getTicketsQueryOptions } from '@/features/tickets/api/get-tickets';
import {
  listPageFrom,
  ticketFiltersFrom,
  ticketListQuery,
} from '@/features/tickets/components/use-ticket-filter-params';
import { getMeSmallQueryOptions, ownerQueryKeys, readSavedUser } from '@/lib/current-owner';
import { getPublicConfigQueryOptions } from '@/lib/public-config';

/**
 * What each screen reads first, started when the owner heads for it (the route's loader, a link pointed
 * at, the first load of the page) in parallel with its code, through the same query options the screen
 * then reads from the cache: one round trip instead of code, then the record, then what the record's tabs
 * need. Part of the entry (app/router.tsx), so that a first load asks for its data at once: it imports
 * only query options and address parsers (a few KiB), never a feature's components or the contract's
 * schemas.
 */
export type RouteDataArgs = { params: Params; url: URL; queryClient: QueryClient };

// prefetchQuery never fails: a failure is the screen's to show when it reads the query.

/** The owner as far as the console knows it already (profile cached or saved), without asking. */
const knownOwner = (queryClient: QueryClient) =>
  queryClient.getQueryData<OwnerSmall>(ownerQueryKeys.meSmall) ?? readSavedUser();

export const routeData = {
  /** The console's frame: the owner's profile, the configuration, the history of its area. */
  console: ({ queryClient, url }: RouteDataArgs) => {
    void queryClient.prefetchQuery(getMeSmallQueryOptions());
    void queryClient.prefetchQuery(getPublicConfigQueryOptions());
    const owner = knownOwner(queryClient);
    if (owner) {
      const area =
        owner.isParleyConnectEnabled && !url.pathname.startsWith('/platform') ? 'connect' : 'platform';
      void queryClient.prefetchQuery(getHistoryQueryOptions(area));
    }
  },
  dashboard: ({ queryClient }: RouteDataArgs) => {
    void queryClient.prefetchQuery(getInfoQueryOptions());
    // The running campaigns are a connect call: only for an owner known to have connect.
    if (knownOwner(queryClient)?.isParleyConnectEnabled)
      void queryClient.prefetchQuery(getDashboardQueryOptions());
  },
  /**
   * A campaign, and what its open tab reads first: the results tab its question statistics and its sharing,
   * the statistics tab its figures (only the open tab's panel is mounted, so these would otherwise wait for
   * the campaign). The other tabs read the campaign only.
   */
  campaign: ({ params, url, queryClient }: RouteDataArgs) => {
    const id = params.id;
    if (!id) return;
    void queryClient.prefetchQuery(getCampaignQueryOptions(id));
    const tab = url.searchParams.get('tab');
    if (tab === 'results') {
      const filter = resultFilterQuery(resultFiltersFrom(url.searchParams));
      void queryClient.prefetchQuery(getQuestionStatsQueryOptions({ ...filter, campaignId: id }));
      void queryClient.prefetchQuery(getResultShareQueryOptions(id));
    }
    if (tab === 'statistics')
      void queryClient.prefetchQuery(getStatisticsQueryOptions(id, statisticsWindowFrom(url.searchParams)));
  },
  /** The inbox's first page as the address filters it. */
  inbox: ({ url, queryClient }: RouteDataArgs) => {
    const filters = ticketFiltersFrom(url.searchParams);
    const query = ticketListQuery(filters, listPageFrom(url.searchParams), {
      campaignId: filters.campaign || undefined,
    });
    void queryClient.prefetchQuery(getTicketsQueryOptions(query));
  },
};

export type RouteDataName = keyof typeof routeData;
