import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, primaryKey, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { at, tenantKey, tenantRowId } from '../../db/columns.js';
import { manufacturers, owners } from '../owner/owner.tables.js';

/**
 * A post (D19): feedback an end user wrote on the manufacturer's public feedback page, the owner's
 * classification, public answer and private note, and its state (docs/product-decisions.md, "The
 * platform area"). The manufacturer leads every index: the feed is always one manufacturer's.
 */
export const posts = pgTable(
  'posts',
  {
    id: tenantRowId(),
    manufacturerId: uuid()
      .notNull()
      .references(() => manufacturers.id, { onDelete: 'cascade' }),
    authorName: text().notNull(),
    /** Lowercased. */
    authorEmail: text().notNull(),
    text: text().notNull(),
    /** The language the page was shown in: the author's mails and their page use it. */
    language: text({ enum: ['de', 'en'] }).notNull(),
    state: text({ enum: ['pending', 'published', 'unpublished', 'reported'] })
      .notNull()
      .default('pending'),
    manuType: text({ enum: ['praise', 'complaint', 'question', 'idea'] }),
    answer: text(),
    answeredAt: at(),
    /** The answering owner's name when they answered. */
    answeredBy: text(),
    privateNote: text(),
    commentCount: integer().notNull().default(0),
    mediaCount: integer().notNull().default(0),
    /** Visitors' reports since the owner last published it. */
    publicReports: integer().notNull().default(0),
    /** When auto-publish publishes it (pending posts only; cleared by any state change). */
    publishAt: at(),
    /** SHA-256 of the author's first private link token; later links: post_links. */
    tokenHash: text().notNull().unique(),
    emailConfirmedAt: at(),
    /** The author turned off this post's mails. */
    mailsOff: boolean().notNull().default(false),
    /** Text, name and address, lowercased, for the feed's search (a trigram index, migration 0010). */
    searchText: text().notNull(),
    /** The last comment by anyone (the post's time before any): "latest activity" order. */
    lastActivityAt: at().notNull().defaultNow(),
    /** The author's post or last comment: "new" for each owner who has not read the post since. */
    lastAuthorActivityAt: at().notNull().defaultNow(),
    createdAt: at().notNull().defaultNow(),
    updatedAt: at().notNull().defaultNow(),
  },
  (t) => [
    ...tenantKey(t),
    // The console feed: all posts or one state, newest first or by latest activity; the public
    // page reads the published ones the same way.
    index('posts_feed_created_idx').on(t.manufacturerId, t.createdAt, t.id),
    index('posts_feed_state_created_idx').on(t.manufacturerId, t.state, t.createdAt, t.id),
    index('posts_feed_activity_idx').on(t.manufacturerId, t.lastActivityAt, t.id),
    index('posts_feed_state_activity_idx').on(t.manufacturerId, t.state, t.lastActivityAt, t.id),
    // The feed's counts by state (an index-only scan) use posts_feed_state_created_idx.
    // Unanswered (every new post starts here): its page and count without reading all the posts.
    index('posts_unanswered_idx').on(t.manufacturerId, t.createdAt, t.id).where(sql`${t.answer} is null`),
    // Auto-publish's sweep: the pending posts that have a time.
    index('posts_publish_due_idx')
      .on(t.publishAt)
      .where(sql`${t.state} = 'pending' and ${t.publishAt} is not null`),
  ],
);

/** A comment under a post: the owner's or the author's (public once the post is published). */
export const postComments = pgTable(
  'post_comments',
  {
    id: tenantRowId(),
    manufacturerId: uuid().notNull(),
    postId: uuid()
      .notNull()
      .references(() => posts.id, { onDelete: 'cascade' }),
    author: text({ enum: ['owner', 'author'] }).notNull(),
    /** The writing owner (null for the author's comments, or once that owner was deleted). */
    ownerId: uuid().references(() => owners.id, { onDelete: 'set null' }),
    /** The owner's or the author's name when they wrote it. */
    authorName: text(),
    text: text().notNull(),
    createdAt: at().notNull().defaultNow(),
  },
  (t) => [...tenantKey(t), index().on(t.postId, t.createdAt, t.id)],
);

/** An image or video the author attached; unattached (post_id null) until the post is sent. */
export const postMedia = pgTable(
  'post_media',
  {
    id: tenantRowId(),
    manufacturerId: uuid()
      .notNull()
      .references(() => manufacturers.id, { onDelete: 'cascade' }),
    postId: uuid().references(() => posts.id, { onDelete: 'cascade' }),
    storageKey: text().notNull(),
    kind: text({ enum: ['image', 'video'] }).notNull(),
    contentType: text().notNull(),
    size: integer().notNull(),
    createdAt: at().notNull().defaultNow(),
  },
  (t) => [
    ...tenantKey(t),
    index().on(t.postId),
    index('post_media_unattached_idx').on(t.manufacturerId, t.createdAt).where(sql`${t.postId} is null`),
  ],
);

