import { api } from '@parley/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '@/lib/api-client';
import { questionQueryKeys } from './get-questions';

/** Tags a contact gets by choosing this option (D17; applying them comes with contacts). */
export const setOptionTags = ({
  campaignId,
  questionId,
  optionId,
  tags,
}: {
  campaignId: string;
  questionId: string;
  optionId: string;
  tags: string[];
}) =>
  call(api.questions.optionTags, {
    params: { id: campaignId, qid: questionId, oid: optionId },
    body: { tags },
  });

export const useSetOptionTags = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setOptionTags,
    meta: { errorNotification: false },
    onSuccess: (_q, { campaignId }) =>
      queryClient.invalidateQueries({ queryKey: questionQueryKeys.list(campaignId) }),
  });
};
