import { and, asc, count, eq, ilike, or } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { likePattern } from '../../lib/like.js';
import { pageAndCount } from '../../lib/paging.js';
import { templateMessages } from './templates.tables.js';

export type TemplateRow = typeof templateMessages.$inferSelect;

/** Whether a database error is the unique index on a template's title. */
export const isTitleTaken = (err: unknown) => {
  const e = err as { code?: string; constraint?: string; cause?: { code?: string; constraint?: string } };
  const pg = e.cause ?? e;
  return pg.code === '23505' && pg.constraint === 'template_messages_title_idx';
};

export const listTemplates = (
  db: DbOrTx,
  q: {
    manufacturerId: string;
    search?: string | undefined;
    language?: 'de' | 'en' | undefined;
    limit: number;
    offset: number;
  },
) => {
  const scope = and(
    eq(templateMessages.manufacturerId, q.manufacturerId),
    q.language ? eq(templateMessages.language, q.language) : undefined,
    q.search
      ? or(
          ilike(templateMessages.title, likePattern(q.search)),
          ilike(templateMessages.text, likePattern(q.search)),
        )
      : undefined,
  );
  return pageAndCount(
    db
      .select()
      .from(templateMessages)
      .where(scope)
      .orderBy(asc(templateMessages.title), asc(templateMessages.id))
      .limit(q.limit)
      .offset(q.offset),
    db.select({ total: count() }).from(templateMessages).where(scope),
  );
};

export const findTemplate = async (db: DbOrTx, manufacturerId: string, id: string) => {
  const [row] = await db
    .select()
    .from(templateMessages)
    .where(and(eq(templateMessages.manufacturerId, manufacturerId), eq(templateMessages.id, id)));
  return row;
};

export const insertTemplate = async (db: DbOrTx, values: typeof templateMessages.$inferInsert) => {
  const [row] = await db.insert(templateMessages).values(values).returning();
  if (!row) throw new Error('insert of a template returned no row');
  return row;
};

export const updateTemplate = async (
  db: DbOrTx,
  manufacturerId: string,
  id: string,
  set: Partial<Pick<TemplateRow, 'title' | 'language' | 'text'>> & { updatedAt: Date },
) => {
  const [row] = await db
    .update(templateMessages)
    .set(set)
    .where(and(eq(templateMessages.manufacturerId, manufacturerId), eq(templateMessages.id, id)))
    .returning();
  return row;
};

export const deleteTemplate = async (db: DbOrTx, manufacturerId: string, id: string) => {
  const rows = await db
    .delete(templateMessages)
    .where(and(eq(templateMessages.manufacturerId, manufacturerId), eq(templateMessages.id, id)))
    .returning({ id: templateMessages.id });
  return rows.length > 0;
};
