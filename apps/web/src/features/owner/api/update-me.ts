import type { RouteInput } from '@parley/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '@/lib/api-client';
import { api } from '@/lib/api-routes';
import { ownerQueryKeys, saveUser } from '@/lib/current-owner';

export type UpdateMeBody = NonNullable<RouteInput<typeof api.owner.updateMe>['body']>;

export const updateMe = (body: UpdateMeBody) => call(api.owner.updateMe, { body });

export const useUpdateMe = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateMe,
    onSuccess: async (owner) => {
      // The answer is the new profile: it replaces the 30-minute cache before the refetch reads it.
      saveUser(owner);
      queryClient.setQueryData(ownerQueryKeys.meSmall, owner);
      await queryClient.invalidateQueries({ queryKey: ownerQueryKeys.all });
    },
  });
};
