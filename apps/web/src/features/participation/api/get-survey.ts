import { api } from '@parley/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '@/lib/api-client';

export const surveyQueryKey = (campaignId: string) => ['participation', 'survey', campaignId] as const;

export const getSurveyQueryOptions = (campaignId: string) =>
  queryOptions({
    queryKey: surveyQueryKey(campaignId),
    queryFn: ({ signal }) => call(api.participation.survey, { params: { id: campaignId } }, { signal }),
    // The page words its own messages in the survey's language (not found, ended, …).
    meta: { errorNotification: false },
  });

export const useSurvey = (campaignId: string) => useQuery(getSurveyQueryOptions(campaignId));
