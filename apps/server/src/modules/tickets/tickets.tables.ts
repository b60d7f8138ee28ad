import type { TicketAnswer, Vote } from '@parley/contract';
import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { at, tenantKey, tenantRowId } from '../../db/columns.js';
import { campaigns } from '../campaigns/campaigns.tables.js';
import { contacts } from '../contacts/contacts.tables.js';
import { owners } from '../owner/owner.tables.js';

/**
 * A campaign ticket is one participation (D14): one contact's answers to one campaign, and the
 * conversation about it (docs/product-decisions.md, "The ticket conversation"). Answers are stored
 * as the participant saw them, so editing questions never loses them.
 */
export const campaignTickets = pgTable(
  'campaign_tickets',
  {
    id: tenantRowId(),
    manufacturerId: uuid().notNull(),
    campaignId: uuid()
      .notNull()
      .references(() => campaigns.id, { onDelete: 'cascade' }),
    /** Null once the contact was deleted without erasing its answers ("deleted contact"). */
    contactId: uuid().references(() => contacts.id, { onDelete: 'set null' }),
    /** How the participant came: the open link or a personal invitation. */
    source: text({ enum: ['openLink', 'invitation'] }).notNull(),
    language: text({ enum: ['de', 'en'] }).notNull(),
    answers: jsonb().$type<TicketAnswer[]>().notNull(),
    answeredCount: integer().notNull(),
    /** The free-text answers and the chosen options' texts, lowercased, for the inbox's search. */
    searchText: text().notNull().default(''),
    /** The first free-text answer, shortened, for the inbox row. */
    excerpt: text(),
    /** Made by the survey page once per filled-in form: a double submit stores one ticket. */
    submissionId: uuid().notNull(),
    /** SHA-256 of the participant's first private link token (/p/t/:token); later links: ticket_links. */
    tokenHash: text().notNull().unique(),
    emailConfirmedAt: at(),
    /** The owner's answer (D14) and whether it was mailed. */
    manuAnswer: text(),
    manuAnsweredAt: at(),
    /** The answering owner's name when they answered. */
    manuAnsweredBy: text(),
    manuAnswerNotified: boolean().notNull().default(false),
    /** Never shown to the participant. */
    privateNote: text(),
    /** Archived (the API's `ignore` flag; docs/product-decisions.md, "The ticket conversation"). */
    ignored: boolean().notNull().default(false),
    /** The rating of each answer by its question id, and the counts the inbox shows and filters by. */
    ratings: jsonb().$type<Record<string, Vote>>().notNull().default({}),
    votesUp: integer().notNull().default(0),
    votesDown: integer().notNull().default(0),
    commentCount: integer().notNull().default(0),
    /** The last message by anyone (the answers' time before any): the inbox's "latest activity" order. */
    lastActivityAt: at().notNull().defaultNow(),
    /** The participant's last message or file: "new" for each owner who has not read the ticket since. */
    lastParticipantActivityAt: at(),
    /** The participant turned off this conversation's mails. */
    mailsOff: boolean().notNull().default(false),
    createdAt: at().notNull().defaultNow(),
    updatedAt: at().notNull().defaultNow(),
  },
  (t) => [
    // The key leads with the manufacturer (docs/scaling.md, "Tenant keys"); it also serves what looks up a
    // manufacturer's tickets without more (the plain index on manufacturer_id it replaced).
    ...tenantKey(t),
    uniqueIndex().on(t.campaignId, t.submissionId),
    // A campaign's tickets, newest first with the id breaking ties, as the list orders them; with the
    // manufacturer and the archive flag, a campaign's days and counts in a range are index-only scans.
    index('campaign_tickets_campaign_created_idx').on(
      t.campaignId,
      t.createdAt,
      t.id,
      t.manufacturerId,
      t.ignored,
    ),
    // The inbox (every campaign) and the archive, newest first or by latest activity.
    index('campaign_tickets_inbox_created_idx').on(t.manufacturerId, t.ignored, t.createdAt, t.id),
    index('campaign_tickets_inbox_activity_idx').on(t.manufacturerId, t.ignored, t.lastActivityAt, t.id),
    // One campaign's tickets by latest activity, and their count (an index-only scan: the list also
    // names the manufacturer, which without it here sent the count to the heap; bench ticket-inbox).
    index('campaign_tickets_campaign_activity_idx').on(
      t.campaignId,
      t.ignored,
      t.manufacturerId,
      t.lastActivityAt,
      t.id,
    ),
    // The inbox's filters that keep a part of the tickets, each with a partial index of that part:
    // unanswered (every new ticket starts here), with participant messages, rated up, rated down.
    index('campaign_tickets_unanswered_idx')
      .on(t.manufacturerId, t.ignored, t.createdAt, t.id)
      .where(sql`${t.manuAnswer} is null`),
    index('campaign_tickets_participant_activity_idx')
      .on(t.manufacturerId, t.ignored, t.createdAt, t.id)
      .where(sql`${t.lastParticipantActivityAt} is not null`),
    index('campaign_tickets_rated_up_idx')
      .on(t.manufacturerId, t.ignored, t.createdAt, t.id)
      .where(sql`${t.votesUp} > 0`),
    index('campaign_tickets_rated_down_idx')
      .on(t.manufacturerId, t.ignored, t.createdAt, t.id)
      .where(sql`${t.votesDown} > 0`),
    // A mass follow-up walks a campaign's tickets in id order, batch after batch.
    index('campaign_tickets_campaign_id_idx').on(t.campaignId, t.id),
    index().on(t.contactId),
    // The search has a trigram index on `search_text`, made by the migration 0007 (pg_trgm's operator class).
  ],
);

