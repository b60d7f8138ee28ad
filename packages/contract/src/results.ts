import { z } from 'zod';
import { campaignStateSchema } from './campaigns.js';
import { idSchema, isoDateSchema, languageSchema } from './common.js';
import { publicPaths } from './public-paths.js';
import { questionTypeSchema } from './questions.js';
import { defineRoute } from './route.js';
import { tagSchema } from './tag-checks.js';

/**
 * D23: a campaign's results (per question) and statistics (the campaign as a whole), its exports and
 * its shared results page (docs/product-decisions.md, "Results and statistics").
 */

/**
 * The statistics window: 1 to 365 days ending today when asked; unasked, the campaign's own days (its
 * start to its end or today), at most the last 90 (a campaign never started: the last 90 days).
 */
export const statisticsDays = { min: 1, max: 365, default: 90 } as const;

/** A calendar day, `YYYY-MM-DD`, in the manufacturer's time zone. */
export const calendarDaySchema = z.iso.date({ message: 'must be a date as YYYY-MM-DD' });

/**
 * Which tickets the results, the XLSX and the PDF count. Archived tickets count unless left out: archiving
 * sorts the conversation, the answer stays an answer.
 */
const resultFilterFields = z.object({
  /** Answered on or after this day (the manufacturer's time zone). */
  from: calendarDaySchema.optional(),
  /** Answered on or before this day. */
  to: calendarDaySchema.optional(),
  /** Only members of this contact list (D11's break-down by list). */
  contactListId: idSchema.optional(),
  /** Only participants whose contact carries this tag now. */
  tag: tagSchema.optional(),
  /** `up`/`down`: some answer rated so; `none`: no answer rated. */
  rating: z.enum(['up', 'down', 'none']).optional(),
  /** `all` (default): every ticket; `false`: not archived; `true`: only archived. */
  archived: z.enum(['true', 'false', 'all']).default('all'),
});

/** A date range ends on or after its start. */
const rangeInOrder = (f: { from?: string; to?: string }, ctx: z.RefinementCtx) => {
  if (f.from && f.to && f.from > f.to)
    ctx.addIssue({ code: 'custom', message: 'must not be before from', path: ['to'] });
};

export const resultFilterSchema = resultFilterFields.superRefine(rangeInOrder);
export type ResultFilter = z.input<typeof resultFilterSchema>;
export type ResultFilterQuery = z.output<typeof resultFilterSchema>;

/** The headline numbers of a campaign (statistics, dashboard and shared page). */
export const campaignHeadlineSchema = z.object({
  /** Tickets (answers) in all. */
  answers: z.number().int(),
  /** Invitations made, delivered (mailed), opened (the personal link visited) and answered. */
  invited: z.number().int(),
  delivered: z.number().int(),
  opened: z.number().int(),
  invitationAnswers: z.number().int(),
  /** Answered invitations of those delivered (0–1); null with none delivered. */
  responseRate: z.number().nullable(),
  /** Answered invitations of those opened (0–1): who began also finished; null with none opened. */
  completion: z.number().nullable(),
  /** Median seconds from an invitation's first mail to its answer; null with no answered invitation. */
  medianSecondsToAnswer: z.number().nullable(),
});
export type CampaignHeadline = z.infer<typeof campaignHeadlineSchema>;

export const campaignStatisticsSchema = campaignHeadlineSchema.extend({
  campaignId: idSchema,
  /** The days are counted in this IANA time zone (the manufacturer's). */
  timeZone: z.string(),
  /** The window's length in days. */
  daysNumber: z.number().int(),
  /** The window's first and last day. */
  from: calendarDaySchema,
  to: calendarDaySchema,
  /** Answers in the window. */
  answersInWindow: z.number().int(),
  /** Every day of the window, days without answers included, oldest first. */
  perDay: z.array(z.object({ date: calendarDaySchema, answers: z.number().int() })),
  /** Answers through the open link and through invitations. */
  bySource: z.object({ openLink: z.number().int(), invitation: z.number().int() }),
});
export type CampaignStatistics = z.infer<typeof campaignStatisticsSchema>;

