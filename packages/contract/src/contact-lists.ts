import { z } from 'zod';
import { campaignStateSchema } from './campaigns.js';
import { cursorSchema, idSchema, isoDateSchema, listOf, queryArray, readUpdatedAtSchema } from './common.js';
import {
  contactFilterSchema,
  contactNoteSchema,
  contactSchema,
  invitationStateSchema,
  inviteReportSchema,
  notIdsAndFilter,
} from './contacts.js';
import { limits } from './limits.js';
import { defineRoute } from './route.js';

/** D24: a list's name is 1–100 characters, unique per manufacturer (case-insensitive). */
export const contactListNameMax = limits.nameMax;
/** A list's description: at most this many characters. */
export const contactListDescriptionMax = 1000;
/** Contacts one call may add to a list, or set as its members. */
export const contactListIdsMax = 1000;

/** A campaign a list is linked to (a group campaign, D11), as the list shows it. */
export const linkedCampaignSchema = z.object({
  _id: idSchema,
  title: z.string(),
  state: campaignStateSchema,
});

export const contactListSchema = z.object({
  _id: idSchema,
  name: z.string(),
  description: z.string(),
  memberCount: z.number().int(),
  /** The group campaigns this list is linked to: members added later are invited to the running ones. */
  campaigns: z.array(linkedCampaignSchema),
  createdAt: isoDateSchema,
  updatedAt: isoDateSchema,
});
export type ContactList = z.infer<typeof contactListSchema>;

/** What a member may carry besides the contact itself (`include[]`); tags are always there. */
export const contactListIncludeSchema = z.enum(['notes', 'campaigns']);
export type ContactListInclude = z.infer<typeof contactListIncludeSchema>;

export const contactListMemberSchema = contactSchema.extend({
  /** When the contact joined the list. */
  addedAt: isoDateSchema,
  /** With `include[]=notes`: the owner's notes on the contact, newest first. */
  notes: z.array(contactNoteSchema).optional(),
  /** With `include[]=campaigns`: the campaigns the contact was invited to or answered. */
  campaigns: z
    .array(
      z.object({
        _id: idSchema,
        title: z.string(),
        state: campaignStateSchema,
        invitationState: invitationStateSchema.nullable(),
        answered: z.boolean(),
      }),
    )
    .optional(),
});
export type ContactListMember = z.infer<typeof contactListMemberSchema>;

const nameSchema = z
  .string()
  .trim()
  .min(1, 'must not be empty')
  .max(contactListNameMax, `must be at most ${contactListNameMax} characters`);
const descriptionSchema = z
  .string()
  .trim()
  .max(contactListDescriptionMax, `must be at most ${contactListDescriptionMax} characters`);
const memberIdsSchema = z
  .array(idSchema)
  .max(contactListIdsMax, `must name at most ${contactListIdsMax} contacts`);

/**
 * POST /contactList: the whole list; `contactIds` are its first members, or instead every contact the
 * contact list's `filter` matches (at most 10,000; docs/product-decisions.md, "Contacts").
 */
export const contactListCreateSchema = z
  .object({
    name: nameSchema,
    description: descriptionSchema.default(''),
    contactIds: memberIdsSchema.optional(),
    filter: contactFilterSchema.optional(),
  })
  .superRefine(notIdsAndFilter('contactIds'));
export type ContactListCreate = z.input<typeof contactListCreateSchema>;

/**
 * PUT /contactList/{id} takes one of two bodies, told apart by their keys
 * (docs/product-decisions.md, "Contact lists"):
 * - with `newContactIds`, or `filter` instead (every contact the contact list's filter matches, at most
 *   10,000): those contacts join the list; nothing else changes;
 * - else the whole list: `name` and `description` replace the old ones and, when `contactIds` is
 *   given, the members become exactly those (absent: the members stay).
 * Read-only and unknown keys are ignored; an `updatedAt` older than the list's answers 409 conflict/stale.
 */
export const contactListPutSchema = z
  .object({
    newContactIds: z
      .array(idSchema)
      .min(1, 'must name at least one contact')
      .max(contactListIdsMax, `must name at most ${contactListIdsMax} contacts`)
      .optional(),
    name: nameSchema.optional(),
    description: descriptionSchema.optional(),
    contactIds: memberIdsSchema.optional(),
    /** Instead of `newContactIds`: every contact the contact list's filter matches joins. */
    filter: contactFilterSchema.optional(),
    updatedAt: readUpdatedAtSchema.optional(),
  })
  .superRefine(notIdsAndFilter('newContactIds', 'contactIds'))
  .superRefine((b, ctx) => {
    if (b.newContactIds === undefined && b.filter === undefined && b.name === undefined) {
      ctx.addIssue({
        code: 'custom',
        path: ['name'],
        message: 'is required (or send newContactIds or filter to add members)',
      });
    }
  });
export type ContactListPut = z.input<typeof contactListPutSchema>;

