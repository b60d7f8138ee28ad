import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '@/lib/api-client';
import { api } from '@/lib/api-routes';
import { currentLanguage } from '@/lib/i18n';
import { resultQueryKeys } from './result-query-keys';

/**
 * GET /campaign/:id/statistics: invitations, answers per day over the window, rates. `daysNumber`:
 * that many days ending today; without it the campaign's own days (the server's default).
 */
export const getStatistics = (campaignId: string, daysNumber: number | undefined, signal?: AbortSignal) =>
  call(
    api.results.statistics,
    {
      params: { id: campaignId },
      query: { ...(daysNumber === undefined ? {} : { daysNumber }), language: currentLanguage() },
    },
    { signal },
  );

export const getStatisticsQueryOptions = (campaignId: string, daysNumber: number | undefined) =>
  queryOptions({
    queryKey: resultQueryKeys.statistics(campaignId, daysNumber),
    queryFn: ({ signal }) => getStatistics(campaignId, daysNumber, signal),
    // Another window keeps the figures in view until its own arrive.
    placeholderData: keepPreviousData,
    // Answers arrive all the time: every visit of the tab reads them afresh.
    staleTime: 0,
  });

export const useStatistics = (campaignId: string, daysNumber: number | undefined) =>
  useQuery(getStatisticsQueryOptions(campaignId, daysNumber));
