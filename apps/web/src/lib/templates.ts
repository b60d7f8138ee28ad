import { api, type Language, type RouteInput } from '@parley/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '@/lib/api-client';

/**
 * The response templates (D21) as every screen that inserts one reads them: the template picker of
 * a ticket's answer and comment boxes and of the mass follow-up. The templates page changes them
 * and invalidates `templateQueryKeys.all`, so every picker follows.
 */

export type TemplatesQuery = NonNullable<RouteInput<typeof api.templates.list>['query']>;

/** Every template query starts with 'templates', so one invalidation refreshes them all. */
export const templateQueryKeys = {
  all: ['templates'] as const,
  lists: ['templates', 'list'] as const,
  list: (query: TemplatesQuery) => ['templates', 'list', query] as const,
};

/** The most templates one picker lists (the contract's largest page): pickers search, never page. */
export const templatePickerLimit = 100;

/** GET /templatemessage/all: the manufacturer's templates by title, searched, optionally of one language. */
export const getTemplates = (query: TemplatesQuery, signal?: AbortSignal) =>
  call(api.templates.list, { query }, { signal });

export const getTemplatesQueryOptions = (query: TemplatesQuery) =>
  queryOptions({
    queryKey: templateQueryKeys.list(query),
    queryFn: ({ signal }) => getTemplates(query, signal),
    placeholderData: keepPreviousData,
    // The picker says it could not load them, with "Try again".
    meta: { errorNotification: false },
  });

/**
 * The templates whose title or text holds `search` (all when empty), at most
 * `templatePickerLimit`, of every language unless `language` is given.
 */
export const useTemplates = (search?: string, options: { language?: Language; enabled?: boolean } = {}) => {
  const trimmed = search?.trim() ?? '';
  const query: TemplatesQuery = {
    page: 1,
    limit: templatePickerLimit,
    ...(trimmed ? { search: trimmed } : {}),
    ...(options.language ? { language: options.language } : {}),
  };
  return useQuery({ ...getTemplatesQueryOptions(query), enabled: options.enabled ?? true });
};