export const contactListSortFields = ['name', 'createdAt', 'updatedAt', 'memberCount'] as const;

/** What inviting lists to a campaign did or would do: the invitation report, and what the lists hold. */
export const listInviteReportSchema = inviteReportSchema.extend({
  /** Distinct members of the lists (a person in two lists counts once). */
  members: z.number().int(),
  /** The lists stay linked to the campaign (a group campaign): later members are invited too. */
  linked: z.boolean(),
});
export type ListInviteReport = z.infer<typeof listInviteReportSchema>;

const idParams = z.object({ id: idSchema });
const pageParams = {
  page: z.coerce.number().int().min(1).default(1),
  limit: z.coerce.number().int().min(1).max(limits.pageMax).default(20),
};

export const contactListRoutes = {
  list: defineRoute({
    method: 'GET',
    path: '/v2/contactList/all',
    access: 'connect',
    summary: 'Contact lists with their member counts, paged, searched and sorted',
    tags: ['contact lists'],
    query: z.object({
      ...pageParams,
      /** A part of the name or the description, case-insensitive. */
      search: z.string().trim().max(200).optional(),
      sort: z
        .enum([...contactListSortFields, ...contactListSortFields.map((f) => `-${f}` as const)])
        .default('name'),
    }),
    status: 200,
    response: listOf(contactListSchema),
  }),
  get: defineRoute({
    method: 'GET',
    path: '/contactList/:id',
    access: 'connect',
    summary: 'A contact list with its member count and linked campaigns',
    tags: ['contact lists'],
    params: idParams,
    status: 200,
    response: contactListSchema,
  }),
  create: defineRoute({
    method: 'POST',
    path: '/contactList',
    access: 'connect',
    summary:
      "Create a contact list (name, description, optionally its first members by ids or the contact list's filter)",
    tags: ['contact lists'],
    body: contactListCreateSchema,
    status: 201,
    response: contactListSchema,
  }),
  update: defineRoute({
    method: 'PUT',
    path: '/contactList/:id',
    access: 'connect',
    summary:
      'Replace a list (name, description, optionally its members) or, with {newContactIds} or {filter}, add members to it',
    tags: ['contact lists'],
    params: idParams,
    body: contactListPutSchema,
    status: 200,
    response: contactListSchema,
  }),
  remove: defineRoute({
    method: 'DELETE',
    path: '/contactList/:id',
    access: 'connect',
    summary: 'Delete a contact list (its contacts stay in the contact book)',
    tags: ['contact lists'],
    params: idParams,
    status: 204,
  }),
  removeMember: defineRoute({
    method: 'DELETE',
    path: '/contactList/:id/contact/:contactId',
    access: 'connect',
    summary: 'Take a contact out of a list (the contact stays)',
    tags: ['contact lists'],
    params: z.object({ id: idSchema, contactId: idSchema }),
    status: 204,
  }),
  members: defineRoute({
    method: 'GET',
    path: '/contactList/:id/contacts',
    access: 'connect',
    summary: "A list's members, paged and searched; include[] adds notes or campaigns to each",
    tags: ['contact lists'],
    params: idParams,
    query: z.object({
      ...pageParams,
      /** Keyset paging: the rows after this cursor (an earlier answer's `next`); `page` is then ignored. */
      after: cursorSchema.optional(),
      search: z.string().trim().max(200).optional(),
      'include[]': queryArray(contactListIncludeSchema),
      sort: z.enum(['addedAt', '-addedAt', 'email', '-email']).default('-addedAt'),
    }),
    status: 200,
    response: listOf(contactListMemberSchema),
  }),
  inviteToCampaign: defineRoute({
    method: 'POST',
    path: '/campaign/:id/contactlist',
    access: 'connect',
    summary:
      'Invite every member of these lists to the campaign; a group campaign keeps them linked (callForCheck: only say what it would do)',
    tags: ['contact lists'],
    params: idParams,
    body: z.object({
      contactLists: z.array(idSchema).min(1, 'must name at least one contact list').max(50),
      callForCheck: z.boolean().default(false),
    }),
    status: 200,
    response: listInviteReportSchema,
  }),
  campaignLists: defineRoute({
    method: 'GET',
    path: '/campaign/:id/contactlist',
    access: 'connect',
    summary: 'The contact lists linked to a group campaign',
    tags: ['contact lists'],
    params: idParams,
    status: 200,
    response: z.object({
      documents: z.array(z.object({ _id: idSchema, name: z.string(), memberCount: z.number().int() })),
    }),
  }),
  unlinkFromCampaign: defineRoute({
    method: 'DELETE',
    path: '/campaign/:id/contactlist/:listId',
    access: 'connect',
    summary:
      'Unlink a list from a group campaign: its later members are no longer invited (invitations stay)',
    tags: ['contact lists'],
    params: z.object({ id: idSchema, listId: idSchema }),
    status: 204,
  }),
} as const;
