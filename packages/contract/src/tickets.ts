import { z } from 'zod';
import { cursorSchema, idSchema, isoDateSchema, languageSchema, limits, listOf } from './common.js';
import { questionTypeSchema } from './questions.js';
import { defineRoute } from './route.js';
import { placeholderProblem } from './template-placeholders.js';
import { ownerTextSchema } from './templates.js';

/** What the participant answered to one question, with the question as they saw it (D13). */
export const ticketAnswerSchema = z.object({
  questionId: idSchema,
  type: questionTypeSchema,
  text: z.string(),
  optional: z.boolean(),
  options: z.array(z.object({ _id: idSchema, text: z.string() })),
  /** FreeText: the text; SingleChoice/MultiChoice: the chosen option ids; Ranking: all option ids, best first. */
  value: z.object({
    text: z.string().optional(),
    optionIds: z.array(idSchema).optional(),
  }),
  /** An optional question left blank, or one a path rule skipped. */
  skipped: z.boolean(),
  /** Why it was skipped: left blank, or led past by a path rule (absent on answers stored before it was kept). */
  skip: z.enum(['blank', 'path']).optional(),
});
export type TicketAnswer = z.infer<typeof ticketAnswerSchema>;

export const ticketContactSchema = z.object({
  _id: idSchema,
  email: z.string(),
  firstname: z.string().nullable(),
  lastname: z.string().nullable(),
});

/** D14: the owner's rating of one answer. */
export const voteSchema = z.enum(['up', 'down']);
export type Vote = z.infer<typeof voteSchema>;

/** An image or video a participant attached to a reply (D25: private, fetched with a token). */
export const ticketMediaSchema = z.object({
  _id: idSchema,
  kind: z.enum(['image', 'video']),
  contentType: z.string(),
  size: z.number().int(),
});
export type TicketMedia = z.infer<typeof ticketMediaSchema>;

/** One message of a ticket's conversation, as the owner sees it. */
export const ticketCommentSchema = z.object({
  _id: idSchema,
  author: z.enum(['owner', 'participant']),
  /** The owner's name on owner comments; the participant's name or address on theirs (null: deleted contact). */
  authorName: z.string().nullable(),
  description: z.string(),
  createdAt: isoDateSchema,
  /** Posted by a mass follow-up (D14). */
  massFollowUp: z.boolean(),
  media: z.array(ticketMediaSchema),
  /** A participant's comment this owner had not seen before this read. */
  isNew: z.boolean(),
  /** Written by the signed-in owner: only these can be deleted. */
  own: z.boolean(),
});
export type TicketComment = z.infer<typeof ticketCommentSchema>;

/** The owner's answer to the participant (D14). */
export const manuAnswerSchema = z.object({
  text: z.string(),
  /** Mailed to the participant (false: saved without notification, D8). */
  notified: z.boolean(),
  answeredAt: isoDateSchema,
  answeredBy: z.string().nullable(),
});
export type ManuAnswer = z.infer<typeof manuAnswerSchema>;

export const ticketListItemSchema = z.object({
  _id: idSchema,
  campaignId: idSchema,
  campaignTitle: z.string(),
  /** Null when the contact was deleted and its answers kept ("deleted contact"). */
  contact: ticketContactSchema.nullable(),
  /** False until the participant opened the private link mailed to them. */
  emailConfirmed: z.boolean(),
  answeredCount: z.number().int(),
  createdAt: isoDateSchema,
  /** The participant's or the owner's last message (or the answers, before any). */
  lastActivityAt: isoDateSchema,
  /** Archived (the API's `ignore` flag; docs/product-decisions.md, "The ticket conversation"). */
  ignored: z.boolean(),
  /** The owner has answered (manuAnswer). */
  answered: z.boolean(),
  commentCount: z.number().int(),
  /** The participant wrote (or attached) something this owner has not seen yet. */
  hasNew: z.boolean(),
  votes: z.object({ up: z.number().int(), down: z.number().int() }),
  /** The first free-text answer, shortened, for the inbox row. */
  excerpt: z.string().nullable(),
});
export type TicketListItem = z.infer<typeof ticketListItemSchema>;

export const ticketSchema = ticketListItemSchema.extend({
  language: languageSchema,
  answers: z.array(ticketAnswerSchema),
  manuAnswer: manuAnswerSchema.nullable(),
  /** Null when none; only with canPrivateNote it can be written. Never reaches the participant. */
  privateNote: z.string().nullable(),
  /** The rating of each answer by its question id. */
  ratings: z.record(z.string(), voteSchema),
  /** The conversation, oldest first. */
  comments: z.array(ticketCommentSchema),
  /** The participant turned off the mails of this conversation. */
  mailsOff: z.boolean(),
});
export type Ticket = z.infer<typeof ticketSchema>;

const trueFalse = z.enum(['true', 'false']).transform((v) => v === 'true');

