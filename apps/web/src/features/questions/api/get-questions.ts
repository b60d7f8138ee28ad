import { api } from '@parley/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '@/lib/api-client';

export const questionQueryKeys = {
  all: ['questions'] as const,
  list: (campaignId: string) => ['questions', campaignId] as const,
};

export const getQuestions = (campaignId: string, signal?: AbortSignal) =>
  call(api.questions.list, { params: { id: campaignId } }, { signal });

export const getQuestionsQueryOptions = (campaignId: string) =>
  queryOptions({
    queryKey: questionQueryKeys.list(campaignId),
    queryFn: ({ signal }) => getQuestions(campaignId, signal),
  });

export const useQuestions = (campaignId: string) => useQuery(getQuestionsQueryOptions(campaignId));
