import { api, type ManufacturerSettings, type OwnerSmall } from '@parley/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '@/lib/api-client';
import { ownerQueryKeys, readSavedUser, saveUser } from '@/lib/current-owner';

export const updateManufacturer = (body: ManufacturerSettings) =>
  call(api.owner.updateManufacturer, { body });

/** PATCH /owner/manufacturer; the answer replaces the manufacturer in the cached profile. */
export const useUpdateManufacturer = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateManufacturer,
    onSuccess: async (manufacturer) => {
      const owner = queryClient.getQueryData<OwnerSmall>(ownerQueryKeys.meSmall) ?? readSavedUser();
      if (owner) {
        const next = { ...owner, manufacturer };
        saveUser(next);
        queryClient.setQueryData(ownerQueryKeys.meSmall, next);
      }
      await queryClient.invalidateQueries({ queryKey: ownerQueryKeys.all });
    },
  });
};
