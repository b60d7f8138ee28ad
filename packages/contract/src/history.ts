import { z } from 'zod';
import { idSchema, isoDateSchema, productSchema } from './common.js';
import { defineRoute } from './route.js';

/** D20: the kinds of history entries. */
export const historyKindSchema = z.enum([
  'newCampaignTicket',
  'newComment',
  'newFeedbackByUser',
  'reminderMassFollowUp',
  'campaignEnded',
  /** Someone sent the public contact-request form (D18; connect). */
  'newContactRequest',
  /** Visitors' confirmed reports hid a published post (D19; platform). */
  'postHiddenByReports',
]);
export type HistoryKind = z.infer<typeof historyKindSchema>;

export const historyEntrySchema = z.object({
  _id: idSchema,
  product: productSchema,
  kind: historyKindSchema,
  /** What the entry is about, for the console to link to (D10 routes). */
  subject: z.object({
    type: z.enum(['campaign', 'campaignTicket', 'postTicket', 'contactRequest']),
    _id: idSchema,
    title: z.string().nullable(),
  }),
  /** Extra data for the message (e.g. the campaign of a ticket). */
  data: z.record(z.string(), z.unknown()),
  isNewHistory: z.boolean(),
  createdAt: isoDateSchema,
});
export type HistoryEntry = z.infer<typeof historyEntrySchema>;

export const historyRoutes = {
  me: defineRoute({
    method: 'GET',
    path: '/history/me',
    access: 'private',
    summary: "The signed-in owner's history of one product area, newest first",
    tags: ['history'],
    query: z.object({
      product: productSchema,
      limit: z.coerce.number().int().min(1).max(100).default(50),
      page: z.coerce.number().int().min(1).default(1),
    }),
    status: 200,
    response: z.object({
      documents: z.array(historyEntrySchema),
      total: z.number().int(),
      newCount: z.number().int(),
    }),
  }),
  seen: defineRoute({
    method: 'POST',
    path: '/history/seen',
    access: 'private',
    summary: 'Mark history entries as seen by the signed-in owner',
    tags: ['history'],
    body: z.object({ ids: z.array(idSchema).min(1).max(500) }),
    status: 204,
  }),
} as const;