/** The inbox's filters and order, for the list and for the ids of next and previous. */
export const ticketFilterSchema = z.object({
  /** Only tickets of members of this contact list (a group campaign's list filter, D11). */
  contactListId: idSchema.optional(),
  /** `false` (default): the inbox; `true`: the archive; `all`: both. */
  archived: z.enum(['true', 'false', 'all']).default('false'),
  /** Only tickets the owner has not answered. */
  unanswered: trueFalse.optional(),
  /** Only tickets with participant messages this owner has not seen. */
  newComments: trueFalse.optional(),
  /** `up`/`down`: some answer rated so; `none`: no answer rated. */
  rating: z.enum(['up', 'down', 'none']).optional(),
  /** Words in the participant's answers, name or address. */
  search: z.string().trim().max(200).optional(),
  /** `newest` (default), `oldest`, or `activity` (latest message first). */
  sort: z.enum(['newest', 'oldest', 'activity']).default('newest'),
});
export type TicketFilter = z.input<typeof ticketFilterSchema>;
/** The filter as the server reads it (defaults applied, flags as booleans). */
export type TicketFilterQuery = z.output<typeof ticketFilterSchema>;

/** A mass follow-up (D14) and how far its delivery got. */
export const massFollowUpSchema = z.object({
  _id: idSchema,
  campaignId: idSchema,
  description: z.string(),
  /** The owner's subject as written (placeholders unfilled); null: the default, in each ticket's language. */
  subject: z.string().nullable(),
  notify: z.boolean(),
  state: z.enum(['queued', 'running', 'done']),
  /** Tickets it goes to. */
  total: z.number().int(),
  /** Comments stored so far. */
  done: z.number().int(),
  /** Reminders sent to participants who stayed silent for 3 days. */
  reminded: z.number().int(),
  createdAt: isoDateSchema,
  finishedAt: isoDateSchema.nullable(),
});
export type MassFollowUp = z.infer<typeof massFollowUpSchema>;

/** The longest subject of a mass follow-up's mail. */
export const massFollowUpSubjectMax = 200;

/**
 * A mass follow-up's mail subject (docs/product-decisions.md, "Mass follow-up"): one line, with the
 * message's placeholders, refused before saving when one is unknown.
 */
export const massFollowUpSubjectSchema = z
  .string()
  .trim()
  .min(1, 'must not be empty')
  .max(massFollowUpSubjectMax, `must be at most ${massFollowUpSubjectMax} characters`)
  .superRefine((v, ctx) => {
    if (/[\r\n]/.test(v)) ctx.addIssue({ code: 'custom', message: 'must be one line' });
    const problem = placeholderProblem(v);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  });

/**
 * The subject a mass follow-up's mail has when the owner sets none, in each ticket's language, as
 * placeholders (the console offers it to edit; the server's mail fills the same words).
 */
export const defaultMassFollowUpSubject = {
  en: '{{manufacturer.name}} has a question about "{{campaign.title}}"',
  de: '{{manufacturer.name}} hat eine Frage zu „{{campaign.title}}“',
} as const;

/** The most tickets one bulk archive names (a few pages of the inbox). */
export const ticketBulkMax = 1000;

/** The most tickets one mass follow-up may name; without `ticketIds` it reaches every open ticket. */
export const massFollowUpMaxTicketIds = 10_000;
/** The most ids `allCmpTicketIds` answers (the rest: `truncated`). */
export const ticketIdsMax = 10_000;

const idParams = z.object({ id: idSchema });
const ticketTag = ['tickets'];

