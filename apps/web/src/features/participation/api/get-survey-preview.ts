import { api } from '@parley/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '@/lib/api-client';

/** The owner's preview of a campaign as a participant would see it, in any state (console). */
export const getSurveyPreviewQueryOptions = (campaignId: string) =>
  queryOptions({
    queryKey: ['participation', 'preview', campaignId],
    queryFn: ({ signal }) => call(api.participation.preview, { params: { id: campaignId } }, { signal }),
  });

export const useSurveyPreview = (campaignId: string) => useQuery(getSurveyPreviewQueryOptions(campaignId));