/** When an owner last read a ticket: the participant's messages after it are new for them. */
export const ticketReads = pgTable(
  'ticket_reads',
  {
    ticketId: uuid()
      .notNull()
      .references(() => campaignTickets.id, { onDelete: 'cascade' }),
    ownerId: uuid()
      .notNull()
      .references(() => owners.id, { onDelete: 'cascade' }),
    seenAt: at().notNull(),
  },
  (t) => [primaryKey({ columns: [t.ownerId, t.ticketId] })],
);

/**
 * Every private link mailed for a ticket after the first (each mail carries a fresh token; only its
 * SHA-256 is kept), so an older mail's link keeps working.
 */
export const ticketLinks = pgTable(
  'ticket_links',
  {
    tokenHash: text().primaryKey(),
    ticketId: uuid()
      .notNull()
      .references(() => campaignTickets.id, { onDelete: 'cascade' }),
    createdAt: at().notNull().defaultNow(),
  },
  (t) => [index().on(t.ticketId)],
);

/** D14: a mass follow-up, delivered by a job that commits its progress batch by batch. */
export const massFollowUps = pgTable(
  'mass_follow_ups',
  {
    id: tenantRowId(),
    manufacturerId: uuid().notNull(),
    campaignId: uuid()
      .notNull()
      .references(() => campaigns.id, { onDelete: 'cascade' }),
    ownerId: uuid().references(() => owners.id, { onDelete: 'set null' }),
    authorName: text(),
    /** The text as written, placeholders unfilled: each ticket's comment is filled for its participant. */
    description: text().notNull(),
    /** The mails' subject as written, placeholders unfilled; null: the default (docs/product-decisions.md, "Mass follow-up"). */
    subject: text(),
    notify: boolean().notNull(),
    /** The tickets named by the owner; null = every ticket of the campaign not archived when it was sent. */
    ticketIds: uuid().array(),
    state: text({ enum: ['queued', 'running', 'done'] })
      .notNull()
      .default('queued'),
    total: integer().notNull(),
    done: integer().notNull().default(0),
    reminded: integer().notNull().default(0),
    /** The last ticket id handled: the job goes on after it (tickets in id order). */
    cursor: uuid(),
    createdAt: at().notNull().defaultNow(),
    /** The last committed batch (real time): a follow-up not done and quiet for minutes lost its job. */
    updatedAt: at().notNull().defaultNow(),
    finishedAt: at(),
  },
  (t) => [
    ...tenantKey(t),
    index().on(t.campaignId, t.createdAt),
    index('mass_follow_ups_open_idx').on(t.updatedAt).where(sql`${t.state} <> 'done'`),
  ],
);

/** One message of a ticket's conversation, by an owner or by the participant. */
export const ticketComments = pgTable(
  'ticket_comments',
  {
    id: tenantRowId(),
    manufacturerId: uuid().notNull(),
    ticketId: uuid()
      .notNull()
      .references(() => campaignTickets.id, { onDelete: 'cascade' }),
    author: text({ enum: ['owner', 'participant'] }).notNull(),
    /** The writing owner (null for the participant, or once that owner was removed). */
    ownerId: uuid().references(() => owners.id, { onDelete: 'set null' }),
    /** The owner's name when they wrote it. */
    authorName: text(),
    description: text().notNull(),
    massFollowUpId: uuid().references(() => massFollowUps.id, { onDelete: 'set null' }),
    /** A mass follow-up's reminder (D14): null until decided, then sent or not needed. */
    reminder: text({ enum: ['sent', 'skipped'] }),
    createdAt: at().notNull().defaultNow(),
  },
  (t) => [
    ...tenantKey(t),
    index().on(t.ticketId, t.createdAt),
    // A follow-up posts once per ticket, even when its job runs again after a crash.
    uniqueIndex('ticket_comments_follow_up_ticket_idx').on(t.massFollowUpId, t.ticketId),
    // The reminder sweep's candidates: follow-up comments not yet decided.
    index('ticket_comments_reminder_due_idx')
      .on(t.createdAt)
      .where(sql`${t.massFollowUpId} is not null and ${t.reminder} is null`),
  ],
);

/** An image or video a participant attached (D25: private, under `private/tickets/<ticket>/`). */
export const ticketMedia = pgTable(
  'ticket_media',
  {
    id: tenantRowId(),
    manufacturerId: uuid().notNull(),
    ticketId: uuid()
      .notNull()
      .references(() => campaignTickets.id, { onDelete: 'cascade' }),
    /** Null until a reply names it. */
    commentId: uuid().references(() => ticketComments.id, { onDelete: 'cascade' }),
    storageKey: text().notNull(),
    kind: text({ enum: ['image', 'video'] }).notNull(),
    contentType: text().notNull(),
    size: integer().notNull(),
    createdAt: at().notNull().defaultNow(),
  },
  (t) => [...tenantKey(t), index().on(t.ticketId), index().on(t.commentId)],
);

