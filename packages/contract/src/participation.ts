import { z } from 'zod';
import { emailSchema, idSchema, isoDateSchema, languageSchema, limits } from './common.js';
import { publicPaths } from './public-paths.js';
import { questionTypeSchema } from './questions.js';
import { defineRoute } from './route.js';
import { ticketMediaLimits } from './ticket-media-checks.js';
import { ticketAnswerSchema, ticketMediaSchema } from './tickets.js';

/**
 * The participant's side (D10 public pages): public calls, no token.
 * `status` tells the survey page what to show instead of the questions.
 */
export const surveyStatusSchema = z.enum(['open', 'draft', 'ended', 'archived', 'full', 'closed']);
export type SurveyStatus = z.infer<typeof surveyStatusSchema>;

export const publicQuestionSchema = z.object({
  _id: idSchema,
  type: questionTypeSchema,
  text: z.string(),
  optional: z.boolean(),
  image: z.string().nullable(),
  link: z.string().nullable(),
  options: z.array(z.object({ _id: idSchema, text: z.string() })),
  pathRules: z.array(z.object({ optionId: idSchema, nextQuestionId: idSchema.nullable() })),
});
export type PublicQuestion = z.infer<typeof publicQuestionSchema>;

export const publicSurveySchema = z.object({
  _id: idSchema,
  title: z.string(),
  description: z.string(),
  language: languageSchema,
  image: z.string().nullable(),
  manufacturerName: z.string(),
  status: surveyStatusSchema,
  allowMultipleParticipation: z.boolean(),
  /** Empty unless status is open (or the owner previews it). */
  questions: z.array(publicQuestionSchema),
  /** The manufacturer's privacy notice, else the installation's (`PRIVACY_URL`), else none. */
  privacyUrl: z.string().nullable(),
  /** The manufacturer's imprint, when it set one (docs/product-decisions.md, "API-wide"). */
  imprintUrl: z.string().nullable().optional(),
});
export type PublicSurvey = z.infer<typeof publicSurveySchema>;

export const answerValueSchema = z.object({
  questionId: idSchema,
  text: z.string().max(limits.textMax, `must be at most ${limits.textMax} characters`).optional(),
  optionIds: z.array(idSchema).max(50).optional(),
});

export const submitAnswersSchema = z.object({
  email: emailSchema,
  firstname: z.string().trim().max(limits.nameMax, `must be at most ${limits.nameMax} characters`).optional(),
  lastname: z.string().trim().max(limits.nameMax, `must be at most ${limits.nameMax} characters`).optional(),
  /** Made once per filled-in form by the page: a double submit stores one ticket. */
  submissionId: idSchema,
  answers: z.array(answerValueSchema).max(500),
});
export type SubmitAnswers = z.input<typeof submitAnswersSchema>;

export const submitResultSchema = z.object({ stored: z.literal(true), campaignEnded: z.boolean() });
export type SubmitResult = z.infer<typeof submitResultSchema>;

export const participantTicketSchema = z.object({
  campaign: z.object({
    _id: idSchema,
    title: z.string(),
    language: languageSchema,
    manufacturerName: z.string(),
  }),
  /** Null when the owner deleted the contact and kept its answers. */
  contact: z
    .object({ email: z.string(), firstname: z.string().nullable(), lastname: z.string().nullable() })
    .nullable(),
  answers: z.array(ticketAnswerSchema),
  createdAt: isoDateSchema,
  /** The manufacturer's privacy notice, else the installation's; its imprint where it set one. */
  privacyUrl: z.string().nullable(),
  imprintUrl: z.string().nullable(),
  /** The owner's answer, if any (never the private note). */
  manuAnswer: z.object({ text: z.string(), answeredAt: isoDateSchema }).nullable(),
  /** The conversation, oldest first. */
  comments: z.array(
    z.object({
      _id: idSchema,
      author: z.enum(['owner', 'participant']),
      /** The manufacturer's name on the owner's messages, the participant's own name on theirs. */
      authorName: z.string().nullable(),
      description: z.string(),
      createdAt: isoDateSchema,
      media: z.array(ticketMediaSchema),
    }),
  ),
  /** The participant turned off the mails of this conversation. */
  mailsOff: z.boolean(),
});
export type ParticipantTicket = z.infer<typeof participantTicketSchema>;
export type ParticipantComment = ParticipantTicket['comments'][number];

