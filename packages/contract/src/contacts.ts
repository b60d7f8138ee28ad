import { z } from 'zod';
import { campaignStateSchema } from './campaigns.js';
import {
  cursorSchema,
  idSchema,
  isoDateSchema,
  limits,
  listOf,
  pageQuerySchema,
  queryArray,
} from './common.js';
import { isLoosePhone, loosePhoneMessage, namePattern, zipCodePattern } from './contact-checks.js';
import { defineRoute } from './route.js';
import { tagLimits, tagSchema } from './tag-checks.js';

export * from './contact-checks.js';

/**
 * An invitation's state as the console shows it (docs/product-decisions.md, "Invitations"):
 * queued (waiting for its turn or being sent), sent, failed (the mail server refused it; can be
 * re-sent), opened (the personal link was opened), answered, unsubscribed (the address unsubscribed
 * before answering).
 */
export const invitationStateSchema = z.enum([
  'queued',
  'sent',
  'failed',
  'opened',
  'answered',
  'unsubscribed',
]);
export type InvitationState = z.infer<typeof invitationStateSchema>;

/** `contact`: answered at least once (or was kept by the owner); `temp`: invited, not answered yet (D15). */
export const contactKindSchema = z.enum(['contact', 'temp']);

export const addressSchema = z.object({
  street: z.string().nullable(),
  zipCode: z.string().nullable(),
  city: z.string().nullable(),
  country: z.string().nullable(),
});

export const contactSchema = z.object({
  _id: idSchema,
  email: z.string(),
  kind: contactKindSchema,
  /** The names the participant gave. */
  firstname: z.string().nullable(),
  lastname: z.string().nullable(),
  /** The owner's private labels. */
  internalFirstname: z.string().nullable(),
  internalLastname: z.string().nullable(),
  phoneNumber: z.string().nullable(),
  address: addressSchema,
  tags: z.array(z.string()),
  unsubscribed: z.boolean(),
  invitedCount: z.number().int(),
  answeredCount: z.number().int(),
  createdAt: isoDateSchema,
  updatedAt: isoDateSchema,
});
export type Contact = z.infer<typeof contactSchema>;

export const contactNoteSchema = z.object({
  _id: idSchema,
  noteText: z.string(),
  authorId: idSchema.nullable(),
  createdAt: isoDateSchema,
  updatedAt: isoDateSchema,
});
export type ContactNote = z.infer<typeof contactNoteSchema>;

/**
 * How a tag change reached a contact (docs/product-decisions.md, "Tags and tag groups"): `hand` the
 * owner's tagging, `answer` an answer's option or campaign tags, `option`/`campaign` tags re-applied to
 * past answers, `invitation` the tags of an invitation call, `import` a contact import, `group` a tag
 * group linked or changed.
 */
export const tagChangeViaSchema = z.enum([
  'hand',
  'answer',
  'option',
  'campaign',
  'invitation',
  'import',
  'group',
]);
export type TagChangeVia = z.infer<typeof tagChangeViaSchema>;

/** Why an invitation was made, where it was not the owner inviting by hand: a segment it joined. */
export const invitationOriginSchema = z.object({
  kind: z.literal('tagGroup'),
  tagGroupId: idSchema,
  tagGroupTitle: z.string(),
  via: tagChangeViaSchema,
  /** The tags whose change made the contact a member (none when the group itself was linked or changed). */
  tags: z.array(z.string()),
});
export type InvitationOrigin = z.infer<typeof invitationOriginSchema>;

export const invitationSummarySchema = z.object({
  state: invitationStateSchema,
  reminderCount: z.number().int(),
  sentAt: isoDateSchema.nullable(),
  openedAt: isoDateSchema.nullable(),
  answeredAt: isoDateSchema.nullable(),
  failedAt: isoDateSchema.nullable(),
  /** Why the mail server refused the last mail. */
  error: z.string().nullable(),
  /** Why it was made: null for an invitation the owner made (by address, list, request or import). */
  origin: invitationOriginSchema.nullable(),
  createdAt: isoDateSchema,
});
export type InvitationSummary = z.infer<typeof invitationSummarySchema>;

