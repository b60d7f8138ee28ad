import { z } from 'zod';
import { campaignStateSchema } from './campaigns.js';
import {
  cursorSchema,
  idSchema,
  isoDateSchema,
  listOf,
  pageQuerySchema,
  queryArray,
  readUpdatedAtSchema,
} from './common.js';
import { contactFilterSchema, contactSchema, exactlyIdsOrFilter } from './contacts.js';
import { defineRoute } from './route.js';
import { tagConditionSchema, tagLimits, tagSchema } from './tag-checks.js';

export * from './tag-checks.js';

const tagListSchema = (what: string) =>
  z
    .array(tagSchema)
    .min(1, `must name at least one ${what}`)
    .max(tagLimits.tagsPerCall, `at most ${tagLimits.tagsPerCall} tags`);

/** A campaign a tag group is linked to: its members are invited while it runs (D17). */
export const tagGroupCampaignSchema = z.object({
  _id: idSchema,
  title: z.string(),
  state: campaignStateSchema,
});

/** D17: a segment, the contacts with all (`and`) or any (`or`) of its tags. */
export const tagGroupSchema = z.object({
  _id: idSchema,
  title: z.string(),
  description: z.string(),
  condition: tagConditionSchema,
  tags: z.array(z.string()),
  /** Its members now (kept with every change of contacts' tags, not counted on a read). */
  memberCount: z.number().int(),
  campaigns: z.array(tagGroupCampaignSchema),
  createdAt: isoDateSchema,
  updatedAt: isoDateSchema,
});
export type TagGroup = z.infer<typeof tagGroupSchema>;

/**
 * What a tag call did or would do (D16): contacts tagged and untagged, the groups whose members change,
 * the invitations that go out because of it (at once, or through the live-audience job), and the
 * problems found. With `check` nothing was changed.
 */
export const tagReportSchema = z.object({
  check: z.boolean(),
  /** Contacts the call reached. */
  contacts: z.number().int(),
  /** Contacts that got at least one tag they lacked. */
  tagged: z.number().int(),
  /** Contacts that lost at least one tag. */
  untagged: z.number().int(),
  /** Groups whose members change: how many join and leave, and how many it has afterwards. */
  groups: z.array(
    z.object({
      _id: idSchema,
      title: z.string(),
      gained: z.number().int(),
      lost: z.number().int(),
      memberCount: z.number().int(),
    }),
  ),
  /** Invitations to the linked running campaigns, over all campaigns. */
  invitations: z.number().int(),
  campaigns: z.array(z.object({ _id: idSchema, title: z.string(), invitations: z.number().int() })),
  /** What keeps people from an invitation, counted (`contact/7` unsubscribed, `contact/4` invited or answered). */
  problems: z.array(z.object({ code: z.string(), message: z.string(), count: z.number().int() })),
  /** The group the call changed, as it is afterwards (or would be). */
  group: tagGroupSchema.optional(),
});
export type TagReport = z.infer<typeof tagReportSchema>;

export const tagCountSchema = z.object({ tag: z.string(), contactCount: z.number().int() });
export type TagCount = z.infer<typeof tagCountSchema>;

const titleSchema = z
  .string()
  .trim()
  .min(1, 'must not be empty')
  .max(tagLimits.titleMax, `must be at most ${tagLimits.titleMax} characters`);
const descriptionSchema = z
  .string()
  .trim()
  .max(tagLimits.descriptionMax, `must be at most ${tagLimits.descriptionMax} characters`);
const callForCheck = z.boolean().default(false);
const idParams = z.object({ id: idSchema });
const campaignIdsSchema = z
  .array(idSchema)
  .min(1, 'must name at least one campaign')
  .max(tagLimits.linksPerCall, `at most ${tagLimits.linksPerCall} campaigns`);

export const tagGroupSortFields = ['title', 'createdAt', 'updatedAt'] as const;

export const tagGroupInputSchema = z.object({
  title: titleSchema,
  description: descriptionSchema.default(''),
  condition: tagConditionSchema.default('and'),
  tags: z.array(tagSchema).max(tagLimits.tagsPerCall, `at most ${tagLimits.tagsPerCall} tags`).default([]),
});
export type TagGroupInput = z.input<typeof tagGroupInputSchema>;

