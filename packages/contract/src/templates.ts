import { z } from 'zod';
import { idSchema, isoDateSchema, languageSchema, limits, listOf } from './common.js';
import { defineRoute } from './route.js';
import { placeholderProblem } from './template-placeholders.js';

/** D21: a response template (docs/product-decisions.md, "Response templates"). */
export const templateMessageSchema = z.object({
  _id: idSchema,
  title: z.string(),
  language: languageSchema,
  text: z.string(),
  createdAt: isoDateSchema,
  updatedAt: isoDateSchema,
});
export type TemplateMessage = z.infer<typeof templateMessageSchema>;

export const templateTitleMax = limits.nameMax;

/**
 * An owner's text that may hold placeholders (a template, an answer, a comment, a follow-up): 1–5000
 * characters (D24) and only known placeholders, the unknown ones named.
 */
export const ownerTextSchema = z
  .string()
  .trim()
  .min(1, 'must not be empty')
  .max(limits.textMax, `must be at most ${limits.textMax} characters`)
  .superRefine((v, ctx) => {
    const problem = placeholderProblem(v);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  });

export const templateBodySchema = z.object({
  title: z
    .string()
    .trim()
    .min(1, 'must not be empty')
    .max(templateTitleMax, `must be at most ${templateTitleMax} characters`),
  language: languageSchema,
  text: ownerTextSchema,
});
export type TemplateBody = z.input<typeof templateBodySchema>;

const idParams = z.object({ id: idSchema });

/** Templates belong to the manufacturer and serve both product areas (D9), so any signed-in owner may use them. */
export const templateRoutes = {
  list: defineRoute({
    method: 'GET',
    path: '/templatemessage/all',
    access: 'private',
    summary: "The manufacturer's response templates, by title",
    tags: ['templates'],
    query: z.object({
      page: z.coerce.number().int().min(1).default(1),
      limit: z.coerce.number().int().min(1).max(100).default(100),
      search: z.string().trim().max(200).optional(),
      language: languageSchema.optional(),
    }),
    status: 200,
    response: listOf(templateMessageSchema),
  }),
  create: defineRoute({
    method: 'POST',
    path: '/templatemessage',
    access: 'private',
    summary: 'Create a response template (unknown placeholders are refused, named)',
    tags: ['templates'],
    body: templateBodySchema,
    status: 201,
    response: templateMessageSchema,
  }),
  update: defineRoute({
    method: 'PATCH',
    path: '/templatemessage/update/:id',
    access: 'private',
    summary: 'Change a response template',
    tags: ['templates'],
    params: idParams,
    body: templateBodySchema.partial(),
    status: 200,
    response: templateMessageSchema,
  }),
  remove: defineRoute({
    method: 'DELETE',
    path: '/templatemessage/:id',
    access: 'private',
    summary: 'Delete a response template',
    tags: ['templates'],
    params: idParams,
    status: 204,
  }),
} as const;
