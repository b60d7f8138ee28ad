import { api } from '@parley/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '@/lib/api-client';
import { campaignQueryKeys } from './campaign-query-keys';

/** Starts a draft, or restarts an ended campaign (D12). */
export const startCampaign = (id: string) => call(api.campaigns.start, { params: { id } });

export const useStartCampaign = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: startCampaign,
    meta: { errorNotification: false },
    onSuccess: async (campaign) => {
      queryClient.setQueryData(campaignQueryKeys.detail(campaign._id), campaign);
      await queryClient.invalidateQueries({ queryKey: campaignQueryKeys.all });
    },
  });
};
