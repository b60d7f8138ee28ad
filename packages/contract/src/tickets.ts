import { z } from 'zod';
import { idSchema, isoDateSchema, languageSchema, listOf } from './common.js';
import { questionTypeSchema } from './questions.js';
import { defineRoute } from './route.js';

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
});
export type TicketAnswer = z.infer<typeof ticketAnswerSchema>;

export const ticketContactSchema = z.object({
  _id: idSchema,
  email: z.string(),
  firstname: z.string().nullable(),
  lastname: z.string().nullable(),
});

export const ticketListItemSchema = z.object({
  _id: idSchema,
  campaignId: idSchema,
  /** Null when the contact was deleted and its answers kept ("deleted contact"). */
  contact: ticketContactSchema.nullable(),
  /** False until the participant opened the private link mailed to them. */
  emailConfirmed: z.boolean(),
  answeredCount: z.number().int(),
  createdAt: isoDateSchema,
});
export type TicketListItem = z.infer<typeof ticketListItemSchema>;

export const ticketSchema = ticketListItemSchema.extend({
  campaignTitle: z.string(),
  language: languageSchema,
  answers: z.array(ticketAnswerSchema),
});
export type Ticket = z.infer<typeof ticketSchema>;

export const ticketRoutes = {
  list: defineRoute({
    method: 'GET',
    path: '/campaignTicket/all',
    access: 'connect',
    summary: "A campaign's tickets, newest first",
    tags: ['tickets'],
    query: z.object({
      campaignId: idSchema,
      page: z.coerce.number().int().min(1).default(1),
      limit: z.coerce.number().int().min(1).max(100).default(20),
      /** Only tickets of members of this contact list (a group campaign's list filter, D11). */
      contactListId: idSchema.optional(),
    }),
    status: 200,
    response: listOf(ticketListItemSchema),
  }),
  get: defineRoute({
    method: 'GET',
    path: '/campaignTicket/:id',
    access: 'connect',
    summary: 'A campaign ticket with its answers',
    tags: ['tickets'],
    params: z.object({ id: idSchema }),
    query: z.object({
      language: languageSchema.optional(),
      shouldMarkCommentsAndMediaAsSeen: z.enum(['true', 'false']).optional(),
    }),
    status: 200,
    response: ticketSchema,
  }),
} as const;
