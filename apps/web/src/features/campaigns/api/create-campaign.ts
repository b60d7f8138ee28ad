import { api, type CampaignInput } from '@parley/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '@/lib/api-client';
import { campaignQueryKeys } from './campaign-query-keys';

export const createCampaign = (body: CampaignInput) => call(api.campaigns.create, { body });

export const useCreateCampaign = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createCampaign,
    meta: { errorNotification: false },
    onSuccess: async (campaign) => {
      queryClient.setQueryData(campaignQueryKeys.detail(campaign._id), campaign);
      await queryClient.invalidateQueries({ queryKey: campaignQueryKeys.lists });
    },
  });
};
