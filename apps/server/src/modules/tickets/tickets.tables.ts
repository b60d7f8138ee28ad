import type { TicketAnswer } from '@parley/contract';
import { index, integer, jsonb, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { at, uuidKey } from '../../db/columns.js';
import { campaigns } from '../campaigns/campaigns.tables.js';
import { contacts } from '../contacts/contacts.tables.js';

/**
 * A campaign ticket is one participation (D14): one contact's answers to one campaign.
 * Answers are stored as the participant saw them, so editing questions never loses them.
 * The conversation issue adds the owner's answer, comments, private note, ignore flag and votes.
 */
export const campaignTickets = pgTable(
  'campaign_tickets',
  {
    id: uuidKey(),
    manufacturerId: uuid().notNull(),
    campaignId: uuid()
      .notNull()
      .references(() => campaigns.id, { onDelete: 'cascade' }),
    /** Null once the contact was deleted without erasing its answers ("deleted contact"). */
    contactId: uuid().references(() => contacts.id, { onDelete: 'set null' }),
    /** How the participant came: the open link now, a personal invitation later. */
    source: text({ enum: ['openLink', 'invitation'] }).notNull(),
    language: text({ enum: ['de', 'en'] }).notNull(),
    answers: jsonb().$type<TicketAnswer[]>().notNull(),
    answeredCount: integer().notNull(),
    /** Made by the survey page once per filled-in form: a double submit stores one ticket. */
    submissionId: uuid().notNull(),
    /** SHA-256 of the participant's private link token (/p/t/:token). */
    tokenHash: text().notNull().unique(),
    emailConfirmedAt: at(),
    createdAt: at().notNull().defaultNow(),
    updatedAt: at().notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex().on(t.campaignId, t.submissionId),
    // A campaign's tickets, newest first with the id breaking ties, as the list (and its cursor) orders them.
    index('campaign_tickets_campaign_created_idx').on(t.campaignId, t.createdAt, t.id),
    index().on(t.contactId),
    index().on(t.manufacturerId),
  ],
);
