import { api, type ResultShare } from '@parley/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '@/lib/api-client';
import { resultQueryKeys } from './result-query-keys';

export type SetShareInput = { campaignId: string; shared: boolean; includeFreeText: boolean };

/** PUT /campaign/:id/shareCampaignResult: shares an ended campaign's results, or withdraws the link. */
export const setResultShare = ({ campaignId, ...body }: SetShareInput): Promise<ResultShare> =>
  call(api.results.setShare, { params: { id: campaignId }, body });

/** Sets the sharing; the answer is the new state of the share, written into its query. */
export const useSetResultShare = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setResultShare,
    onSuccess: (share, { campaignId }) => {
      queryClient.setQueryData(resultQueryKeys.share(campaignId), share);
    },
  });
};
