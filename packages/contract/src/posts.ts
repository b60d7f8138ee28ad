import { z } from 'zod';
import {
  checkedText,
  cursorSchema,
  emailSchema,
  idSchema,
  isoDateSchema,
  languageSchema,
  limits,
  listOf,
  personNameSchema,
  queryArray,
} from './common.js';
import {
  postReportReasonMax,
  postTextMax,
  postTextMin,
  postTextProblem,
  postTrapField,
} from './post-checks.js';
import { publicPaths } from './public-paths.js';
import { defineRoute } from './route.js';
import { ticketMediaLimits } from './ticket-media-checks.js';
import { ticketMediaSchema } from './tickets.js';

export * from './post-checks.js';

/**
 * D19: a post waits (`pending`) until the owner, or auto-publish, publishes it; `unpublished` is
 * hidden by the owner (or by visitors' reports until the owner decides); `reported` is hidden and
 * flagged for the operator (docs/product-decisions.md, "The platform area").
 */
export const postStateSchema = z.enum(['pending', 'published', 'unpublished', 'reported']);
export type PostState = z.infer<typeof postStateSchema>;

/** D19: the owner's classification of a post. */
export const manuTypeSchema = z.enum(['praise', 'complaint', 'question', 'idea']);
export type ManuType = z.infer<typeof manuTypeSchema>;

/** The error codes of posts. */
export const postCodes = {
  /** The post's state does not allow this change (D19's machine; 409). */
  state: 'post/state',
  /** Only the owner who wrote a comment deletes it (403). */
  notOwnComment: 'post/not-own-comment',
} as const;

/** An image or video the author attached (D25: private; the owner's console fetches it with the token). */
export const postMediaSchema = ticketMediaSchema;
export type PostMedia = z.infer<typeof postMediaSchema>;

/** One comment under a post, as the owner sees it. */
export const postCommentSchema = z.object({
  _id: idSchema,
  author: z.enum(['owner', 'author']),
  /** The owner's name on owner comments; the author's name on theirs. */
  authorName: z.string().nullable(),
  text: z.string(),
  createdAt: isoDateSchema,
  /** An author's comment this owner had not seen before this read. */
  isNew: z.boolean(),
  /** Written by the signed-in owner: only these can be deleted. */
  own: z.boolean(),
});
export type PostComment = z.infer<typeof postCommentSchema>;

/** One change of a post's state: who, when, from, to (and why, for a report). */
export const postStateChangeSchema = z.object({
  _id: idSchema,
  from: postStateSchema.nullable(),
  to: postStateSchema,
  /** `owner`: an owner of the manufacturer; `auto`: auto-publish or a trusted author; `visitors`: reports. */
  actor: z.enum(['owner', 'auto', 'visitors']),
  /** The owner's name when an owner changed it. */
  actorName: z.string().nullable(),
  reason: z.string().nullable(),
  at: isoDateSchema,
});
export type PostStateChange = z.infer<typeof postStateChangeSchema>;

/** The owner's public answer, shown under the post. */
export const postAnswerSchema = z.object({
  text: z.string(),
  answeredAt: isoDateSchema,
  answeredBy: z.string().nullable(),
});

/** A post in the console's feed (`feed_type=small`). */
export const postListItemSchema = z.object({
  _id: idSchema,
  authorName: z.string(),
  /** The text, shortened, for the feed row. */
  excerpt: z.string(),
  state: postStateSchema,
  /** Null until the owner classifies it. */
  manuType: manuTypeSchema.nullable(),
  answered: z.boolean(),
  commentCount: z.number().int(),
  mediaCount: z.number().int(),
  /** The author wrote something this owner has not seen yet (the post itself, or a comment). */
  hasNew: z.boolean(),
  /** Visitors' reports since the owner last published it. */
  publicReports: z.number().int(),
  /** When auto-publish will publish it (pending posts of a manufacturer with autoPublished). */
  publishAt: isoDateSchema.nullable(),
  createdAt: isoDateSchema,
  lastActivityAt: isoDateSchema,
});
export type PostListItem = z.infer<typeof postListItemSchema>;

