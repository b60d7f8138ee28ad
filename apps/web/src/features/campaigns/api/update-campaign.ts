import { api, type RouteInput } from '@parley/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '@/lib/api-client';
import { campaignQueryKeys } from './campaign-query-keys';

export type CampaignUpdateBody = NonNullable<RouteInput<typeof api.campaigns.update>['body']>;

/** PUT the whole body with the `updatedAt` it was read with: a newer record answers 409 conflict/stale (D3). */
export const updateCampaign = ({ id, body }: { id: string; body: CampaignUpdateBody }) =>
  call(api.campaigns.update, { params: { id }, body });

export const useUpdateCampaign = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateCampaign,
    // The settings form words the refusals itself (stale, ended, end condition met).
    meta: { errorNotification: false },
    onSuccess: async (campaign) => {
      queryClient.setQueryData(campaignQueryKeys.detail(campaign._id), campaign);
      await queryClient.invalidateQueries({ queryKey: campaignQueryKeys.lists });
    },
  });
};