/** A campaign the contact was invited to or answered, with its invitation and its tickets. */
export const contactCampaignSchema = z.object({
  _id: idSchema,
  title: z.string(),
  state: campaignStateSchema,
  invitation: invitationSummarySchema.nullable(),
  tickets: z.array(z.object({ _id: idSchema, createdAt: isoDateSchema, answeredCount: z.number().int() })),
});
export type ContactCampaign = z.infer<typeof contactCampaignSchema>;

export const contactDetailSchema = contactSchema.extend({
  notes: z.array(contactNoteSchema),
  campaigns: z.array(contactCampaignSchema),
  /** The contact lists the contact is in, by name. */
  lists: z.array(z.object({ _id: idSchema, name: z.string() })),
});
export type ContactDetail = z.infer<typeof contactDetailSchema>;

const optionalText = (max: number, pattern?: { test: (v: string) => boolean }, patternMessage?: string) => {
  const base = z.string().trim().max(max, `must be at most ${max} characters`);
  const checked = pattern ? base.refine((v) => v === '' || pattern.test(v), patternMessage) : base;
  // An empty text clears the field.
  return checked
    .transform((v) => (v === '' ? null : v))
    .nullable()
    .optional();
};

/** PATCH /contact/{id}: absent keys stay as they are; null or an empty text clears a field. */
export const contactUpdateSchema = z.object({
  // Loose here; the server stores the number in E.164 or refuses it (phone.ts).
  phoneNumber: optionalText(30, { test: isLoosePhone }, loosePhoneMessage),
  address: z
    .object({
      street: optionalText(limits.nameMax),
      zipCode: optionalText(16, zipCodePattern, 'must be letters, digits, spaces or hyphens'),
      city: optionalText(limits.nameMax),
      country: optionalText(limits.nameMax),
    })
    .optional(),
  internalFirstname: optionalText(limits.nameMax, namePattern, 'must be letters only'),
  internalLastname: optionalText(limits.nameMax, namePattern, 'must be letters only'),
});
export type ContactUpdate = z.input<typeof contactUpdateSchema>;

const noteTextSchema = z
  .string()
  .trim()
  .min(1, 'must not be empty')
  .max(limits.textMax, `must be at most ${limits.textMax} characters`);

export const contactSortFields = ['email', 'firstname', 'lastname', 'createdAt', 'updatedAt'] as const;

/**
 * What an invitation call did or would do (D16): counts, the campaigns it invites to, and every
 * address it could not take with D15's code. With `callForCheck` nothing was changed.
 */
export const inviteReportSchema = z.object({
  check: z.boolean(),
  /** Addresses (or contacts) the call was given. */
  received: z.number().int(),
  /** New temp contacts made (or that would be). */
  newContacts: z.number().int(),
  /** Known contacts (or temp contacts) it reached. */
  existingContacts: z.number().int(),
  /** Invitations made (or that would be), over all campaigns. */
  invitations: z.number().int(),
  /** Contacts that got the call's tags (or would). */
  tagged: z.number().int(),
  campaigns: z.array(z.object({ _id: idSchema, title: z.string(), invitations: z.number().int() })),
  problems: z.array(
    z.object({
      email: z.string(),
      code: z.string(),
      message: z.string(),
      campaignId: idSchema.optional(),
    }),
  ),
});
export type InviteReport = z.infer<typeof inviteReportSchema>;

const idParams = z.object({ id: idSchema });
const contactIdsSchema = z.array(idSchema).min(1, 'must name at least one contact').max(1000);
const campaignIdsSchema = z.array(idSchema).max(50);

export const tempContactSchema = z.object({
  _id: idSchema,
  email: z.string(),
  unsubscribed: z.boolean(),
  createdAt: isoDateSchema,
  invitations: z.array(invitationSummarySchema.extend({ campaignId: idSchema, campaignTitle: z.string() })),
});
export type TempContact = z.infer<typeof tempContactSchema>;

export const contactFilterDataSchema = z.object({
  countries: z.array(z.string()),
  cities: z.array(z.string()),
  campaigns: z.array(z.object({ _id: idSchema, title: z.string(), state: campaignStateSchema })),
});

/**
 * The contact list's filter (GET /v2/contact/all without page, limit and sort), as the bulk calls take
 * it instead of ids (docs/product-decisions.md, "Contacts"): "every contact matching", the server
 * applying the same filter as the list, within the manufacturer.
 */
