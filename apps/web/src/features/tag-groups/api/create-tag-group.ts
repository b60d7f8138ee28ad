import { api, type TagGroup, type TagGroupInput } from '@parley/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '@/lib/api-client';
import { tagQueryKeys } from '@/lib/tags';

/** POST /tag/tag-group: a new group (no campaign is linked yet, so nobody is invited). */
export const createTagGroup = (body: TagGroupInput): Promise<TagGroup> => call(api.tags.create, { body });

/** Creates a group; the form says why it was refused. The tag queries are read again once it is made. */
export const useCreateTagGroup = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createTagGroup,
    meta: { errorNotification: false },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: tagQueryKeys.all }),
  });
};
