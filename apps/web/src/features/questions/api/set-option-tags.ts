import { api } from '@parley/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '@/lib/api-client';
import { taggedContactKeys, tagQueryKeys } from '@/lib/tags';
import { questionQueryKeys } from './get-questions';

type OptionRef = { campaignId: string; questionId: string; optionId: string };

/**
 * POST …/option/:oid: the tags a contact gets by choosing this option (D17); with `applyToPast`
 * those who chose it before get them too (the simulate call below says what that would do).
 */
export const setOptionTags = ({
  campaignId,
  questionId,
  optionId,
  tags,
  applyToPast = false,
}: OptionRef & { tags: string[]; applyToPast?: boolean }) =>
  call(api.questions.optionTags, {
    params: { id: campaignId, qid: questionId, oid: optionId },
    body: { tags, applyToPast },
  });

export const useSetOptionTags = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setOptionTags,
    meta: { errorNotification: false },
    onSuccess: (_q, { campaignId, applyToPast }) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: questionQueryKeys.list(campaignId) }),
        // The tags in use (and, given to past pickers, the contacts' counts and groups) change.
        queryClient.invalidateQueries({ queryKey: tagQueryKeys.all }),
        // Past pickers get the tags, and the groups they join invite them.
        ...(applyToPast
          ? taggedContactKeys.map((queryKey) => queryClient.invalidateQueries({ queryKey }))
          : []),
      ]),
  });
};

/**
 * GET /campaign/simulate/:id/question/:qid/option/:oid?tags[]=…: what giving these tags to the
 * option's past pickers would do (contacts tagged, groups joined, invitations). Changes nothing.
 */
export const simulateOptionTags = ({
  campaignId,
  questionId,
  optionId,
  tags,
}: OptionRef & { tags: string[] }) =>
  call(api.tags.simulate, {
    params: { id: campaignId, qid: questionId, oid: optionId },
    query: { 'tags[]': tags },
  });

/** The check before tagging past pickers; the dialog words a refusal. */
export const useSimulateOptionTags = () =>
  useMutation({ mutationFn: simulateOptionTags, meta: { errorNotification: false } });
