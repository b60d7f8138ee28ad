import { api } from '@parley/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '@/lib/api-client';
import { questionQueryKeys } from './get-questions';

/** Answers already given to the question stay in their tickets (D13). */
export const deleteQuestion = ({ campaignId, questionId }: { campaignId: string; questionId: string }) =>
  call(api.questions.remove, { params: { id: campaignId, qid: questionId } });

export const useDeleteQuestion = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteQuestion,
    meta: { errorNotification: false },
    onSuccess: (_r, { campaignId }) =>
      queryClient.invalidateQueries({ queryKey: questionQueryKeys.list(campaignId) }),
  });
};
