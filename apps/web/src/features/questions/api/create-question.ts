import { api, type QuestionInput } from '@parley/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '@/lib/api-client';
import { questionQueryKeys } from './get-questions';

/** Adds a question at the end; new options' path rules name them by `optionIndex` (D13). */
export const createQuestion = ({ campaignId, body }: { campaignId: string; body: QuestionInput }) =>
  call(api.questions.create, { params: { id: campaignId }, body });

export const useCreateQuestion = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createQuestion,
    meta: { errorNotification: false },
    onSuccess: (_q, { campaignId }) =>
      queryClient.invalidateQueries({ queryKey: questionQueryKeys.list(campaignId) }),
  });
};