export const contactFilterSchema = z.object({
  /** Matches the email, the names and the internal names (case-insensitive, anywhere). */
  search: z.string().trim().max(200).optional(),
  /** Only contacts invited to or answering this campaign. */
  campaignId: idSchema.optional(),
  /** With campaignId: of that campaign; else of any. */
  participation: z.enum(['invited', 'answered', 'notAnswered']).optional(),
  'countries[]': queryArray(z.string().max(100)),
  'cities[]': queryArray(z.string().max(100)),
  /** Contacts having every one of these tags. */
  'tags[]': queryArray(z.string().max(tagLimits.tagMax)),
  /** Only members of this contact list. */
  contactListId: idSchema.optional(),
  /** Only contacts not in this contact list (choosing whom to add to it). */
  notInContactListId: idSchema.optional(),
});
export type ContactFilter = z.input<typeof contactFilterSchema>;
export type ContactFilterQuery = z.output<typeof contactFilterSchema>;

/** The most contacts one bulk call reaches through a filter; a wider filter is refused, not cut. */
export const contactFilterMax = 10_000;

/**
 * A bulk call's contacts: `contactIds` or `filter`, exactly one of them (400 `validation` naming
 * `filter` for both or neither).
 */
export const exactlyIdsOrFilter = (idsKey: string) => (b: Record<string, unknown>, ctx: z.RefinementCtx) => {
  if ((b[idsKey] === undefined) === (b.filter === undefined))
    ctx.addIssue({
      code: 'custom',
      message: `must give exactly one of ${idsKey} and filter`,
      path: ['filter'],
    });
};

/**
 * A body whose contacts may be named, given by `filter`, or neither (a list made without members):
 * any of `idsKeys` besides a filter is refused (400 `validation` naming `filter`).
 */
export const notIdsAndFilter =
  (...idsKeys: string[]) =>
  (b: Record<string, unknown>, ctx: z.RefinementCtx) => {
    const named = idsKeys.find((k) => b[k] !== undefined);
    if (b.filter !== undefined && named)
      ctx.addIssue({ code: 'custom', message: `must not give both ${named} and filter`, path: ['filter'] });
  };

