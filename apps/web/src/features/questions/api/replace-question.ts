import { api, type QuestionInput } from '@parley/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '@/lib/api-client';
import { questionQueryKeys } from './get-questions';

/** Swaps a question for a new one of any type at the same place; drafts only (D13). */
export const replaceQuestion = ({
  campaignId,
  questionId,
  body,
}: {
  campaignId: string;
  questionId: string;
  body: QuestionInput;
}) => call(api.questions.replace, { params: { id: campaignId, qid: questionId }, body });

export const useReplaceQuestion = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: replaceQuestion,
    meta: { errorNotification: false },
    onSuccess: (_q, { campaignId }) =>
      queryClient.invalidateQueries({ queryKey: questionQueryKeys.list(campaignId) }),
  });
};
