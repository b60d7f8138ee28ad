import { api, type SubmitAnswers } from '@parley/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '@/lib/api-client';
import { refreshSurveyIfClosed } from './get-survey';

export const submitAnswers = (campaignId: string, body: SubmitAnswers) =>
  call(api.participation.submit, { params: { id: campaignId }, body });

export const useSubmitAnswers = (campaignId: string) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: SubmitAnswers) => submitAnswers(campaignId, body),
    // The page says what went wrong in the survey's language.
    meta: { errorNotification: false },
    onError: (error) => refreshSurveyIfClosed(queryClient, campaignId, error),
  });
};
