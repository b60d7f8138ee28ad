import type { InfoItem } from '@parley/contract';
import { and, count, desc, eq, isNull, or } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { infoItems } from './info.tables.js';

const toDto = (r: typeof infoItems.$inferSelect): InfoItem => ({
  _id: r.id,
  platform: r.platform,
  category: r.category,
  language: r.language,
  title: r.title,
  text: r.text,
  link: r.link,
  createdAt: r.createdAt.toISOString(),
});

export const listInfo = async (
  db: DbOrTx,
  q: { platform: string; category: string; language?: 'de' | 'en' | undefined; limit: number },
) => {
  const where = and(
    eq(infoItems.platform, q.platform),
    eq(infoItems.category, q.category),
    q.language ? or(isNull(infoItems.language), eq(infoItems.language, q.language)) : undefined,
  );
  const [rows, [total]] = await Promise.all([
    db.select().from(infoItems).where(where).orderBy(desc(infoItems.createdAt)).limit(q.limit),
    db.select({ n: count() }).from(infoItems).where(where),
  ]);
  return { documents: rows.map(toDto), total: total?.n ?? 0 };
};

export const addInfo = async (db: DbOrTx, values: typeof infoItems.$inferInsert) => {
  const [row] = await db.insert(infoItems).values(values).returning();
  if (!row) throw new Error('info insert returned nothing');
  return toDto(row);
};