export const tagRoutes = {
  groups: defineRoute({
    method: 'GET',
    path: '/tag/tag-group',
    access: 'connect',
    summary: 'Tag groups with their member counts and linked campaigns, paged and searched',
    tags: ['tags'],
    query: pageQuerySchema.extend({
      /** A part of the title, the description or a tag (case-insensitive). */
      search: z.string().trim().max(200).optional(),
      /** Only the groups linked to this campaign. */
      campaignId: idSchema.optional(),
      sort: z
        .enum([...tagGroupSortFields, ...tagGroupSortFields.map((f) => `-${f}` as const)])
        .default('title'),
    }),
    status: 200,
    response: listOf(tagGroupSchema),
  }),
  group: defineRoute({
    method: 'GET',
    path: '/tag/tag-group/:id',
    access: 'connect',
    summary: 'A tag group with its member count and linked campaigns',
    tags: ['tags'],
    params: idParams,
    status: 200,
    response: tagGroupSchema,
  }),
  members: defineRoute({
    method: 'GET',
    path: '/tag/tag-group/:id/members',
    access: 'connect',
    summary: "A tag group's members now, paged (by page, or keyset after a cursor), newest contact first",
    tags: ['tags'],
    params: idParams,
    query: pageQuerySchema.pick({ page: true, limit: true }).extend({
      search: z.string().trim().max(200).optional(),
      /** Keyset paging: the members after this cursor (an earlier answer's `next`); `page` is then ignored. */
      after: cursorSchema.optional(),
    }),
    status: 200,
    response: listOf(contactSchema),
  }),
  search: defineRoute({
    method: 'GET',
    path: '/tag/search',
    access: 'connect',
    summary:
      'Tags in use (on contacts, options, campaigns and groups) with their contact counts, most used first',
    tags: ['tags'],
    query: z.object({
      search: z.string().trim().max(50).optional(),
      limit: z.coerce.number().int().min(1).max(tagLimits.searchLimit).default(tagLimits.searchLimit),
    }),
    status: 200,
    response: listOf(tagCountSchema),
  }),
  create: defineRoute({
    method: 'POST',
    path: '/tag/tag-group',
    access: 'connect',
    summary: 'Create a tag group (a segment: contacts with all or any of its tags)',
    tags: ['tags'],
    body: tagGroupInputSchema,
    status: 201,
    response: tagGroupSchema,
  }),
  update: defineRoute({
    method: 'PATCH',
    path: '/tag/tag-group/:id',
    access: 'connect',
    summary:
      "Change a tag group's title, description or condition (a linked group invites those who join; callForCheck: only say what it would do)",
    tags: ['tags'],
    params: idParams,
    body: z.object({
      title: titleSchema.optional(),
      description: descriptionSchema.optional(),
      condition: tagConditionSchema.optional(),
      updatedAt: readUpdatedAtSchema.optional(),
      callForCheck,
    }),
    status: 200,
    response: tagReportSchema,
  }),
  remove: defineRoute({
    method: 'DELETE',
    path: '/tag/tag-group/:id',
    access: 'connect',
    summary:
      'Delete a tag group; contacts keep their tags and invitations stay (callForCheck: only say what it would do)',
    tags: ['tags'],
    params: idParams,
    body: z.object({ callForCheck }).default({ callForCheck: false }),
    status: 200,
    response: tagReportSchema,
  }),
  addTags: defineRoute({
    method: 'POST',
    path: '/tag/tag-group/:id/add-tag',
    access: 'connect',
    summary: "Add tags to a tag group's condition",
    tags: ['tags'],
    params: idParams,
    body: z.object({ tags: tagListSchema('tag'), callForCheck }),
    status: 200,
    response: tagReportSchema,
  }),
  removeTags: defineRoute({
    method: 'DELETE',
    path: '/tag/tag-group/:id/remove-tag',
    access: 'connect',
    summary: "Remove tags from a tag group's condition",
    tags: ['tags'],
    params: idParams,
    body: z.object({ tags: tagListSchema('tag'), callForCheck }),
    status: 200,
    response: tagReportSchema,
  }),
  linkCampaigns: defineRoute({
    method: 'POST',
    path: '/tag/tag-group/:id/campaign',
    access: 'connect',
    summary: 'Link a tag group to running campaigns: its members are invited now and whenever someone joins',
    tags: ['tags'],
    params: idParams,
    body: z.object({ campaignIds: campaignIdsSchema, callForCheck }),
    status: 200,
    response: tagReportSchema,
  }),
  linkGroups: defineRoute({
    method: 'POST',
    path: '/tag/tag-groups/:id/campaign',
    access: 'connect',
    summary: 'Link tag groups to the running campaign {id} (each member invited once)',
    tags: ['tags'],
    params: idParams,
    body: z.object({
      tagGroupIds: z
        .array(idSchema)
        .min(1, 'must name at least one tag group')
        .max(tagLimits.linksPerCall, `at most ${tagLimits.linksPerCall} tag groups`),
      callForCheck,
    }),
    status: 200,
    response: tagReportSchema,
  }),
  unlinkCampaigns: defineRoute({
    method: 'DELETE',
    path: '/tag/tag-group/:id/campaign',
    access: 'connect',
    summary: 'Unlink campaigns from a tag group (D17); the invitations made stay',
    tags: ['tags'],
    params: idParams,
    body: z.object({ campaignIds: campaignIdsSchema, callForCheck }),
    status: 200,
    response: tagReportSchema,
  }),
  addCampaignTags: defineRoute({
    method: 'POST',
    path: '/tag/campaign/:id',
    access: 'connect',
    summary: 'Add campaign tags (every participant gets them; applyToPast: those who answered already too)',
    tags: ['tags'],
    params: idParams,
    body: z.object({ tags: tagListSchema('tag'), applyToPast: z.boolean().default(false), callForCheck }),
    status: 200,
    response: tagReportSchema,
  }),
  removeCampaignTags: defineRoute({
    method: 'DELETE',
    path: '/tag/campaign/:id',
    access: 'connect',
    summary: 'Remove campaign tags (later participants do not get them; contacts keep the tags they got)',
    tags: ['tags'],
    params: idParams,
    body: z.object({ tags: tagListSchema('tag'), callForCheck }),
    status: 200,
    response: tagReportSchema,
  }),
  edit: defineRoute({
    method: 'PATCH',
    path: '/tag/edit',
    access: 'connect',
    summary: "Add and remove contacts' tags (the groups they join invite them to linked campaigns)",
    tags: ['tags'],
    body: z
      .object({
        contactIds: z
          .array(idSchema)
          .min(1, 'must name at least one contact')
          .max(tagLimits.contactsPerEdit, `at most ${tagLimits.contactsPerEdit} contacts`)
          .optional(),
        /** Instead of `contactIds`: every contact the contact list's filter matches (at most 10,000). */
        filter: contactFilterSchema.optional(),
        addedTags: z
          .array(tagSchema)
          .max(tagLimits.tagsPerCall, `at most ${tagLimits.tagsPerCall} tags`)
          .default([]),
        removedTags: z
          .array(tagSchema)
          .max(tagLimits.tagsPerCall, `at most ${tagLimits.tagsPerCall} tags`)
          .default([]),
        callForCheck,
      })
      .superRefine(exactlyIdsOrFilter('contactIds'))
      .refine((b) => b.addedTags.length + b.removedTags.length > 0, {
        message: 'must add or remove at least one tag',
        path: ['addedTags'],
      })
      .refine((b) => !b.addedTags.some((t) => b.removedTags.includes(t)), {
        message: 'must not add and remove the same tag',
        path: ['removedTags'],
      }),
    status: 200,
    response: tagReportSchema,
  }),
  simulate: defineRoute({
    method: 'GET',
    path: '/campaign/simulate/:id/question/:qid/option/:oid',
    access: 'connect',
    summary:
      "What giving these tags to the option's past pickers would do (D17): contacts tagged, groups joined, invitations",
    tags: ['tags'],
    params: z.object({ id: idSchema, qid: idSchema, oid: idSchema }),
    query: z.object({ 'tags[]': queryArray(tagSchema) }),
    status: 200,
    response: tagReportSchema,
  }),
} as const;