/** One option of a choice or ranking question, counted by its id (a renamed option keeps its counts). */
export const optionResultSchema = z.object({
  _id: idSchema,
  /** The option's text now; a removed option's text as participants last saw it. */
  text: z.string(),
  /** The option is no longer in the question. */
  removed: z.boolean(),
  /** Participants who chose it (choice) or ranked it (ranking). */
  count: z.number().int(),
  /** Of the participants who answered the question (0–1); a multi-choice question's shares add up to more. */
  share: z.number(),
  /** Ranking: the mean and median position (1 = best); null for choice questions or when never ranked. */
  meanPosition: z.number().nullable(),
  medianPosition: z.number().nullable(),
  /** Ranking: how many put it at position 1, 2, …; empty for choice questions. */
  positions: z.array(z.number().int()),
});
export type OptionResult = z.infer<typeof optionResultSchema>;

export const freeTextAnswerSchema = z.object({
  /** The ticket it belongs to; absent on the shared page (no participant's identity). */
  ticketId: idSchema.optional(),
  text: z.string(),
  createdAt: isoDateSchema,
});

export const questionResultSchema = z.object({
  questionId: idSchema,
  type: questionTypeSchema,
  text: z.string(),
  /** The question is no longer in the campaign; its answers stay counted. */
  removed: z.boolean(),
  /** Participants who answered it. */
  answered: z.number().int(),
  /** Left blank (an optional question). */
  skipped: z.number().int(),
  /** Never shown: a path rule led past it. */
  skippedByPath: z.number().int(),
  /** Choice and ranking questions, in the question's order (removed options last). */
  options: z.array(optionResultSchema),
  /** Free text: one page of the answers, newest first; null otherwise (or when not shared). */
  freeText: z
    .object({
      total: z.number().int(),
      page: z.number().int(),
      limit: z.number().int(),
      items: z.array(freeTextAnswerSchema),
    })
    .nullable(),
});
export type QuestionResult = z.infer<typeof questionResultSchema>;

export const questionStatsSchema = z.object({
  campaignId: idSchema,
  /** Tickets in the filter. */
  tickets: z.number().int(),
  questions: z.array(questionResultSchema),
});
export type QuestionStats = z.infer<typeof questionStatsSchema>;

/** Free-text answers per page (default 10; the shared page's too). */
export const freeTextPage = { default: 10, max: 100 } as const;

const freeTextPaging = {
  /** Only this question (its free-text answers paged and searched). */
  questionId: idSchema.optional(),
  /** Words in the free-text answers. */
  search: z.string().trim().max(200).optional(),
  page: z.coerce.number().int().min(1).default(1),
  limit: z.coerce.number().int().min(1).max(freeTextPage.max).default(freeTextPage.default),
};

/** The secret link of an ended campaign's results (D23). */
export const resultShareSchema = z.object({
  shared: z.boolean(),
  /** The public page's address; null when not shared. */
  url: z.string().nullable(),
  /** The shared page shows free-text answers (without who wrote them). */
  includeFreeText: z.boolean(),
  sharedAt: isoDateSchema.nullable(),
});
export type ResultShare = z.infer<typeof resultShareSchema>;

export const resultShareInputSchema = z.object({
  shared: z.boolean(),
  includeFreeText: z.boolean().default(false),
});

/** The shared results page (`/p/results/:token`): no participant's identity anywhere. */
export const sharedResultsSchema = z.object({
  title: z.string(),
  description: z.string(),
  language: languageSchema,
  manufacturerName: z.string(),
  endedAt: isoDateSchema.nullable(),
  answers: z.number().int(),
  responseRate: z.number().nullable(),
  includeFreeText: z.boolean(),
  questions: z.array(questionResultSchema),
});
export type SharedResults = z.infer<typeof sharedResultsSchema>;

