import { sql } from 'drizzle-orm';
import { index, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { at, tenantKey, tenantRowId } from '../../db/columns.js';
import { manufacturers } from '../owner/owner.tables.js';

/** D21: a manufacturer's response template (docs/product-decisions.md, "Response templates"). */
export const templateMessages = pgTable(
  'template_messages',
  {
    id: tenantRowId(),
    manufacturerId: uuid()
      .notNull()
      .references(() => manufacturers.id, { onDelete: 'cascade' }),
    title: text().notNull(),
    language: text({ enum: ['de', 'en'] }).notNull(),
    /** With placeholders such as `{{contact.firstname|there}}`, filled when the text is used. */
    text: text().notNull(),
    createdAt: at().notNull().defaultNow(),
    updatedAt: at().notNull().defaultNow(),
  },
  (t) => [
    ...tenantKey(t),
    // One title per language: "Thanks" may exist in German and in English.
    uniqueIndex('template_messages_title_idx').on(t.manufacturerId, t.language, sql`lower(${t.title})`),
    index().on(t.manufacturerId, t.title),
  ],
);
