import { useDebouncedValue } from '@mantine/hooks';
import { api, normalizeTag, type TagCount, tagLimits, tagSchema } from '@parley/contract';
import { keepPreviousData, queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '@/lib/api-client';
import { contactErrorMessage } from '@/lib/contact-messages';

/**
 * The tag calls more than one feature makes (D17): the tags in use with their contact counts (the
 * tag picker of every form), the keys every tag query starts with, and the words for a refused tag
 * call. A feature's own calls (a tag group's page, a contact's tags) stay in the feature.
 */

/** The longest tag (the contract's `tagLimits.tagMax`, which `tagSchema` checks). */
export const tagMaxLength = tagLimits.tagMax;

/** How many tags the picker suggests at once (the server gives at most `tagLimits.searchLimit`). */
export const tagSuggestionLimit = 25;

/** How long typing pauses before the suggestions are searched. */
export const tagSearchDelayMs = 300;

/**
 * Every tag query starts with 'tags' (the tag groups' too), so one invalidation after a tag call
 * refreshes the counts, the groups and their members.
 */
export const tagQueryKeys = {
  all: ['tags'] as const,
  search: (search: string) => ['tags', 'search', search] as const,
};

/**
 * What a tag call may change besides the tag queries (the tag flow reads those again anyway): the
 * contacts' tags and invitations (features/contacts' queries start with 'contacts') and the
 * campaigns' participants (features/invitations': 'participants'). A call that tags contacts passes
 * them as its `invalidate`: a contact who joins a linked group is invited.
 */
export const taggedContactKeys = [['contacts'], ['participants']] as const;

/** A tag as it is kept (the contract's `tagSchema`: trimmed, lowercased), or null when it cannot be one (empty, too long). */
export const toTag = (input: string): string | null => {
  const tag = tagSchema.safeParse(input);
  return tag.success ? tag.data : null;
};

/** GET /tag/search: the tags in use, most used first, or those containing `search`. */
export const searchTags = (search: string, signal?: AbortSignal) =>
  call(api.tags.search, { query: { limit: tagSuggestionLimit, ...(search ? { search } : {}) } }, { signal });

export const tagSuggestionsQueryOptions = (search: string) =>
  queryOptions({
    queryKey: tagQueryKeys.search(search),
    queryFn: ({ signal }) => searchTags(search, signal),
    placeholderData: keepPreviousData,
    staleTime: 30_000,
    // The picker says it could not load them.
    meta: { errorNotification: false },
  });

/**
 * The tags suggested for what is typed (searched once typing pauses), each with its contact count.
 * `enabled: false` asks nothing (a closed form).
 */
export const useTagSuggestions = (search: string, options: { enabled?: boolean } = {}) => {
  const [debounced] = useDebouncedValue(normalizeTag(search).slice(0, tagMaxLength), tagSearchDelayMs);
  const query = useQuery({ ...tagSuggestionsQueryOptions(debounced), enabled: options.enabled ?? true });
  const suggestions: TagCount[] = query.data?.documents ?? [];
  return { ...query, suggestions, searched: debounced };
};

/** Refreshes every tag query (counts, groups, members) once a tag call changed something. */
export const useInvalidateTags = () => {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: tagQueryKeys.all });
};

/**
 * Why a tag call was refused, for an error notification: D15's codes and the invitation's refusals
 * (a linked campaign invites), else the shared messages (`apiErrors.*`: not found, stale, …).
 */
export const tagErrorMessage = (error: unknown): string => contactErrorMessage(error);