/** Every state change of a post: who, when, from, to, why. */
export const postStateChanges = pgTable(
  'post_state_changes',
  {
    id: tenantRowId(),
    manufacturerId: uuid().notNull(),
    postId: uuid()
      .notNull()
      .references(() => posts.id, { onDelete: 'cascade' }),
    fromState: text({ enum: ['pending', 'published', 'unpublished', 'reported'] }),
    toState: text({ enum: ['pending', 'published', 'unpublished', 'reported'] }).notNull(),
    actor: text({ enum: ['owner', 'auto', 'visitors'] }).notNull(),
    ownerId: uuid().references(() => owners.id, { onDelete: 'set null' }),
    actorName: text(),
    reason: text(),
    at: at().notNull().defaultNow(),
  },
  (t) => [...tenantKey(t), index().on(t.postId, t.at)],
);

/**
 * A visitor's confirmed report of a published post since the owner last published it: one per post
 * and client network, and one per post and confirmed address (each hashed with the post's id;
 * reports from before confirmation was asked have no address).
 */
export const postReports = pgTable(
  'post_reports',
  {
    postId: uuid()
      .notNull()
      .references(() => posts.id, { onDelete: 'cascade' }),
    networkHash: text().notNull(),
    emailHash: text(),
    reason: text(),
    createdAt: at().notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.postId, t.networkHash] }), uniqueIndex().on(t.postId, t.emailHash)],
);

/**
 * A visitor's report waiting for them to confirm their address by the link mailed to it (only the
 * link's SHA-256 is kept; the network and the normalised address hashed as in post_reports), with
 * its post's manufacturer like every tenant row (docs/scaling.md, "Tenant keys"). It counts once
 * confirmed; publishing the post again deletes the waiting ones.
 */
export const postReportRequests = pgTable(
  'post_report_requests',
  {
    tokenHash: text().primaryKey(),
    manufacturerId: uuid()
      .notNull()
      .references(() => manufacturers.id, { onDelete: 'cascade' }),
    postId: uuid()
      .notNull()
      .references(() => posts.id, { onDelete: 'cascade' }),
    networkHash: text().notNull(),
    emailHash: text().notNull(),
    reason: text(),
    createdAt: at().notNull().defaultNow(),
    confirmedAt: at(),
  },
  (t) => [index().on(t.postId), index().on(t.createdAt)],
);

/** When an owner last read a post: the author's writing after it is new for them. */
export const postReads = pgTable(
  'post_reads',
  {
    postId: uuid()
      .notNull()
      .references(() => posts.id, { onDelete: 'cascade' }),
    ownerId: uuid()
      .notNull()
      .references(() => owners.id, { onDelete: 'cascade' }),
    seenAt: at().notNull(),
  },
  (t) => [primaryKey({ columns: [t.ownerId, t.postId] }), index().on(t.postId)],
);

/** Every private link mailed to the author after the first (only the SHA-256 is kept). */
export const postLinks = pgTable(
  'post_links',
  {
    tokenHash: text().primaryKey(),
    postId: uuid()
      .notNull()
      .references(() => posts.id, { onDelete: 'cascade' }),
    createdAt: at().notNull().defaultNow(),
  },
  (t) => [index().on(t.postId)],
);

/** Authors the owner trusts: their later posts publish once they confirm their address. */
export const trustedPostAuthors = pgTable(
  'trusted_post_authors',
  {
    manufacturerId: uuid()
      .notNull()
      .references(() => manufacturers.id, { onDelete: 'cascade' }),
    email: text().notNull(),
    createdAt: at().notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.manufacturerId, t.email] })],
);

/**
 * A manufacturer's posts per state, classification (`none` for none), answered and reported: the feed's
 * tab counts and totals add these up instead of counting the posts. Kept by triggers on posts, written by
 * hand in the migration 0013 (drizzle-kit declares no trigger), in the transaction of every change;
 * `post_tallies_recount(manufacturer ids)` counts a manufacturer's again.
 */
export const postTallies = pgTable(
  'post_tallies',
  {
    manufacturerId: uuid()
      .notNull()
      .references(() => manufacturers.id, { onDelete: 'cascade' }),
    state: text({ enum: ['pending', 'published', 'unpublished', 'reported'] }).notNull(),
    manuType: text({ enum: ['praise', 'complaint', 'question', 'idea', 'none'] }).notNull(),
    answered: boolean().notNull(),
    reported: boolean().notNull(),
    n: integer().notNull(),
  },
  (t) => [
    primaryKey({
      name: 'post_tallies_pk',
      columns: [t.manufacturerId, t.state, t.manuType, t.answered, t.reported],
    }),
  ],
);
