import { index, pgTable, text } from 'drizzle-orm/pg-core';
import { at, uuidKey } from '../../db/columns.js';

/** Information items shown in the console (`GET info/all`), added by an operator (`info:add`). */
export const infoItems = pgTable(
  'info_items',
  {
    id: uuidKey(),
    platform: text().notNull(),
    category: text().notNull(),
    language: text({ enum: ['de', 'en'] }),
    title: text().notNull(),
    text: text().notNull(),
    link: text(),
    createdAt: at().notNull().defaultNow(),
  },
  (t) => [index().on(t.platform, t.category, t.createdAt)],
);