export const postSchema = postListItemSchema.extend({
  text: z.string(),
  authorEmail: z.string(),
  /** The owner trusts this author: their later posts publish once they confirm their address. */
  authorTrusted: z.boolean(),
  /** The author opened the private link mailed to them. */
  emailConfirmed: z.boolean(),
  language: languageSchema,
  answer: postAnswerSchema.nullable(),
  /** Only with canPrivateNote it can be written; never public. */
  privateNote: z.string().nullable(),
  comments: z.array(postCommentSchema),
  media: z.array(postMediaSchema),
  /** Every state change, oldest first. */
  log: z.array(postStateChangeSchema),
  /** The reasons visitors gave, newest first (at most 20). */
  reports: z.array(z.object({ reason: z.string().nullable(), at: isoDateSchema })),
  /** The author turned off the mails of this post. */
  mailsOff: z.boolean(),
  updatedAt: isoDateSchema,
});
export type Post = z.infer<typeof postSchema>;

const trueFalse = z.enum(['true', 'false']).transform((v) => v === 'true');

/** The console feed's filters and order. */
export const postFilterSchema = z.object({
  /** The compact feed the console's list uses (the only kind). */
  feed_type: z.enum(['small']).default('small'),
  'states[]': queryArray(postStateSchema),
  /** A classification, or `none` for posts not classified yet. */
  manuType: z.enum(['praise', 'complaint', 'question', 'idea', 'none']).optional(),
  /** Only posts without the owner's answer. */
  unanswered: trueFalse.optional(),
  /** Only posts with something of the author's this owner has not seen. */
  newComments: trueFalse.optional(),
  /** Only posts visitors reported since the owner last published them. */
  reported: trueFalse.optional(),
  /** Words of the text, the author's name or address. */
  search: z.string().trim().max(200).optional(),
  /** `newest` (default), `oldest`, or `activity` (latest comment first). */
  sort: z.enum(['newest', 'oldest', 'activity']).default('newest'),
  page: z.coerce.number().int().min(1).default(1),
  limit: z.coerce.number().int().min(1).max(limits.pageMax).default(20),
  /** The posts after an earlier answer's `next` in the same sort, whatever `page` says (keyset paging). */
  after: cursorSchema.optional(),
});
export type PostFilter = z.input<typeof postFilterSchema>;
export type PostFilterQuery = z.output<typeof postFilterSchema>;

/**
 * A post as the public page shows it: never the address, the private note, the media or the
 * owner's classification (the owner's own, to sort the feed).
 */
export const publicPostSchema = z.object({
  _id: idSchema,
  authorName: z.string(),
  text: z.string(),
  answer: z.object({ text: z.string(), answeredAt: isoDateSchema }).nullable(),
  comments: z.array(
    z.object({
      _id: idSchema,
      author: z.enum(['owner', 'author']),
      /** The manufacturer's name on owner comments, the author's name on theirs. */
      authorName: z.string(),
      text: z.string(),
      createdAt: isoDateSchema,
    }),
  ),
  createdAt: isoDateSchema,
  lastActivityAt: isoDateSchema,
});
export type PublicPost = z.infer<typeof publicPostSchema>;

/** Whose feedback page it is. */
export const feedbackPageInfoSchema = z.object({
  manufacturerName: z.string(),
  imageUrl: z.string().nullable(),
  /** The manufacturer's privacy notice, else the installation's (`PRIVACY_URL`), else none. */
  privacyUrl: z.string().nullable(),
  /** The manufacturer's imprint, when it set one (docs/product-decisions.md, "API-wide"). */
  imprintUrl: z.string().nullable().optional(),
});

export type FeedbackPageInfo = z.infer<typeof feedbackPageInfoSchema>;

/** The public page's feed: one page of published posts and whose page it is. */
export const feedbackFeedSchema = listOf(publicPostSchema).extend({ page: feedbackPageInfoSchema });
export type FeedbackFeed = z.infer<typeof feedbackFeedSchema>;

/** The author's own post, by the private link mailed to them: in any state, with their media. */
export const authorPostSchema = publicPostSchema.extend({
  manufacturerId: idSchema,
  manufacturerName: z.string(),
  state: postStateSchema,
  language: languageSchema,
  media: z.array(postMediaSchema),
  mailsOff: z.boolean(),
});
export type AuthorPost = z.infer<typeof authorPostSchema>;

