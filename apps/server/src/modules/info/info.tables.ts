import { sql } from 'drizzle-orm';
import { index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/** Information items shown in the console (`GET info/all`), added by an operator (`info:add`). */
export const infoItems = pgTable(
  'info_items',
  {
    id: uuid().primaryKey().default(sql`gen_random_uuid()`),
    platform: text().notNull(),
    category: text().notNull(),
    language: text({ enum: ['de', 'en'] }),
    title: text().notNull(),
    text: text().notNull(),
    link: text(),
    createdAt: timestamp({ withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [index().on(t.platform, t.category, t.createdAt)],
);
