import { z } from 'zod';
import {
  cursorSchema,
  idSchema,
  imageUrlSchema,
  isoDateSchema,
  languageSchema,
  limits,
  listOf,
  pageQuerySchema,
  queryArray,
  readUpdatedAtSchema,
} from './common.js';
import { defineRoute } from './route.js';

/** D12: draft → running → ended → running (restart); any → archived. */
export const campaignStateSchema = z.enum(['draft', 'running', 'ended', 'archived']);
export type CampaignState = z.infer<typeof campaignStateSchema>;

/** D11: when a running campaign ends by itself. */
export const endConditionSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('never') }),
  z.object({
    type: z.literal('date'),
    endsAt: z.iso
      .datetime({ offset: true, message: 'must be an ISO date-time' })
      // PostgreSQL stores years 4713 BC to 294276 AD; a survey's end is sensibly far inside that.
      .refine((v) => {
        const year = new Date(v).getUTCFullYear();
        return year >= 2000 && year <= 9999;
      }, 'must be a date between the years 2000 and 9999'),
  }),
  z.object({
    type: z.literal('participationTarget'),
    target: z.number().int().min(1, 'must be at least 1').max(1_000_000, 'must be at most 1000000'),
  }),
]);
export type EndCondition = z.infer<typeof endConditionSchema>;

/**
 * Which part of the end condition is met (D11), or null: its end date has passed, or its
 * participation target is reached. A campaign in that state cannot (re)start (409
 * `campaign/end-condition-met`); the server refuses by this and the console says so beforehand.
 */
export type MetEndCondition = 'date' | 'participationTarget';
export const endConditionMet = (
  c: { endCondition: EndCondition; ticketCount: number },
  now: Date,
): MetEndCondition | null => {
  const e = c.endCondition;
  if (e.type === 'date' && Date.parse(e.endsAt) <= now.getTime()) return 'date';
  if (e.type === 'participationTarget' && c.ticketCount >= e.target) return 'participationTarget';
  return null;
};

export const campaignTitleLimits = { min: 2, max: 200 } as const;

/** Fields an owner edits (D11). `PUT` takes the whole body; read-only and unknown keys are ignored (D3). */
export const campaignInputSchema = z.object({
  title: z
    .string()
    .trim()
    .min(campaignTitleLimits.min, `must be at least ${campaignTitleLimits.min} characters`)
    .max(campaignTitleLimits.max, `must be at most ${campaignTitleLimits.max} characters`),
  description: z.string().max(limits.textMax, `must be at most ${limits.textMax} characters`).default(''),
  language: languageSchema.default('en'),
  image: imageUrlSchema.nullable().default(null),
  endCondition: endConditionSchema.default({ type: 'never' }),
  autoReminder: z.boolean().default(false),
  isGroupCampaign: z.boolean().default(false),
  allowMultipleParticipation: z.boolean().default(false),
  openLink: z.boolean().default(true),
});
export type CampaignInput = z.input<typeof campaignInputSchema>;

export const campaignUpdateSchema = campaignInputSchema.extend({
  /** The `updatedAt` the client read; a newer record answers 409 conflict/stale. */
  updatedAt: readUpdatedAtSchema.optional(),
});

export const campaignSchema = z.object({
  _id: idSchema,
  title: z.string(),
  description: z.string(),
  language: languageSchema,
  image: z.string().nullable(),
  endCondition: endConditionSchema,
  autoReminder: z.boolean(),
  isGroupCampaign: z.boolean(),
  allowMultipleParticipation: z.boolean(),
  openLink: z.boolean(),
  /** Campaign tags (D17): every participant gets them. Changed by the tag calls, read-only here. */
  tags: z.array(z.string()),
  state: campaignStateSchema,
  /** The state it had when archived, so the console can say what it was. */
  archivedFrom: campaignStateSchema.nullable(),
  /** True once started: question types are fixed from then on (D12). */
  hasStarted: z.boolean(),
  startedAt: isoDateSchema.nullable(),
  endedAt: isoDateSchema.nullable(),
  archivedAt: isoDateSchema.nullable(),
  ticketCount: z.number().int(),
  questionCount: z.number().int(),
  /** The public survey link (`${PUBLIC_URL}/p/c/:id`); answerable only with openLink on and running. */
  openLinkUrl: z.string(),
  createdAt: isoDateSchema,
  updatedAt: isoDateSchema,
});
export type Campaign = z.infer<typeof campaignSchema>;

export const campaignLightSchema = campaignSchema.pick({
  _id: true,
  title: true,
  state: true,
  language: true,
  endCondition: true,
  ticketCount: true,
  questionCount: true,
  hasStarted: true,
  updatedAt: true,
});
export type CampaignLight = z.infer<typeof campaignLightSchema>;