/** A running campaign on the dashboard. */
export const dashboardCampaignSchema = campaignHeadlineSchema
  .pick({ answers: true, invited: true, responseRate: true })
  .extend({
    _id: idSchema,
    title: z.string(),
    state: campaignStateSchema,
    /** Answers in the last 7 days. */
    answersLast7Days: z.number().int(),
    lastAnswerAt: isoDateSchema.nullable(),
  });
export type DashboardCampaign = z.infer<typeof dashboardCampaignSchema>;

/** The most running campaigns the dashboard lists (the most recently answered first). */
export const dashboardCampaignsMax = 12;

const idParams = z.object({ id: idSchema });
const resultTag = ['results'];

export const resultRoutes = {
  statistics: defineRoute({
    method: 'GET',
    path: '/campaign/:id/statistics',
    access: 'connect',
    summary: "A campaign's statistics: invitations, answers per day over the window, rates",
    tags: resultTag,
    params: idParams,
    query: z.object({
      daysNumber: z.coerce.number().int().min(statisticsDays.min).max(statisticsDays.max).optional(),
      /** The console's language (accepted as the console sends it; the figures carry no texts). */
      language: languageSchema.optional(),
    }),
    status: 200,
    response: campaignStatisticsSchema,
  }),
  questionStats: defineRoute({
    method: 'GET',
    path: '/campaign/question/stats',
    access: 'connect',
    summary: "A campaign's results per question, for the tickets in the filter",
    tags: resultTag,
    query: resultFilterFields.extend({ campaignId: idSchema, ...freeTextPaging }).superRefine(rangeInOrder),
    status: 200,
    response: questionStatsSchema,
  }),
  xlsx: defineRoute({
    method: 'GET',
    path: '/campaign/question/xlsx',
    access: 'connect',
    summary:
      'Every ticket in the filter as a spreadsheet (canExport): one row per ticket, one column per question',
    tags: resultTag,
    query: resultFilterFields.extend({ campaignId: idSchema }).superRefine(rangeInOrder),
    status: 200,
  }),
  pdf: defineRoute({
    method: 'GET',
    path: '/campaign/:id/results/pdf',
    access: 'connect',
    summary: "The campaign's statistics and results as a PDF report in the campaign's language (canExport)",
    tags: resultTag,
    params: idParams,
    query: resultFilterSchema,
    status: 200,
  }),
  share: defineRoute({
    method: 'GET',
    path: '/campaign/:id/shareCampaignResult',
    access: 'connect',
    summary: "Whether the campaign's results are shared, and their link",
    tags: resultTag,
    params: idParams,
    status: 200,
    response: resultShareSchema,
  }),
  setShare: defineRoute({
    method: 'PUT',
    path: '/campaign/:id/shareCampaignResult',
    access: 'connect',
    summary: "Shares an ended campaign's results through a secret link, or withdraws the link",
    tags: resultTag,
    params: idParams,
    body: resultShareInputSchema,
    status: 200,
    response: resultShareSchema,
  }),
  dashboard: defineRoute({
    method: 'GET',
    path: '/campaign/dashboard',
    access: 'connect',
    summary: 'The running campaigns with their headline numbers, most recently answered first',
    tags: resultTag,
    status: 200,
    response: z.object({ campaigns: z.array(dashboardCampaignSchema), total: z.number().int() }),
  }),
  shared: defineRoute({
    method: 'GET',
    path: publicPaths.sharedResults,
    access: 'public',
    summary: "A campaign's shared results, by the secret link's token",
    tags: resultTag,
    params: z.object({ token: z.string().min(20).max(200) }),
    // The public page pages free text only so far: a far page is no one's reading, only a costly offset.
    query: z.object({
      questionId: idSchema.optional(),
      page: z.coerce.number().int().min(1).max(1000).default(1),
    }),
    status: 200,
    response: sharedResultsSchema,
  }),
} as const;