export const ticketRoutes = {
  list: defineRoute({
    method: 'GET',
    path: '/campaignTicket/all',
    access: 'connect',
    summary: "Campaign tickets: one campaign's, or every campaign's (the inbox), filtered and sorted",
    tags: ticketTag,
    query: ticketFilterSchema.extend({
      /** Absent: the tickets of every campaign (the inbox). */
      campaignId: idSchema.optional(),
      page: z.coerce.number().int().min(1).default(1),
      limit: z.coerce.number().int().min(1).max(100).default(20),
      /** The rows after an earlier answer's `next` in the same sort, whatever `page` says (keyset paging). */
      after: cursorSchema.optional(),
    }),
    status: 200,
    response: listOf(ticketListItemSchema),
  }),
  ids: defineRoute({
    method: 'GET',
    path: '/campaignTicket/:campaignId/allCmpTicketIds',
    access: 'connect',
    summary:
      'The ids of the tickets in the filter, in its order (for next and previous); `all` for every campaign',
    tags: ticketTag,
    params: z.object({ campaignId: z.union([idSchema, z.literal('all')]) }),
    query: ticketFilterSchema,
    status: 200,
    response: z.object({ ids: z.array(idSchema), truncated: z.boolean() }),
  }),
  get: defineRoute({
    method: 'GET',
    path: '/campaignTicket/:id',
    access: 'connect',
    summary: 'A campaign ticket with its answers and conversation',
    tags: ticketTag,
    params: idParams,
    query: z.object({
      language: languageSchema.optional(),
      shouldMarkCommentsAndMediaAsSeen: z.enum(['true', 'false']).optional(),
    }),
    status: 200,
    response: ticketSchema,
  }),
  comment: defineRoute({
    method: 'POST',
    path: '/campaignTicket/:id/comment',
    access: 'connect',
    summary: 'Comment on a ticket (canComment); the participant is mailed',
    tags: ticketTag,
    params: idParams,
    body: z.object({ description: ownerTextSchema }),
    status: 201,
    response: ticketCommentSchema,
  }),
  deleteComment: defineRoute({
    method: 'DELETE',
    path: '/campaignTicket/:id/comment/:cid',
    access: 'connect',
    summary: "Delete one of the signed-in owner's own comments (canComment)",
    tags: ticketTag,
    params: z.object({ id: idSchema, cid: idSchema }),
    status: 204,
  }),
  privateNote: defineRoute({
    method: 'PUT',
    path: '/campaignTicket/:id/private_note',
    access: 'connect',
    summary:
      "Set the ticket's private note (canPrivateNote; empty clears it); never shown to the participant",
    tags: ticketTag,
    params: idParams,
    body: z.object({
      privateNote: z.string().trim().max(limits.textMax, `must be at most ${limits.textMax} characters`),
    }),
    status: 200,
    response: z.object({ privateNote: z.string().nullable() }),
  }),
  answer: defineRoute({
    method: 'PUT',
    path: '/campaignTicket/:id/answer',
    access: 'connect',
    summary: "Set the owner's answer; mailed unless notify is false (canSaveAnswerWithoutNotification)",
    tags: ticketTag,
    params: idParams,
    body: z.object({ manuAnswer: ownerTextSchema, notify: z.boolean().default(true) }),
    status: 200,
    response: manuAnswerSchema,
  }),
  ignore: defineRoute({
    method: 'POST',
    path: '/campaignTicket/:id/ignore',
    access: 'connect',
    summary: 'Archive (ignore: true) or restore a ticket; an archived ticket is read-only',
    tags: ticketTag,
    params: idParams,
    body: z.object({ ignore: z.boolean() }),
    status: 200,
    response: z.object({ ignored: z.boolean() }),
  }),
  bulkArchive: defineRoute({
    method: 'POST',
    path: '/campaignTicket/bulk-archive',
    access: 'connect',
    summary: "Archive (archived: true) or restore several tickets; ids not the manufacturer's are left alone",
    tags: ticketTag,
    body: z.object({
      ids: z.array(idSchema).min(1, 'must name at least one ticket').max(ticketBulkMax),
      archived: z.boolean(),
    }),
    status: 200,
    /** How many tickets changed (those already so are not counted). */
    response: z.object({ changed: z.number().int() }),
  }),
  rate: defineRoute({
    method: 'POST',
    path: '/campaignTicket/:id/rate/:x',
    access: 'connect',
    summary: 'Rate the answer to question x: up, down, or null to clear',
    tags: ticketTag,
    params: z.object({ id: idSchema, x: idSchema }),
    body: z.object({ vote: voteSchema.nullable() }),
    status: 200,
    response: z.object({ ratings: z.record(z.string(), voteSchema) }),
  }),
  media: defineRoute({
    method: 'GET',
    path: '/campaignTicket/:id/media/:mediaId',
    access: 'connect',
    summary: 'An image or video the participant attached (the console shows it through an object URL)',
    tags: ticketTag,
    params: z.object({ id: idSchema, mediaId: idSchema }),
    status: 200,
  }),
  massFollowUp: defineRoute({
    method: 'POST',
    path: '/campaignticket/:id/comment/massfollowup',
    access: 'connect',
    summary:
      'Post one comment to many tickets of the campaign (canComment), as a job; silent ones get one reminder after 3 days',
    tags: ticketTag,
    params: idParams,
    body: z.object({
      description: ownerTextSchema,
      /** The mails' subject, with the message's placeholders; absent: the default in each ticket's language. */
      subject: massFollowUpSubjectSchema.optional(),
      /** Absent: every ticket of the campaign that is not archived. */
      ticketIds: z
        .array(idSchema)
        .min(1, 'must name at least one ticket')
        .max(massFollowUpMaxTicketIds, `must name at most ${massFollowUpMaxTicketIds} tickets`)
        .optional(),
      /** False: no mails, no reminder (needs canSaveAnswerWithoutNotification). */
      notify: z.boolean().default(true),
    }),
    status: 201,
    response: massFollowUpSchema,
  }),
  massFollowUps: defineRoute({
    method: 'GET',
    path: '/campaignticket/:id/comment/massfollowup',
    access: 'connect',
    summary: "The campaign's mass follow-ups, newest first, with their progress",
    tags: ticketTag,
    params: idParams,
    query: z.object({
      page: z.coerce.number().int().min(1).default(1),
      limit: z.coerce.number().int().min(1).max(100).default(20),
    }),
    status: 200,
    response: listOf(massFollowUpSchema),
  }),
  massFollowUpStatus: defineRoute({
    method: 'GET',
    path: '/campaignticket/:id/comment/massfollowup/:followUpId',
    access: 'connect',
    summary: 'One mass follow-up and its progress',
    tags: ticketTag,
    params: z.object({ id: idSchema, followUpId: idSchema }),
    status: 200,
    response: massFollowUpSchema,
  }),
} as const;
