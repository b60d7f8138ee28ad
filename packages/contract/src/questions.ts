import { z } from 'zod';
import { idSchema, imageUrlSchema, isoDateSchema, readUpdatedAtSchema } from './common.js';
import { isHttpUrl, type QuestionIssue, questionIssues, questionLimits } from './question-checks.js';
import { defineRoute } from './route.js';
import { tagsSchema } from './tag-checks.js';

export const questionTypeSchema = z.enum(['FreeText', 'SingleChoice', 'MultiChoice', 'Ranking']);
export type QuestionType = z.infer<typeof questionTypeSchema>;

export const optionSchema = z.object({
  _id: idSchema,
  text: z.string(),
  order: z.number().int(),
  tags: z.array(z.string()),
});
export type QuestionOption = z.infer<typeof optionSchema>;

/** D13: on a non-optional SingleChoice question of a draft, an option may jump forward or to the end (null). */
export const pathRuleSchema = z.object({ optionId: idSchema, nextQuestionId: idSchema.nullable() });
export type PathRule = z.infer<typeof pathRuleSchema>;

/** A path rule as sent: an existing option by `optionId`, or a new one by its `optionIndex` in `options`. */
export const pathRuleInputSchema = z.object({
  optionId: idSchema.optional(),
  optionIndex: z.number().int().min(0).optional(),
  nextQuestionId: idSchema.nullable(),
});
export type PathRuleInput = z.infer<typeof pathRuleInputSchema>;

export const questionSchema = z.object({
  _id: idSchema,
  campaignId: idSchema,
  type: questionTypeSchema,
  text: z.string(),
  optional: z.boolean(),
  image: z.string().nullable(),
  link: z.string().nullable(),
  order: z.number().int(),
  options: z.array(optionSchema),
  pathRules: z.array(pathRuleSchema),
  createdAt: isoDateSchema,
  updatedAt: isoDateSchema,
});
export type Question = z.infer<typeof questionSchema>;

const optionInputSchema = z.object({
  /** Present: an existing option keeps its id (and its answers); absent: a new option (D13). */
  _id: idSchema.optional(),
  text: z
    .string()
    .trim()
    .min(questionLimits.optionMin, 'must not be empty')
    .max(questionLimits.optionMax, `must be at most ${questionLimits.optionMax} characters`),
  tags: tagsSchema.default([]),
});

const httpUrl = z.string().trim().max(2000).refine(isHttpUrl, 'must be an http or https URL');

const questionBaseSchema = z.object({
  type: questionTypeSchema,
  text: z
    .string()
    .trim()
    .min(questionLimits.textMin, `must be at least ${questionLimits.textMin} characters`)
    .max(questionLimits.textMax, `must be at most ${questionLimits.textMax} characters`),
  optional: z.boolean().default(false),
  image: imageUrlSchema.nullable().default(null),
  link: httpUrl.nullable().default(null),
  options: z.array(optionInputSchema).max(questionLimits.optionsMax).default([]),
  pathRules: z.array(pathRuleInputSchema).default([]),
});

/**
 * The checks across fields (D13); the field schemas above word the others, so only these are
 * added here, in the order `questionIssues` finds them.
 */
const crossFieldMessages: Partial<Record<QuestionIssue['kind'], string>> = {
  freeTextOptions: 'a free-text question has no options',
  optionsMin: 'needs at least two options',
  optionDuplicate: 'must be unique within the question',
};

/** Rules every question body obeys, whatever the campaign's state (D13). */
const checkOptions = (q: z.infer<typeof questionBaseSchema>, ctx: z.RefinementCtx) => {
  for (const issue of questionIssues(q)) {
    const message = crossFieldMessages[issue.kind];
    if (message) ctx.addIssue({ code: 'custom', path: issue.path, message });
  }
};

/**
 * A question as sent on create and update. Path rules name an existing option by `optionId`
 * or a new one by its `optionIndex` in `options`.
 */
export const questionInputSchema = questionBaseSchema.superRefine(checkOptions);
export type QuestionInput = z.input<typeof questionInputSchema>;
export const questionUpdateSchema = questionBaseSchema
  .extend({ updatedAt: readUpdatedAtSchema.optional() })
  .superRefine(checkOptions);

const campaignParams = z.object({ id: idSchema });
const questionParams = z.object({ id: idSchema, qid: idSchema });
const orderItems = z
  .array(z.object({ _id: idSchema, order: z.number().int().min(0).max(10_000) }))
  .min(1)
  .max(500);

export const questionRoutes = {
  list: defineRoute({
    method: 'GET',
    path: '/campaign/:id/questions',
    access: 'connect',
    summary: "A campaign's questions in order",
    tags: ['questions'],
    params: campaignParams,
    status: 200,
    response: z.object({ documents: z.array(questionSchema) }),
  }),
  create: defineRoute({
    method: 'POST',
    path: '/campaign/:id/question',
    access: 'connect',
    summary: 'Add a question at the end',
    tags: ['questions'],
    params: campaignParams,
    body: questionInputSchema,
    status: 201,
    response: questionSchema,
  }),
  update: defineRoute({
    method: 'PUT',
    path: '/v2/campaign/:id/question/:qid',
    access: 'connect',
    summary: 'Update a question (its type only before the first start)',
    tags: ['questions'],
    params: questionParams,
    body: questionUpdateSchema,
    status: 200,
    response: questionSchema,
  }),
  remove: defineRoute({
    method: 'DELETE',
    path: '/campaign/:id/question/:qid',
    access: 'connect',
    summary: 'Delete a question (answers already given stay in their tickets)',
    tags: ['questions'],
    params: questionParams,
    status: 204,
  }),
  replace: defineRoute({
    method: 'PUT',
    path: '/campaign/:id/replace-question/:qid',
    access: 'connect',
    summary: 'Swap a question for a new one at the same place (draft only)',
    tags: ['questions'],
    params: questionParams,
    body: questionInputSchema,
    status: 200,
    response: questionSchema,
  }),
  order: defineRoute({
    method: 'PATCH',
    path: '/campaign/:id/question/order',
    access: 'connect',
    summary: 'Reorder questions',
    tags: ['questions'],
    params: campaignParams,
    body: z.object({ questions: orderItems }),
    status: 200,
    response: z.object({ documents: z.array(questionSchema) }),
  }),
  optionOrder: defineRoute({
    method: 'PATCH',
    path: '/campaign/:id/question/:qid/option/order',
    access: 'connect',
    summary: "Reorder a question's options",
    tags: ['questions'],
    params: questionParams,
    body: z.object({ options: orderItems }),
    status: 200,
    response: questionSchema,
  }),
  optionTags: defineRoute({
    method: 'POST',
    path: '/campaign/:id/question/:qid/option/:oid',
    access: 'connect',
    summary: "Set an option's tags (given to contacts who pick it)",
    tags: ['questions'],
    params: questionParams.extend({ oid: idSchema }),
    body: z.object({
      tags: tagsSchema,
      /** Also give the option's tags to the contacts who picked it before (preview: the simulate call). */
      applyToPast: z.boolean().default(false),
    }),
    status: 200,
    response: questionSchema,
  }),
} as const;
