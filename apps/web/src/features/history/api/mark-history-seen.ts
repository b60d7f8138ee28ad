import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '@/lib/api-client';
import { api } from '@/lib/api-routes';
import { historyQueryKeys } from './get-history';

export const markHistorySeen = (ids: string[]) => call(api.history.seen, { body: { ids } });

export const useMarkHistorySeen = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markHistorySeen,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: historyQueryKeys.all }),
  });
};
