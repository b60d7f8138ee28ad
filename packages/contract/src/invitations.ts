import { z } from 'zod';
import { idSchema, listOf, queryArray } from './common.js';
import {
  contactKindSchema,
  invitationStateSchema,
  invitationSummarySchema,
  inviteReportSchema,
} from './contacts.js';
import { limits } from './limits.js';
import { answerValueSchema, publicSurveySchema, submitResultSchema } from './participation.js';
import { publicPaths } from './public-paths.js';
import { defineRoute } from './route.js';

/** A campaign's participant: a contact invited to it or answering it, with the invitation's state. */
export const participantSchema = z.object({
  /** The contact's id (the `cid` of `DELETE campaign/{id}/contacts/{cid}`). */
  _id: idSchema,
  email: z.string(),
  kind: contactKindSchema,
  firstname: z.string().nullable(),
  lastname: z.string().nullable(),
  /** Absent for someone who answered through the open link without an invitation. */
  invitation: invitationSummarySchema.nullable(),
  /** The invitation's state, or `answered` for an open-link participant. */
  state: invitationStateSchema,
  ticketCount: z.number().int(),
});
export type Participant = z.infer<typeof participantSchema>;

export const participantStatisticsSchema = z.object({
  invited: z.number().int(),
  queued: z.number().int(),
  sent: z.number().int(),
  opened: z.number().int(),
  answered: z.number().int(),
  failed: z.number().int(),
  unsubscribed: z.number().int(),
  /** Answered invitations over invitations that went out (sent, opened, answered), 0 to 1. */
  responseRate: z.number(),
  /** People who answered through the open link without an invitation. */
  openLinkAnswers: z.number().int(),
});
export type ParticipantStatistics = z.infer<typeof participantStatisticsSchema>;

const idParams = z.object({ id: idSchema });
const tokenParams = z.object({ token: z.string().min(20).max(200) });

/** The survey behind a personal link: the campaign as the open link shows it, and who is invited. */
export const invitedSurveySchema = publicSurveySchema.extend({
  invitee: z.object({ email: z.string(), firstname: z.string().nullable(), lastname: z.string().nullable() }),
  /** The invitee has answered already (and may not answer again). */
  answered: z.boolean(),
});
export type InvitedSurvey = z.infer<typeof invitedSurveySchema>;

export const unsubscribeInfoSchema = z.object({
  email: z.string(),
  manufacturerName: z.string(),
  unsubscribed: z.boolean(),
});
export type UnsubscribeInfo = z.infer<typeof unsubscribeInfoSchema>;

export const invitationRoutes = {
  participants: defineRoute({
    method: 'GET',
    path: '/campaign/:id/contacts',
    access: 'connect',
    summary: "A campaign's participants: invited and answered, with each invitation's state",
    tags: ['invitations'],
    params: idParams,
    query: z.object({
      page: z.coerce.number().int().min(1).default(1),
      limit: z.coerce.number().int().min(1).max(100).default(20),
      search: z.string().trim().max(200).optional(),
      'states[]': queryArray(invitationStateSchema),
      /** Only members of this contact list (a group campaign's list filter, D11). */
      contactListId: idSchema.optional(),
    }),
    status: 200,
    response: listOf(participantSchema),
  }),
  statistics: defineRoute({
    method: 'GET',
    path: '/campaign/:id/contacts/statistics',
    access: 'connect',
    summary: "Counts of a campaign's invitations by state, and its response rate",
    tags: ['invitations'],
    params: idParams,
    status: 200,
    response: participantStatisticsSchema,
  }),
  toAdd: defineRoute({
    method: 'GET',
    path: '/campaign/:id/contacts-to-add',
    access: 'connect',
    summary: 'Contacts not invited to the campaign yet (nor answering it), searched and paged',
    tags: ['invitations'],
    params: idParams,
    query: z.object({
      page: z.coerce.number().int().min(1).default(1),
      limit: z.coerce.number().int().min(1).max(100).default(20),
      search: z.string().trim().max(200).optional(),
    }),
    status: 200,
    response: listOf(
      z.object({
        _id: idSchema,
        email: z.string(),
        kind: contactKindSchema,
        firstname: z.string().nullable(),
        lastname: z.string().nullable(),
        unsubscribed: z.boolean(),
      }),
    ),
  }),
  add: defineRoute({
    method: 'POST',
    path: '/campaign/:id/contacts',
    access: 'connect',
    summary: 'Invite contacts to the campaign (callForCheck: only say what it would do)',
    tags: ['invitations'],
    params: idParams,
    body: z.object({
      contacts: z.array(idSchema).min(1, 'must name at least one contact').max(1000),
      callForCheck: z.boolean().default(false),
    }),
    status: 200,
    response: inviteReportSchema,
  }),
  withdraw: defineRoute({
    method: 'DELETE',
    path: '/campaign/:id/contacts/:cid',
    access: 'connect',
    summary: 'Withdraw an invitation not answered yet (its link stops working)',
    tags: ['invitations'],
    params: z.object({ id: idSchema, cid: idSchema }),
    status: 204,
  }),
  resend: defineRoute({
    method: 'POST',
    path: '/campaign/:id/contacts/:cid/resend',
    access: 'connect',
    summary: 'Send an invitation that failed or was not answered again (a new personal link)',
    tags: ['invitations'],
    params: z.object({ id: idSchema, cid: idSchema }),
    status: 200,
    response: invitationSummarySchema,
  }),
  survey: defineRoute({
    method: 'GET',
    path: publicPaths.invitation,
    access: 'public',
    summary: 'The survey behind a personal invitation link (marks the invitation opened)',
    tags: ['participation'],
    params: tokenParams,
    status: 200,
    response: invitedSurveySchema,
  }),
  submit: defineRoute({
    method: 'POST',
    path: publicPaths.invitationAnswer,
    access: 'public',
    summary: "Store an invitee's answers as their campaign ticket",
    tags: ['participation'],
    params: tokenParams,
    body: z.object({
      firstname: z
        .string()
        .trim()
        .max(limits.nameMax, `must be at most ${limits.nameMax} characters`)
        .optional(),
      lastname: z
        .string()
        .trim()
        .max(limits.nameMax, `must be at most ${limits.nameMax} characters`)
        .optional(),
      submissionId: idSchema,
      answers: z.array(answerValueSchema).max(500),
    }),
    status: 201,
    response: submitResultSchema,
  }),
  unsubscribeInfo: defineRoute({
    method: 'GET',
    path: publicPaths.unsubscribe,
    access: 'public',
    summary: 'Who an unsubscribe link belongs to',
    tags: ['participation'],
    params: tokenParams,
    status: 200,
    response: unsubscribeInfoSchema,
  }),
  unsubscribe: defineRoute({
    method: 'POST',
    path: publicPaths.unsubscribe,
    access: 'public',
    summary: "Unsubscribe the link's address from this manufacturer's invitations (one click, RFC 8058)",
    tags: ['participation'],
    params: tokenParams,
    status: 204,
  }),
} as const;
