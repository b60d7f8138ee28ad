import { z } from 'zod';
import { idSchema, isoDateSchema, languageSchema, limits, listOf, pageQuerySchema } from './common.js';
import { type HistoryKind, historyKindSchema } from './history.js';
import {
  avatarUrlMax,
  avatarUrlMessages,
  avatarUrlProblem,
  publicLinkMessages,
  publicLinkProblem,
} from './owner-checks.js';
import { isPhoneCountry } from './phone.js';
import { defineRoute } from './route.js';

/**
 * D20: which history kinds the owner also gets by mail, each switchable in the profile
 * (docs/product-decisions.md, "Owner mails"). New participant messages are on by default, new
 * tickets (which can be thousands a day) off.
 */
export const mailNotificationsSchema = z.object(
  Object.fromEntries(historyKindSchema.options.map((k) => [k, z.boolean()])) as Record<
    HistoryKind,
    z.ZodBoolean
  >,
);
export type MailNotifications = z.infer<typeof mailNotificationsSchema>;
export const defaultMailNotifications: MailNotifications = {
  newCampaignTicket: false,
  newComment: true,
  newFeedbackByUser: true,
  reminderMassFollowUp: false,
  campaignEnded: true,
  newContactRequest: true,
  postHiddenByReports: true,
};

export const manufacturerSchema = z.object({
  _id: idSchema,
  name: z.string(),
  createdAt: isoDateSchema,
  imageUrl: z.string().nullable(),
  /** D8: most tickets one campaign may collect; null = no limit. */
  answerLimitation: z.number().int().nullable(),
  autoPublished: z.boolean(),
  delayDays: z.number().int(),
  canUnpublish: z.boolean(),
  canPrivateNote: z.boolean(),
  canExport: z.boolean(),
  canComment: z.boolean(),
  isPartner: z.boolean(),
  canSaveAnswerWithoutNotification: z.boolean(),
  /** The country a phone number without country code is read in (ISO 3166-1 alpha-2, `DE` unless set). */
  defaultCountry: z.string(),
  /** The manufacturer's privacy notice and imprint (https), on its public pages and mails; null: the installation's. */
  privacyUrl: z.string().nullable(),
  imprintUrl: z.string().nullable(),
});
export type Manufacturer = z.infer<typeof manufacturerSchema>;

const publicLinkSchema = z
  .string()
  .trim()
  .max(avatarUrlMax, publicLinkMessages.tooLong)
  .superRefine((v, ctx) => {
    const problem = v === '' ? undefined : publicLinkProblem(v);
    if (problem) ctx.addIssue({ code: 'custom', message: publicLinkMessages[problem] });
  })
  .transform((v) => (v === '' ? null : v))
  .nullable()
  .optional();

/** PATCH /owner/manufacturer: absent keys stay; null (or an empty text) removes a link. */
export const manufacturerSettingsSchema = z.object({
  defaultCountry: z
    .string()
    .trim()
    .toUpperCase()
    .refine(isPhoneCountry, 'must be a country code such as DE, AT or CH')
    .optional(),
  privacyUrl: publicLinkSchema,
  imprintUrl: publicLinkSchema,
});
export type ManufacturerSettings = z.input<typeof manufacturerSettingsSchema>;

export const ownerSmallSchema = z.object({
  _id: idSchema,
  name: z.string(),
  email: z.string(),
  avatar: z.string().nullable(),
  isParleyConnectEnabled: z.boolean(),
  manufacturer: manufacturerSchema,
  mailNotifications: mailNotificationsSchema,
  /** The language of the owner's mails (docs/product-decisions.md, "Owner mails"). */
  language: languageSchema,
});
export type OwnerSmall = z.infer<typeof ownerSmallSchema>;

export const ownerListItemSchema = z.object({
  _id: idSchema,
  name: z.string(),
  email: z.string(),
  avatar: z.string().nullable(),
  disabled: z.boolean(),
  createdAt: isoDateSchema,
});

export const ownerRoutes = {
  meSmall: defineRoute({
    method: 'GET',
    path: '/owner/me/small',
    access: 'private',
    summary: 'The signed-in owner with its manufacturer',
    tags: ['owner'],
    status: 200,
    response: ownerSmallSchema,
  }),
  updateMe: defineRoute({
    method: 'PATCH',
    path: '/owner/me',
    access: 'private',
    summary: "Change the signed-in owner's name, avatar, mail notifications or mail language",
    tags: ['owner'],
    body: z.object({
      name: z
        .string()
        .trim()
        .min(limits.nameMin, `must be at least ${limits.nameMin} characters`)
        .max(limits.nameMax, `must be at most ${limits.nameMax} characters`)
        .optional(),
      // The widest form of the rule (http allowed); the server refuses plain http outside development.
      avatar: z
        .string()
        .trim()
        .max(avatarUrlMax, avatarUrlMessages.tooLong)
        .superRefine((v, ctx) => {
          const problem = avatarUrlProblem(v, { allowHttp: true });
          if (problem) ctx.addIssue({ code: 'custom', message: avatarUrlMessages[problem] });
        })
        .nullable()
        .optional(),
      mailNotifications: mailNotificationsSchema.partial().strict().optional(),
      language: languageSchema.optional(),
    }),
    status: 200,
    response: ownerSmallSchema,
  }),
  updateManufacturer: defineRoute({
    method: 'PATCH',
    path: '/owner/manufacturer',
    access: 'private',
    summary:
      "Change the manufacturer's settings: the phone numbers' default country, its privacy-notice and imprint links",
    tags: ['owner'],
    body: manufacturerSettingsSchema,
    status: 200,
    response: manufacturerSchema,
  }),
  list: defineRoute({
    method: 'GET',
    path: '/owner/list',
    access: 'private',
    summary: "The owners of the signed-in owner's manufacturer",
    tags: ['owner'],
    // Paged like every list (D3), oldest first.
    query: pageQuerySchema.omit({ sort: true }),
    status: 200,
    response: listOf(ownerListItemSchema),
  }),
} as const;