/**
 * A report's confirmation link as its page shows it: whose page, which post (null once it is no
 * longer public) and whether the reporter confirmed it already.
 */
export const reportConfirmationSchema = z.object({
  manufacturerId: idSchema,
  postId: idSchema,
  page: feedbackPageInfoSchema,
  post: z.object({ authorName: z.string(), excerpt: z.string() }).nullable(),
  confirmed: z.boolean(),
});
export type ReportConfirmation = z.infer<typeof reportConfirmationSchema>;

export const postFormSchema = z.object({
  name: personNameSchema,
  email: emailSchema,
  text: checkedText(postTextProblem, {
    required: `must be at least ${postTextMin} characters`,
    tooShort: `must be at least ${postTextMin} characters`,
    tooLong: `must be at most ${postTextMax} characters`,
  }),
  /** Files uploaded before with the page's media call. */
  mediaIds: z
    .array(idSchema)
    .max(ticketMediaLimits.perComment, `must name at most ${ticketMediaLimits.perComment} files`)
    .default([]),
  consent: z.literal(true, { message: 'must be given to post' }),
  language: languageSchema.default('de'),
  /** The bot trap (see post-checks.ts): people leave it empty. */
  [postTrapField]: z.string().max(1000).optional(),
});
export type PostForm = z.input<typeof postFormSchema>;

const commentText = z
  .string()
  .trim()
  .min(1, 'must not be empty')
  .max(limits.textMax, `must be at most ${limits.textMax} characters`);

/** The reporter's address: the confirmation link goes there (docs/product-decisions.md, "The platform area"). */
const reporterEmail = emailSchema;

const idParams = z.object({ id: idSchema });
const manufacturerParams = z.object({ manufacturerId: idSchema });
const postTokenSchema = z.string().regex(/^[A-Za-z0-9_-]{20,200}$/, 'must be the link mailed to you');
const tag = ['posts'];