const ticketTokenSchema = z.string().min(20).max(200);

export const participationRoutes = {
  survey: defineRoute({
    method: 'GET',
    path: publicPaths.survey,
    access: 'public',
    summary: 'A survey by its open link, as the participant sees it',
    tags: ['participation'],
    params: z.object({ id: idSchema }),
    status: 200,
    response: publicSurveySchema,
  }),
  preview: defineRoute({
    method: 'GET',
    path: '/campaign/:id/preview',
    access: 'connect',
    summary: 'The survey as a participant would see it, in any state (for the owner)',
    tags: ['participation'],
    params: z.object({ id: idSchema }),
    status: 200,
    response: publicSurveySchema,
  }),
  submit: defineRoute({
    method: 'POST',
    path: publicPaths.submit,
    access: 'public',
    summary: "Store a participant's answers as a campaign ticket",
    tags: ['participation'],
    params: z.object({ id: idSchema }),
    body: submitAnswersSchema,
    status: 201,
    response: submitResultSchema,
  }),
  checkEmail: defineRoute({
    method: 'POST',
    path: publicPaths.checkEmail,
    access: 'public',
    summary:
      'Whether the survey takes answers now (asked at its first step). 204 whatever the address: one that answered already is told by mail, and the answer is checked again',
    tags: ['participation'],
    params: z.object({ id: idSchema }),
    body: submitAnswersSchema.pick({ email: true }),
    status: 204,
  }),
  ticket: defineRoute({
    method: 'GET',
    path: publicPaths.ticket,
    access: 'public',
    summary: "The participant's ticket by the private link mailed to them (confirms the address)",
    tags: ['participation'],
    params: z.object({ token: ticketTokenSchema }),
    status: 200,
    response: participantTicketSchema,
  }),
  ticketComment: defineRoute({
    method: 'POST',
    path: publicPaths.ticketComment,
    access: 'public',
    summary:
      "The participant's reply on their ticket, with media uploaded before (restores an archived ticket)",
    tags: ['participation'],
    params: z.object({ token: ticketTokenSchema }),
    body: z
      .object({
        description: z
          .string()
          .trim()
          .max(limits.textMax, `must be at most ${limits.textMax} characters`)
          .default(''),
        mediaIds: z
          .array(idSchema)
          .max(ticketMediaLimits.perComment, `must name at most ${ticketMediaLimits.perComment} files`)
          .default([]),
      })
      .refine((b) => b.description.length > 0 || b.mediaIds.length > 0, {
        message: 'must not be empty (write something or attach a file)',
        path: ['description'],
      }),
    status: 201,
    response: participantTicketSchema.shape.comments.element,
  }),
  ticketMediaUpload: defineRoute({
    method: 'POST',
    path: publicPaths.ticketMediaUpload,
    access: 'public',
    summary:
      'Upload an image or video for the next reply (multipart field "file"; type and size checked on its bytes)',
    tags: ['participation'],
    params: z.object({ token: ticketTokenSchema }),
    consumes: ['multipart/form-data'],
    status: 201,
    response: ticketMediaSchema,
  }),
  ticketMedia: defineRoute({
    method: 'GET',
    path: publicPaths.ticketMedia,
    access: 'public',
    summary: 'An image or video of this ticket, for its participant only (by the private link)',
    tags: ['participation'],
    params: z.object({ token: ticketTokenSchema, mediaId: idSchema }),
    status: 200,
  }),
  ticketMails: defineRoute({
    method: 'PUT',
    path: publicPaths.ticketMails,
    access: 'public',
    summary: 'Turn the mails of this conversation off or on again',
    tags: ['participation'],
    params: z.object({ token: ticketTokenSchema }),
    body: z.object({ mailsOff: z.boolean() }),
    status: 200,
    response: z.object({ mailsOff: z.boolean() }),
  }),
  ticketUnsubscribe: defineRoute({
    method: 'POST',
    path: publicPaths.ticketUnsubscribe,
    access: 'public',
    summary: "A mail client's one-click unsubscribe from this conversation's mails (RFC 8058)",
    tags: ['participation'],
    params: z.object({ token: ticketTokenSchema }),
    status: 204,
  }),
} as const;
