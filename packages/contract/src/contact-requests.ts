import { z } from 'zod';
import {
  emailSchema,
  idSchema,
  isoDateSchema,
  languageSchema,
  listOf,
  personNameSchema,
  queryArray,
} from './common.js';
import { isLoosePhone, loosePhoneMessage } from './contact-checks.js';
import { contactRequestMessageMax, contactRequestTrapField } from './contact-request-checks.js';
import { contactKindSchema } from './contacts.js';
import { limits } from './limits.js';
import { publicPaths } from './public-paths.js';
import { defineRoute } from './route.js';

export * from './contact-request-checks.js';

/** D18: a request waits (`pending`) until the owner accepts or rejects it, once. */
export const contactRequestStatusSchema = z.enum(['pending', 'accepted', 'rejected']);
export type ContactRequestStatus = z.infer<typeof contactRequestStatusSchema>;

/** The error codes of contact requests. */
export const contactRequestCodes = {
  /** The request was accepted or rejected already (409). */
  decided: 'contact-request/decided',
} as const;

export const contactRequestSchema = z.object({
  _id: idSchema,
  firstname: z.string(),
  lastname: z.string(),
  email: z.string(),
  phoneNumber: z.string().nullable(),
  message: z.string().nullable(),
  status: contactRequestStatusSchema,
  /** The language the form was shown in, when it said. */
  language: languageSchema.nullable(),
  /** How often the person sent the form while the request was pending (repeats are merged into it). */
  submissions: z.number().int(),
  /** The contact of this address: one that existed when the request came (merged), or the one accepting made. */
  contact: z.object({ _id: idSchema, kind: contactKindSchema }).nullable(),
  /** The campaigns an accepted request was accepted into, maybe none (who got no invitation, and why, the accept call answered). */
  campaigns: z.array(z.object({ _id: idSchema, title: z.string() })),
  decidedAt: isoDateSchema.nullable(),
  createdAt: isoDateSchema,
  updatedAt: isoDateSchema,
});
export type ContactRequest = z.infer<typeof contactRequestSchema>;

const idsSchema = z.array(idSchema).min(1, 'must name at least one request').max(100);

/** What accepting did: requests accepted, invitations made, and each person who got none, with the reason. */
export const contactRequestAcceptReportSchema = z.object({
  accepted: z.number().int(),
  /** Contacts made by accepting (the others were contacts already). */
  newContacts: z.number().int(),
  invitations: z.number().int(),
  problems: z.array(z.object({ _id: idSchema, email: z.string(), code: z.string(), message: z.string() })),
});
export type ContactRequestAcceptReport = z.infer<typeof contactRequestAcceptReportSchema>;

/** What the public form shows before anyone writes: whose form it is. */
export const contactRequestFormInfoSchema = z.object({
  manufacturerName: z.string(),
  imageUrl: z.string().nullable(),
  /** The manufacturer's privacy notice, else the installation's (`PRIVACY_URL`), else none. */
  privacyUrl: z.string().nullable(),
  /** The manufacturer's imprint, when it set one. */
  imprintUrl: z.string().nullable(),
});
export type ContactRequestFormInfo = z.infer<typeof contactRequestFormInfoSchema>;

export const contactRequestFormSchema = z.object({
  firstname: personNameSchema,
  lastname: personNameSchema,
  email: emailSchema,
  phoneNumber: z
    .string()
    .trim()
    .max(30, 'must be at most 30 characters')
    // Loose here; the server stores the number in E.164 or refuses it (phone.ts).
    .refine((v) => v === '' || isLoosePhone(v), loosePhoneMessage)
    .transform((v) => (v === '' ? null : v))
    .nullable()
    .optional(),
  message: z
    .string()
    .trim()
    .max(contactRequestMessageMax, `must be at most ${contactRequestMessageMax} characters`)
    .transform((v) => (v === '' ? null : v))
    .nullable()
    .optional(),
  consent: z.literal(true, { message: 'must be given to send the request' }),
  /** The language the form was shown in (the request's mails and the owner's view). */
  language: languageSchema.optional(),
  /** The bot trap (see contact-request-checks.ts): people leave it empty. */
  [contactRequestTrapField]: z.string().max(1000).optional(),
});
export type ContactRequestForm = z.input<typeof contactRequestFormSchema>;

const manufacturerParams = z.object({ manufacturerId: idSchema });

export const contactRequestRoutes = {
  list: defineRoute({
    method: 'GET',
    path: '/owner/contact-requests',
    access: 'connect',
    summary: 'Contact requests, newest first, filtered by status',
    tags: ['contact requests'],
    query: z.object({
      page: z.coerce.number().int().min(1).default(1),
      limit: z.coerce.number().int().min(1).max(limits.pageMax).default(20),
      'statuses[]': queryArray(contactRequestStatusSchema),
      /** A part of the name, email or message. */
      search: z.string().trim().max(200).optional(),
    }),
    status: 200,
    response: listOf(contactRequestSchema).extend({
      /** Requests by status, whatever the filter (the console's tab counts). */
      counts: z.object({ pending: z.number().int(), accepted: z.number().int(), rejected: z.number().int() }),
    }),
  }),
  accept: defineRoute({
    method: 'POST',
    path: '/owner/contact-requests/accept',
    access: 'connect',
    summary:
      'Accept pending requests: each person becomes a contact, invited to the chosen running campaigns (none: no invitation)',
    tags: ['contact requests'],
    body: z.object({
      ids: idsSchema,
      /** The running campaigns to invite to; empty makes the people contacts without an invitation. */
      campaignIds: z.array(idSchema).max(50),
    }),
    status: 200,
    response: contactRequestAcceptReportSchema,
  }),
  reject: defineRoute({
    method: 'POST',
    path: '/owner/contact-requests/reject',
    access: 'connect',
    summary: 'Reject pending requests (nobody is told; the address can ask again)',
    tags: ['contact requests'],
    body: z.object({ ids: idsSchema }),
    status: 200,
    response: z.object({ rejected: z.number().int() }),
  }),
  formInfo: defineRoute({
    method: 'GET',
    path: publicPaths.contactRequest,
    access: 'public',
    summary: "Whose contact-request form this is (the public form's heading and privacy link)",
    tags: ['contact requests'],
    params: manufacturerParams,
    status: 200,
    response: contactRequestFormInfoSchema,
  }),
  submit: defineRoute({
    method: 'POST',
    path: publicPaths.contactRequest,
    access: 'public',
    summary: 'Ask a manufacturer to be contacted (the public form; rate-limited)',
    tags: ['contact requests'],
    params: manufacturerParams,
    body: contactRequestFormSchema,
    status: 204,
  }),
} as const;
