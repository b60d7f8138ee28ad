import { api } from '@parley/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '@/lib/api-client';
import { campaignQueryKeys } from './campaign-query-keys';

/** A new draft with the same settings, questions, options and option tags, without tickets (D12). */
export const copyCampaign = (id: string) => call(api.campaigns.copy, { params: { id } });

export const useCopyCampaign = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: copyCampaign,
    meta: { errorNotification: false },
    onSuccess: async (campaign) => {
      queryClient.setQueryData(campaignQueryKeys.detail(campaign._id), campaign);
      await queryClient.invalidateQueries({ queryKey: campaignQueryKeys.lists });
    },
  });
};
