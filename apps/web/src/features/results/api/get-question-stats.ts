import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '@/lib/api-client';
import { api } from '@/lib/api-routes';
import { type QuestionStatsQuery, resultQueryKeys } from './result-query-keys';

/**
 * GET /campaign/question/stats: the results per question for the tickets in the filter; with
 * `questionId`, one free-text question's answers searched and paged.
 */
export const getQuestionStats = (query: QuestionStatsQuery, signal?: AbortSignal) =>
  call(api.results.questionStats, { query }, { signal });

export const getQuestionStatsQueryOptions = (query: QuestionStatsQuery) =>
  queryOptions({
    queryKey: resultQueryKeys.questionStats(query),
    queryFn: ({ signal }) => getQuestionStats(query, signal),
    // A new filter or page keeps the results in view until its own arrive.
    placeholderData: keepPreviousData,
    staleTime: 0,
  });

export const useQuestionStats = (query: QuestionStatsQuery, options: { enabled?: boolean } = {}) =>
  useQuery({ ...getQuestionStatsQueryOptions(query), enabled: options.enabled ?? true });