export const postRoutes = {
  list: defineRoute({
    method: 'GET',
    path: '/owner/me/ticket',
    access: 'private',
    summary: "The manufacturer's posts (the platform feed), filtered, sorted and paged",
    tags: tag,
    query: postFilterSchema,
    status: 200,
    response: listOf(postListItemSchema).extend({
      /** Posts by state, whatever the filter (the console's tab counts). */
      counts: z.object({
        pending: z.number().int(),
        published: z.number().int(),
        unpublished: z.number().int(),
        reported: z.number().int(),
      }),
    }),
  }),
  get: defineRoute({
    method: 'GET',
    path: '/owner/me/ticket/:id',
    access: 'private',
    summary: 'A post with its comments, media and state log (reading it marks it seen)',
    tags: tag,
    params: idParams,
    status: 200,
    response: postSchema,
  }),
  comments: defineRoute({
    method: 'GET',
    path: '/owner/me/ticket/:id/comment',
    access: 'private',
    summary: "A post's comments, oldest first",
    tags: tag,
    params: idParams,
    status: 200,
    response: z.object({ documents: z.array(postCommentSchema) }),
  }),
  comment: defineRoute({
    method: 'POST',
    path: '/owner/me/ticket/:id/comment',
    access: 'private',
    summary: 'Comment on a post (canComment; public once it is published); the author is mailed',
    tags: tag,
    params: idParams,
    body: z.object({ text: commentText }),
    status: 201,
    response: postCommentSchema,
  }),
  deleteComment: defineRoute({
    method: 'DELETE',
    path: '/owner/me/ticket/:id/comment/:cid',
    access: 'private',
    summary: "Delete one of the signed-in owner's own comments (canComment)",
    tags: tag,
    params: z.object({ id: idSchema, cid: idSchema }),
    status: 204,
  }),
  remove: defineRoute({
    method: 'DELETE',
    path: '/owner/me/ticket/:id',
    access: 'private',
    summary: 'Delete a post (spam, say) with its comments and media, for good (canUnpublish)',
    tags: tag,
    params: idParams,
    status: 204,
  }),
  manuType: defineRoute({
    method: 'PATCH',
    path: '/owner/me/ticket/:id/manutype',
    access: 'private',
    summary: 'Classify a post (praise, complaint, question, idea; null clears it)',
    tags: tag,
    params: idParams,
    body: z.object({ manuType: manuTypeSchema.nullable() }),
    status: 200,
    response: postSchema,
  }),
  answer: defineRoute({
    method: 'PATCH',
    path: '/owner/me/ticket/:id/answer',
    access: 'private',
    summary: "Set the owner's public answer under the post (empty removes it); the author is mailed",
    tags: tag,
    params: idParams,
    body: z.object({
      answer: z.string().trim().max(limits.textMax, `must be at most ${limits.textMax} characters`),
    }),
    status: 200,
    response: postSchema,
  }),
  privateNote: defineRoute({
    method: 'PATCH',
    path: '/owner/me/ticket/:id/privatenote',
    access: 'private',
    summary: "Set the post's private note (canPrivateNote; empty clears it); never public",
    tags: tag,
    params: idParams,
    body: z.object({
      privateNote: z.string().trim().max(limits.textMax, `must be at most ${limits.textMax} characters`),
    }),
    status: 200,
    response: postSchema,
  }),
  publish: defineRoute({
    method: 'PATCH',
    path: '/owner/me/ticket/:id/publish',
    access: 'private',
    summary: 'Publish a pending, unpublished or reported post',
    tags: tag,
    params: idParams,
    status: 200,
    response: postSchema,
  }),
  unpublish: defineRoute({
    method: 'PATCH',
    path: '/owner/me/ticket/:id/unpublish',
    access: 'private',
    summary: 'Hide a pending or published post (canUnpublish)',
    tags: tag,
    params: idParams,
    status: 200,
    response: postSchema,
  }),
  report: defineRoute({
    method: 'PATCH',
    path: '/owner/me/ticket/:id/report',
    access: 'private',
    summary: 'Report a post as abusive: hidden and flagged for the operator',
    tags: tag,
    params: idParams,
    body: z.object({
      reason: z
        .string()
        .trim()
        .min(2, 'must be at least 2 characters')
        .max(postReportReasonMax, `must be at most ${postReportReasonMax} characters`),
    }),
    status: 200,
    response: postSchema,
  }),
  trust: defineRoute({
    method: 'PUT',
    path: '/owner/me/ticket/:id/author-trust',
    access: 'private',
    summary: "Trust the post's author (their later posts publish at once) or stop trusting them",
    tags: tag,
    params: idParams,
    body: z.object({ trusted: z.boolean() }),
    status: 200,
    response: postSchema,
  }),
  bulk: defineRoute({
    method: 'POST',
    path: '/owner/me/ticket/bulk',
    access: 'private',
    summary: 'Publish or unpublish several posts; those whose state does not allow it are named',
    tags: tag,
    body: z.object({
      action: z.enum(['publish', 'unpublish']),
      ids: z.array(idSchema).min(1, 'must name at least one post').max(limits.pageMax),
    }),
    status: 200,
    response: z.object({
      changed: z.number().int(),
      skipped: z.array(z.object({ _id: idSchema, code: z.string() })),
    }),
  }),
  media: defineRoute({
    method: 'GET',
    path: '/owner/me/ticket/:id/media/:mediaId',
    access: 'private',
    summary: 'An image or video the author attached',
    tags: tag,
    params: z.object({ id: idSchema, mediaId: idSchema }),
    status: 200,
  }),
  feed: defineRoute({
    method: 'GET',
    path: publicPaths.feedback,
    access: 'public',
    summary: "The public feedback page: whose it is and the published posts with the owner's answers",
    tags: tag,
    params: manufacturerParams,
    query: z.object({
      sort: z.enum(['newest', 'activity']).default('newest'),
      page: z.coerce.number().int().min(1).default(1),
      limit: z.coerce.number().int().min(1).max(50).default(10),
    }),
    status: 200,
    response: feedbackFeedSchema,
  }),
  submit: defineRoute({
    method: 'POST',
    path: publicPaths.feedback,
    access: 'public',
    summary: 'Post feedback (rate-limited per address and per email; the author is mailed a private link)',
    tags: tag,
    params: manufacturerParams,
    body: postFormSchema,
    status: 201,
    response: z.object({ state: postStateSchema }),
  }),
  submitMedia: defineRoute({
    method: 'POST',
    path: publicPaths.feedbackMedia,
    access: 'public',
    summary: 'Upload an image or video for the next post (multipart field "file"; checked on its bytes)',
    tags: tag,
    params: manufacturerParams,
    consumes: ['multipart/form-data'],
    status: 201,
    response: postMediaSchema,
  }),
  publicPost: defineRoute({
    method: 'GET',
    path: publicPaths.feedbackPost,
    access: 'public',
    summary: 'One published post with its answer and comments',
    tags: tag,
    params: z.object({ manufacturerId: idSchema, postId: idSchema }),
    status: 200,
    response: publicPostSchema.extend({ page: feedbackPageInfoSchema }),
  }),
  publicReport: defineRoute({
    method: 'POST',
    path: publicPaths.feedbackReport,
    access: 'public',
    summary:
      'Report a published post as abusive: a confirmation link is mailed to the address given, and the report counts once it is confirmed',
    tags: tag,
    params: z.object({ manufacturerId: idSchema, postId: idSchema }),
    /**
     * Counted once confirmed, once per post and confirmed address and once per post and client
     * network (docs/product-decisions.md, "The platform area").
     */
    body: z.object({
      email: reporterEmail,
      reason: z
        .string()
        .trim()
        .max(postReportReasonMax, `must be at most ${postReportReasonMax} characters`)
        .optional(),
      /** The page's language: the confirmation mail and its page use it. */
      language: languageSchema.default('de'),
    }),
    status: 204,
  }),
  reportConfirmation: defineRoute({
    method: 'GET',
    path: publicPaths.reportConfirmation,
    access: 'public',
    summary: "A report's confirmation link: which post it reports and whether it is confirmed yet",
    tags: tag,
    params: z.object({ token: postTokenSchema }),
    status: 200,
    response: reportConfirmationSchema,
  }),
  reportConfirm: defineRoute({
    method: 'POST',
    path: publicPaths.reportConfirm,
    access: 'public',
    summary: 'Confirm a report by the link mailed to the reporter (only a confirmed report counts)',
    tags: tag,
    params: z.object({ token: postTokenSchema }),
    status: 204,
  }),
  authorPost: defineRoute({
    method: 'GET',
    path: publicPaths.authorPost,
    access: 'public',
    summary: "The author's own post by the private link mailed to them (confirms the address)",
    tags: tag,
    params: z.object({ token: postTokenSchema }),
    status: 200,
    response: authorPostSchema,
  }),
  authorComment: defineRoute({
    method: 'POST',
    path: publicPaths.authorComment,
    access: 'public',
    summary: "The author's comment on their post",
    tags: tag,
    params: z.object({ token: postTokenSchema }),
    body: z.object({ text: commentText }),
    status: 201,
    response: authorPostSchema.shape.comments.element,
  }),
  authorMedia: defineRoute({
    method: 'GET',
    path: publicPaths.authorMedia,
    access: 'public',
    summary: "An image or video of the author's post, for its author only (by the private link)",
    tags: tag,
    params: z.object({ token: postTokenSchema, mediaId: idSchema }),
    status: 200,
  }),
  authorMails: defineRoute({
    method: 'PUT',
    path: publicPaths.authorMails,
    access: 'public',
    summary: "Turn the post's mails off or on again",
    tags: tag,
    params: z.object({ token: postTokenSchema }),
    body: z.object({ mailsOff: z.boolean() }),
    status: 200,
    response: z.object({ mailsOff: z.boolean() }),
  }),
  authorUnsubscribe: defineRoute({
    method: 'POST',
    path: publicPaths.authorUnsubscribe,
    access: 'public',
    summary: "A mail client's one-click unsubscribe from the post's mails (RFC 8058)",
    tags: tag,
    params: z.object({ token: postTokenSchema }),
    status: 204,
  }),
} as const;
