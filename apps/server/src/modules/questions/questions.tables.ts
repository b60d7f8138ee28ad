import type { PathRule } from '@parley/contract';
import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { at, tenantKey, tenantRowId } from '../../db/columns.js';
import { campaigns } from '../campaigns/campaigns.tables.js';

/** D13. `manufacturerId` is repeated from the campaign so every query can filter by tenant. */
export const questions = pgTable(
  'questions',
  {
    id: tenantRowId(),
    campaignId: uuid()
      .notNull()
      .references(() => campaigns.id, { onDelete: 'cascade' }),
    manufacturerId: uuid().notNull(),
    type: text({ enum: ['FreeText', 'SingleChoice', 'MultiChoice', 'Ranking'] }).notNull(),
    text: text().notNull(),
    optional: boolean().notNull().default(false),
    image: text(),
    link: text(),
    order: integer().notNull(),
    pathRules: jsonb().$type<PathRule[]>().notNull().default([]),
    createdAt: at().notNull().defaultNow(),
    updatedAt: at().notNull().defaultNow(),
  },
  (t) => [...tenantKey(t), index().on(t.campaignId, t.order)],
);

/** Options keep their id across updates, so option tags and answers stay attached (D13, D17). */
export const questionOptions = pgTable(
  'question_options',
  {
    id: tenantRowId(),
    questionId: uuid()
      .notNull()
      .references(() => questions.id, { onDelete: 'cascade' }),
    manufacturerId: uuid().notNull(),
    text: text().notNull(),
    order: integer().notNull(),
    tags: text().array().notNull().default(sql`'{}'::text[]`),
  },
  (t) => [...tenantKey(t), index().on(t.questionId, t.order)],
);
