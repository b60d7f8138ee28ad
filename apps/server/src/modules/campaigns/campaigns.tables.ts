import type { EndCondition } from '@parley/contract';
import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { at, tenantKey, tenantRowId } from '../../db/columns.js';
import { manufacturers } from '../owner/owner.tables.js';

/** A survey (D11, D12). Counters are kept in the row so lists never count tickets per page. */
export const campaigns = pgTable(
  'campaigns',
  {
    id: tenantRowId(),
    manufacturerId: uuid()
      .notNull()
      .references(() => manufacturers.id, { onDelete: 'cascade' }),
    title: text().notNull(),
    description: text().notNull().default(''),
    language: text({ enum: ['de', 'en'] })
      .notNull()
      .default('en'),
    image: text(),
    endCondition: jsonb().$type<EndCondition>().notNull().default({ type: 'never' }),
    /** endCondition.endsAt, as a column so the end-by-date sweep uses an index. */
    endsAt: at(),
    autoReminder: boolean().notNull().default(false),
    isGroupCampaign: boolean().notNull().default(false),
    allowMultipleParticipation: boolean().notNull().default(false),
    openLink: boolean().notNull().default(true),
    /** Campaign tags (D17), lowercased: every participant gets them with the answer. */
    tags: text().array().notNull().default(sql`'{}'::text[]`),
    state: text({ enum: ['draft', 'running', 'ended', 'archived'] })
      .notNull()
      .default('draft'),
    archivedFrom: text({ enum: ['draft', 'running', 'ended', 'archived'] }),
    hasStarted: boolean().notNull().default(false),
    startedAt: at(),
    endedAt: at(),
    archivedAt: at(),
    ticketCount: integer().notNull().default(0),
    questionCount: integer().notNull().default(0),
    /**
     * Moves on with every change of what the public survey shows (docs/operations.md, "The survey's data
     * call"): its own columns, and `updatedAt`, which every change of the campaign and of its questions and
     * options moves (D3). Counted by a trigger in the changing transaction (migration 0013), never by the
     * answers' counter: every instance keys its copy of the survey by (id, contentVersion).
     */
    contentVersion: integer().notNull().default(0),
    createdAt: at().notNull().defaultNow(),
    updatedAt: at().notNull().defaultNow(),
  },
  (t) => [
    ...tenantKey(t),
    index().on(t.manufacturerId, t.state, t.createdAt),
    // The list's default order (newest first, read backwards): the first page reads 20 rows instead of
    // sorting every campaign of the manufacturer.
    index('campaigns_manufacturer_created_idx').on(t.manufacturerId, t.createdAt, t.id),
    // Sorted by title (lower(title), then id, as the list orders it): an index scan, not a sort of them all.
    index('campaigns_manufacturer_title_idx').on(t.manufacturerId, sql`lower(${t.title})`, t.id),
    index('campaigns_running_ends_at_idx').on(t.endsAt).where(sql`${t.state} = 'running'`),
  ],
);