const idParams = z.object({ id: idSchema });
const statesQuery = queryArray(campaignStateSchema);

export const campaignSortFields = ['title', 'createdAt', 'updatedAt', 'state', 'ticketCount'] as const;

/** D25: PNG images of campaigns and questions, uploaded as multipart field `file`. */
export const imageUpload = {
  path: '/campaign/:id/image',
  access: 'connect',
  maxBytes: 5 * 1024 * 1024,
  maxPixels: 2000,
  response: z.object({ url: z.string() }),
} as const;

export const campaignRoutes = {
  list: defineRoute({
    method: 'GET',
    path: '/v2/campaign/all',
    access: 'connect',
    summary: 'Campaigns, paged and filtered; archived ones only when asked for',
    tags: ['campaigns'],
    query: pageQuerySchema.extend({
      /** Keyset paging: the rows after this cursor (an earlier answer's `next`); `page` is then ignored. */
      after: cursorSchema.optional(),
      search: z.string().trim().max(200).optional(),
      /** Default: every state but archived. */
      'states[]': statesQuery,
      sort: z
        .enum([...campaignSortFields, ...campaignSortFields.map((f) => `-${f}` as const)])
        .default('-createdAt'),
    }),
    status: 200,
    response: listOf(campaignSchema),
  }),
  search: defineRoute({
    method: 'GET',
    path: '/campaign/search',
    access: 'connect',
    summary: 'Campaigns whose title contains the search text (not archived)',
    tags: ['campaigns'],
    query: z.object({
      search: z.string().trim().max(200).default(''),
      limit: z.coerce.number().int().min(1).max(100).default(20),
    }),
    status: 200,
    response: z.object({ documents: z.array(campaignLightSchema) }),
  }),
  names: defineRoute({
    method: 'GET',
    path: '/campaign/names',
    access: 'connect',
    summary: 'Ids, titles and states of campaigns, for pickers',
    tags: ['campaigns'],
    query: z.object({ 'states[]': statesQuery }),
    status: 200,
    response: z.object({
      documents: z.array(z.object({ _id: idSchema, title: z.string(), state: campaignStateSchema })),
    }),
  }),
  light: defineRoute({
    method: 'GET',
    path: '/campaign/:id/light',
    access: 'connect',
    summary: 'A campaign without its details',
    tags: ['campaigns'],
    params: idParams,
    status: 200,
    response: campaignLightSchema,
  }),
  get: defineRoute({
    method: 'GET',
    path: '/campaign/:id',
    access: 'connect',
    summary: 'A campaign',
    tags: ['campaigns'],
    params: idParams,
    status: 200,
    response: campaignSchema,
  }),
  create: defineRoute({
    method: 'POST',
    path: '/campaign',
    access: 'connect',
    summary: 'Create a draft campaign',
    tags: ['campaigns'],
    body: campaignInputSchema,
    status: 201,
    response: campaignSchema,
  }),
  update: defineRoute({
    method: 'PUT',
    path: '/campaign/:id',
    access: 'connect',
    summary: 'Update a campaign (whole body); an ended one only its end condition',
    tags: ['campaigns'],
    params: idParams,
    body: campaignUpdateSchema,
    status: 200,
    response: campaignSchema,
  }),
  archive: defineRoute({
    method: 'DELETE',
    path: '/campaign/:id',
    access: 'connect',
    summary: 'Archive a campaign (it stays readable, its tickets stay)',
    tags: ['campaigns'],
    params: idParams,
    status: 204,
  }),
  copy: defineRoute({
    method: 'POST',
    path: '/campaign/:id/copy',
    access: 'connect',
    summary: 'Copy a campaign into a new draft with its questions, options and option tags',
    tags: ['campaigns'],
    params: idParams,
    status: 201,
    response: campaignSchema,
  }),
  start: defineRoute({
    method: 'POST',
    path: '/campaign/:id/start',
    access: 'connect',
    summary: 'Start a draft or restart an ended campaign',
    tags: ['campaigns'],
    params: idParams,
    status: 200,
    response: campaignSchema,
  }),
  stop: defineRoute({
    method: 'POST',
    path: '/campaign/:id/stop',
    access: 'connect',
    summary: 'End a running campaign',
    tags: ['campaigns'],
    params: idParams,
    status: 200,
    response: campaignSchema,
  }),
  /** Multipart (field `file`), so no body schema: the route reads the part itself (D25). */
  uploadImage: defineRoute({
    method: 'POST',
    path: imageUpload.path,
    access: imageUpload.access,
    summary: 'Upload a PNG image of the campaign or one of its questions (multipart field `file`)',
    tags: ['campaigns'],
    params: idParams,
    consumes: ['multipart/form-data'],
    status: 201,
    response: imageUpload.response,
  }),
} as const;
