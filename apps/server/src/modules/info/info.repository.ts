import { and, count, desc, eq, isNull, or } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { pageAndCount } from '../../lib/paging.js';
import { toInfoItem } from './info.dto.js';
import { infoItems } from './info.tables.js';

export const listInfo = async (
  db: DbOrTx,
  q: { platform: string; category: string; language?: 'de' | 'en' | undefined; limit: number },
) => {
  const where = and(
    eq(infoItems.platform, q.platform),
    eq(infoItems.category, q.category),
    q.language ? or(isNull(infoItems.language), eq(infoItems.language, q.language)) : undefined,
  );
  const { rows, total } = await pageAndCount(
    db.select().from(infoItems).where(where).orderBy(desc(infoItems.createdAt)).limit(q.limit),
    db.select({ total: count() }).from(infoItems).where(where),
  );
  return { documents: rows.map(toInfoItem), total };
};

export const addInfo = async (db: DbOrTx, values: typeof infoItems.$inferInsert) => {
  const [row] = await db.insert(infoItems).values(values).returning();
  if (!row) throw new Error('info insert returned nothing');
  return toInfoItem(row);
};
