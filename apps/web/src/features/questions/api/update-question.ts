import { api, type RouteInput } from '@parley/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '@/lib/api-client';
import { questionQueryKeys } from './get-questions';

export type QuestionUpdateBody = NonNullable<RouteInput<typeof api.questions.update>['body']>;

/** Whole-body update: options keep their `_id`; one sent without is new, one left out is deleted (D13). */
export const updateQuestion = ({
  campaignId,
  questionId,
  body,
}: {
  campaignId: string;
  questionId: string;
  body: QuestionUpdateBody;
}) => call(api.questions.update, { params: { id: campaignId, qid: questionId }, body });

export const useUpdateQuestion = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateQuestion,
    meta: { errorNotification: false },
    onSuccess: (_q, { campaignId }) =>
      queryClient.invalidateQueries({ queryKey: questionQueryKeys.list(campaignId) }),
  });
};
