import { api, type Question } from '@parley/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '@/lib/api-client';
import { questionQueryKeys } from './get-questions';

/** PATCH the new sequence; the server wants every question exactly once. */
export const reorderQuestions = ({
  campaignId,
  ordered,
}: {
  campaignId: string;
  ordered: readonly Question[];
}) =>
  call(api.questions.order, {
    params: { id: campaignId },
    body: { questions: ordered.map((q, order) => ({ _id: q._id, order })) },
  });

export const useReorderQuestions = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: reorderQuestions,
    meta: { errorNotification: false },
    // The list moves at once; the server's answer (with path rules it dropped) replaces it.
    onMutate: async ({ campaignId, ordered }) => {
      const key = questionQueryKeys.list(campaignId);
      await queryClient.cancelQueries({ queryKey: key });
      const previous = queryClient.getQueryData(key);
      queryClient.setQueryData(key, { documents: ordered.map((q, order) => ({ ...q, order })) });
      return { previous };
    },
    onError: (_e, { campaignId }, context) => {
      if (context?.previous) queryClient.setQueryData(questionQueryKeys.list(campaignId), context.previous);
    },
    onSuccess: (answer, { campaignId }) =>
      queryClient.setQueryData(questionQueryKeys.list(campaignId), answer),
  });
};
