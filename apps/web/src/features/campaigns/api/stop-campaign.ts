import { api } from '@parley/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '@/lib/api-client';
import { campaignQueryKeys } from './campaign-query-keys';

/** Ends a running campaign by hand (D12). */
export const stopCampaign = (id: string) => call(api.campaigns.stop, { params: { id } });

export const useStopCampaign = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: stopCampaign,
    meta: { errorNotification: false },
    onSuccess: async (campaign) => {
      queryClient.setQueryData(campaignQueryKeys.detail(campaign._id), campaign);
      await queryClient.invalidateQueries({ queryKey: campaignQueryKeys.all });
    },
  });
};