export const contactRoutes = {
  list: defineRoute({
    method: 'GET',
    path: '/v2/contact/all',
    access: 'connect',
    summary: 'Contacts (people who answered), paged, sorted, searched and filtered',
    tags: ['contacts'],
    query: pageQuerySchema.extend({
      ...contactFilterSchema.shape,
      /** Keyset paging: the rows after this cursor (an earlier answer's `next`); `page` is then ignored. */
      after: cursorSchema.optional(),
      sort: z
        .enum([...contactSortFields, ...contactSortFields.map((f) => `-${f}` as const)])
        .default('-createdAt'),
    }),
    status: 200,
    response: listOf(contactSchema),
  }),
  filterData: defineRoute({
    method: 'GET',
    path: '/v2/contact/additional-info-filter-data',
    access: 'connect',
    summary: "The values the contact list's filters offer: countries, cities, campaigns",
    tags: ['contacts'],
    status: 200,
    response: contactFilterDataSchema,
  }),
  get: defineRoute({
    method: 'GET',
    path: '/contact/:id',
    access: 'connect',
    summary: 'A contact with notes, tags, campaigns, invitations and tickets',
    tags: ['contacts'],
    params: idParams,
    status: 200,
    response: contactDetailSchema,
  }),
  update: defineRoute({
    method: 'PATCH',
    path: '/contact/:id',
    access: 'connect',
    summary: "A contact's phone, address and internal names",
    tags: ['contacts'],
    params: idParams,
    body: contactUpdateSchema,
    status: 200,
    response: contactSchema,
  }),
  addNote: defineRoute({
    method: 'POST',
    path: '/contact/:id/note',
    access: 'connect',
    summary: 'Add a note to a contact',
    tags: ['contacts'],
    params: idParams,
    body: z.object({ noteText: noteTextSchema }),
    status: 201,
    response: contactNoteSchema,
  }),
  updateNote: defineRoute({
    method: 'PATCH',
    path: '/contact/:id/note/:noteId',
    access: 'connect',
    summary: "Change a contact's note",
    tags: ['contacts'],
    params: z.object({ id: idSchema, noteId: idSchema }),
    body: z.object({ noteText: noteTextSchema }),
    status: 200,
    response: contactNoteSchema,
  }),
  remove: defineRoute({
    method: 'DELETE',
    path: '/contact/:id',
    access: 'connect',
    summary:
      "Delete a contact; its tickets stay as a deleted contact's unless eraseAnswers=true erases them too",
    tags: ['contacts'],
    params: idParams,
    query: z.object({ eraseAnswers: z.enum(['true', 'false']).default('false') }),
    status: 204,
  }),
  bulkDelete: defineRoute({
    method: 'DELETE',
    path: '/contact/bulk-delete',
    access: 'connect',
    summary:
      "Delete several contacts, by ids or by the list's filter (at most 10,000; eraseAnswers: their tickets too)",
    tags: ['contacts'],
    body: z
      .object({
        contactIds: contactIdsSchema.optional(),
        filter: contactFilterSchema.optional(),
        eraseAnswers: z.boolean().default(false),
      })
      .superRefine(exactlyIdsOrFilter('contactIds')),
    status: 204,
  }),
  invite: defineRoute({
    method: 'POST',
    path: '/contact',
    access: 'connect',
    summary:
      "Invite addresses, or every contact the list's filter matches, to running campaigns and tag them (callForCheck: only say what it would do)",
    tags: ['contacts'],
    body: z
      .object({
        /**
         * Raw entries: each is checked and reported on its own (`contact/1`…), not refused as a whole. An
         * entry is an address or one RFC 5322 mailbox with its display name (`Jürgen Müller <j@…>`,
         * `"Müller, Jürgen" <j@…>`, see `parseMailbox`): the name becomes a new contact's first and last name.
         */
        emails: z.array(z.string().max(1000)).min(1, 'must name at least one address').max(10_000).optional(),
        /**
         * Instead of `emails`: every contact the contact list's filter matches (at most 10,000), invited
         * by jobs queued with the call (docs/product-decisions.md, "Contacts").
         */
        filter: contactFilterSchema.optional(),
        campaignIds: campaignIdsSchema.default([]),
        tags: z.array(tagSchema).max(tagLimits.tagsPerCall).default([]),
        callForCheck: z.boolean().default(false),
      })
      .superRefine(exactlyIdsOrFilter('emails')),
    status: 200,
    response: inviteReportSchema,
  }),
  tempList: defineRoute({
    method: 'GET',
    path: '/contact/temp',
    access: 'connect',
    summary: 'Invited addresses that have not answered yet, with their invitations',
    tags: ['contacts'],
    query: z.object({
      page: z.coerce.number().int().min(1).default(1),
      limit: z.coerce.number().int().min(1).max(100).default(20),
      search: z.string().trim().max(200).optional(),
      campaignId: idSchema.optional(),
    }),
    status: 200,
    response: listOf(tempContactSchema),
  }),
  tempInviteCampaigns: defineRoute({
    method: 'PATCH',
    path: '/contact/temp/invite-campaigns',
    access: 'connect',
    summary: 'Invite temp contacts to more campaigns',
    tags: ['contacts'],
    body: z.object({
      tempContactIds: contactIdsSchema,
      campaignIds: campaignIdsSchema.min(1, 'must name at least one campaign'),
      callForCheck: z.boolean().default(false),
    }),
    status: 200,
    response: inviteReportSchema,
  }),
  tempReinvite: defineRoute({
    method: 'POST',
    path: '/contact/temp/reinvite',
    access: 'connect',
    summary: "Send a temp contact's open invitations again (a new personal link each)",
    tags: ['contacts'],
    body: z.object({ email: z.string().trim().max(limits.emailMax) }),
    status: 200,
    response: z.object({ resent: z.number().int() }),
  }),
  tempRemove: defineRoute({
    method: 'DELETE',
    path: '/contact/temp/:id',
    access: 'connect',
    summary: 'Delete a temp contact and withdraw its invitations',
    tags: ['contacts'],
    params: idParams,
    status: 204,
  }),
  tempBulkDelete: defineRoute({
    method: 'DELETE',
    path: '/contact/temp/bulk-delete',
    access: 'connect',
    summary: 'Delete several temp contacts and withdraw their invitations',
    tags: ['contacts'],
    body: z.object({ contactIds: contactIdsSchema }),
    status: 204,
  }),
} as const;
