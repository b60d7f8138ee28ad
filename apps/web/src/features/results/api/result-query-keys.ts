import type { api, RouteInput } from '@parley/contract';

export type QuestionStatsQuery = NonNullable<RouteInput<typeof api.results.questionStats>['query']>;
export type XlsxQuery = NonNullable<RouteInput<typeof api.results.xlsx>['query']>;

/** The results filter as the calls take it (from/to/contactListId/tag/rating/archived). */
export type ResultFilterQuery = Omit<XlsxQuery, 'campaignId'>;

/** A campaign's result queries start with ['results', campaignId]: one invalidation refreshes them all. */
export const resultQueryKeys = {
  all: ['results'] as const,
  campaign: (campaignId: string) => ['results', campaignId] as const,
  statistics: (campaignId: string, daysNumber: number | undefined) =>
    ['results', campaignId, 'statistics', daysNumber ?? 'campaign'] as const,
  questionStats: (query: QuestionStatsQuery) => ['results', query.campaignId, 'questions', query] as const,
  share: (campaignId: string) => ['results', campaignId, 'share'] as const,
};
