import { api } from '@parley/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '@/lib/api-client';
import { campaignQueryKeys } from './campaign-query-keys';

/** DELETE archives: the campaign leaves the lists but stays readable with its tickets (D12). */
export const archiveCampaign = (id: string) => call(api.campaigns.archive, { params: { id } });

export const useArchiveCampaign = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: archiveCampaign,
    meta: { errorNotification: false },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: campaignQueryKeys.all }),
  });
};