/**
 * Each ticket's answer to each question, one row per ticket and question, written with the ticket:
 * the results count these with SQL aggregates and indexes instead of reading the tickets' answers
 * (docs/product-decisions.md, "Results and statistics").
 */
export const ticketAnswerStates = pgTable(
  'ticket_answer_states',
  {
    ticketId: uuid()
      .notNull()
      .references(() => campaignTickets.id, { onDelete: 'cascade' }),
    campaignId: uuid().notNull(),
    questionId: uuid().notNull(),
    /** Answered, left blank (an optional question), or led past by a path rule. */
    state: text({ enum: ['answered', 'blank', 'path'] }).notNull(),
    /** A free-text answer's text; null otherwise. */
    text: text(),
    /** The ticket's time: free-text answers are listed newest first. */
    createdAt: at().notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.ticketId, t.questionId] }),
    // Counting a campaign's answers per question and state: an index-only scan.
    index('ticket_answer_states_campaign_idx').on(t.campaignId, t.questionId, t.state, t.createdAt),
  ],
);

/** Each option a ticket chose (SingleChoice, MultiChoice) or ranked (Ranking, with its position, 1 = best). */
export const ticketChoices = pgTable(
  'ticket_choices',
  {
    ticketId: uuid()
      .notNull()
      .references(() => campaignTickets.id, { onDelete: 'cascade' }),
    campaignId: uuid().notNull(),
    questionId: uuid().notNull(),
    optionId: uuid().notNull(),
    /** Ranking: the position given; null for a choice. */
    position: smallint(),
  },
  (t) => [
    primaryKey({ columns: [t.ticketId, t.questionId, t.optionId] }),
    // Counting a campaign's choices per option (and position): an index-only scan.
    index('ticket_choices_campaign_idx').on(t.campaignId, t.questionId, t.optionId, t.position),
  ],
);

/*
 * Tallies (docs/architecture.md, "Data"): what the lists' totals and a campaign's results add up instead of
 * counting every ticket and answer of the campaign. Kept by triggers on campaign_tickets,
 * ticket_answer_states and ticket_choices, written by hand in the migration 0013 (drizzle-kit declares no
 * trigger), in the transaction of every insert, change and delete, cascades included; the function
 * `ticket_tallies_recount(campaign ids)` counts a campaign's again from its rows.
 */

/** A campaign's tickets per kind the lists filter by (archived, answered, rated up, rated down) and source. */
export const campaignTicketTallies = pgTable(
  'campaign_ticket_tallies',
  {
    manufacturerId: uuid().notNull(),
    campaignId: uuid()
      .notNull()
      .references(() => campaigns.id, { onDelete: 'cascade' }),
    ignored: boolean().notNull(),
    answered: boolean().notNull(),
    ratedUp: boolean().notNull(),
    ratedDown: boolean().notNull(),
    source: text({ enum: ['openLink', 'invitation'] }).notNull(),
    n: integer().notNull(),
  },
  (t) => [
    primaryKey({
      name: 'campaign_ticket_tallies_pk',
      columns: [t.manufacturerId, t.campaignId, t.ignored, t.answered, t.ratedUp, t.ratedDown, t.source],
    }),
    index('campaign_ticket_tallies_campaign_idx').on(t.campaignId),
  ],
);

/** A campaign's answer states per question, archive flag and hour (UTC) of the ticket. */
export const ticketAnswerTallies = pgTable(
  'ticket_answer_tallies',
  {
    campaignId: uuid()
      .notNull()
      .references(() => campaigns.id, { onDelete: 'cascade' }),
    questionId: uuid().notNull(),
    state: text({ enum: ['answered', 'blank', 'path'] }).notNull(),
    ignored: boolean().notNull(),
    hour: timestamp({ withTimezone: true, mode: 'string' }).notNull(),
    n: integer().notNull(),
  },
  (t) => [
    primaryKey({
      name: 'ticket_answer_tallies_pk',
      columns: [t.campaignId, t.questionId, t.state, t.ignored, t.hour],
    }),
  ],
);

/** A campaign's chosen options (position 0) and ranks per question, archive flag and hour of the ticket. */
export const ticketChoiceTallies = pgTable(
  'ticket_choice_tallies',
  {
    campaignId: uuid()
      .notNull()
      .references(() => campaigns.id, { onDelete: 'cascade' }),
    questionId: uuid().notNull(),
    optionId: uuid().notNull(),
    position: smallint().notNull(),
    ignored: boolean().notNull(),
    hour: timestamp({ withTimezone: true, mode: 'string' }).notNull(),
    n: integer().notNull(),
  },
  (t) => [
    primaryKey({
      name: 'ticket_choice_tallies_pk',
      columns: [t.campaignId, t.questionId, t.optionId, t.position, t.ignored, t.hour],
    }),
  ],
);
