import { api } from '@parley/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '@/lib/api-client';
import { refreshSurveyIfClosed } from './get-survey';

/** Before the first question: may this address answer the survey now? (204, or the refusal) */
export const checkEmail = (campaignId: string, email: string) =>
  call(api.participation.checkEmail, { params: { id: campaignId }, body: { email } });

export const useCheckEmail = (campaignId: string) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (email: string) => checkEmail(campaignId, email),
    // The email field says it in the survey's language; anything else is checked again on sending.
    meta: { errorNotification: false },
    onError: (error) => refreshSurveyIfClosed(queryClient, campaignId, error),
  });
};
