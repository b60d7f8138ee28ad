import { z } from 'zod';
import { emailSchema, idSchema, isoDateSchema, languageSchema, limits } from './common.js';
import { publicPaths } from './public-paths.js';
import { questionTypeSchema } from './questions.js';
import { defineRoute } from './route.js';
import { ticketAnswerSchema } from './tickets.js';

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
  privacyUrl: z.string().nullable(),
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
  privacyUrl: z.string().nullable(),
});
export type ParticipantTicket = z.infer<typeof participantTicketSchema>;

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
      'Whether an email address may answer the survey now (asked at its first step; the answer is checked again)',
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
    params: z.object({ token: z.string().min(20).max(200) }),
    status: 200,
    response: participantTicketSchema,
  }),
} as const;
