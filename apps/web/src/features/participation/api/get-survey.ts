import { api } from '@parley/contract';
import { type QueryClient, queryOptions, useQuery } from '@tanstack/react-query';
import { call, isApiError } from '@/lib/api-client';

export const surveyQueryKey = (campaignId: string) => ['participation', 'survey', campaignId] as const;

export const getSurveyQueryOptions = (campaignId: string) =>
  queryOptions({
    queryKey: surveyQueryKey(campaignId),
    queryFn: ({ signal }) => call(api.participation.survey, { params: { id: campaignId } }, { signal }),
    // The page words its own messages in the survey's language (not found, ended, …).
    meta: { errorNotification: false },
  });

export const useSurvey = (campaignId: string) => useQuery(getSurveyQueryOptions(campaignId));

/**
 * A refusal that says the survey ended, filled up or closed meanwhile: reload its status so the
 * page says so. (`already-answered` is about the address, not the survey.)
 */
export const refreshSurveyIfClosed = (queryClient: QueryClient, campaignId: string, error: unknown) => {
  if (isApiError(error) && error.code.startsWith('survey/') && error.code !== 'survey/already-answered') {
    void queryClient.invalidateQueries({ queryKey: surveyQueryKey(campaignId) });
  }
};
