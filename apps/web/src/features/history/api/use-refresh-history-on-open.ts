import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { historyQueryKeys } from './get-history';

/**
 * The server marks the entries of a ticket or campaign seen when the owner opens it
 * (docs/product-decisions.md, history); this makes the "new" indicator follow at once instead of
 * at the next poll. Pass the opened object's id once it has loaded.
 */
export const useRefreshHistoryOnOpen = (openedId: string | undefined) => {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (openedId) void queryClient.invalidateQueries({ queryKey: historyQueryKeys.all });
  }, [openedId, queryClient]);
};
