import { api, type SubmitAnswers } from '@parley/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call, isApiError } from '@/lib/api-client';
import { surveyQueryKey } from './get-survey';

export const submitAnswers = (campaignId: string, body: SubmitAnswers) =>
  call(api.participation.submit, { params: { id: campaignId }, body });

export const useSubmitAnswers = (campaignId: string) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: SubmitAnswers) => submitAnswers(campaignId, body),
    // The page says what went wrong in the survey's language.
    meta: { errorNotification: false },
    onSettled: (_data, error) => {
      // A survey that ended or filled up meanwhile: reload its status so the page says so.
      if (isApiError(error) && error.code.startsWith('survey/') && error.code !== 'survey/already-answered') {
        void queryClient.invalidateQueries({ queryKey: surveyQueryKey(campaignId) });
      }
    },
  });
};
