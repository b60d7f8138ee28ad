import type { PathRule } from '@parley/contract';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { PgUpdateSetSource } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../db/client.js';
import { questionOptions, questions } from './questions.tables.js';

export type QuestionRow = typeof questions.$inferSelect;
export type NewQuestionRow = typeof questions.$inferInsert;
export type OptionRow = typeof questionOptions.$inferSelect;
export type NewOptionRow = typeof questionOptions.$inferInsert;
export type QuestionWithOptions = QuestionRow & { options: OptionRow[] };

/** A campaign's questions in order, each with its options in order (two queries, whatever the count). */
export const listQuestions = async (
  db: DbOrTx,
  manufacturerId: string,
  campaignId: string,
): Promise<QuestionWithOptions[]> => {
  const rows = await db
    .select()
    .from(questions)
    .where(and(eq(questions.campaignId, campaignId), eq(questions.manufacturerId, manufacturerId)))
    .orderBy(asc(questions.order), asc(questions.createdAt));
  if (rows.length === 0) return [];
  const options = await db
    .select()
    .from(questionOptions)
    .where(
      and(
        inArray(
          questionOptions.questionId,
          rows.map((r) => r.id),
        ),
        eq(questionOptions.manufacturerId, manufacturerId),
      ),
    )
    .orderBy(asc(questionOptions.order));
  return rows.map((q) => ({ ...q, options: options.filter((o) => o.questionId === q.id) }));
};

export const findQuestion = async (
  db: DbOrTx,
  manufacturerId: string,
  campaignId: string,
  id: string,
): Promise<QuestionWithOptions | undefined> => {
  const [row] = await db
    .select()
    .from(questions)
    .where(
      and(
        eq(questions.id, id),
        eq(questions.campaignId, campaignId),
        eq(questions.manufacturerId, manufacturerId),
      ),
    )
    .limit(1);
  if (!row) return undefined;
  const options = await db
    .select()
    .from(questionOptions)
    .where(eq(questionOptions.questionId, id))
    .orderBy(asc(questionOptions.order));
  return { ...row, options };
};

export const insertQuestion = async (db: DbOrTx, values: NewQuestionRow): Promise<QuestionRow> => {
  const [row] = await db.insert(questions).values(values).returning();
  if (!row) throw new Error('insert into questions returned nothing');
  return row;
};

export const updateQuestion = async (
  db: DbOrTx,
  id: string,
  patch: Omit<PgUpdateSetSource<typeof questions>, 'id' | 'campaignId' | 'manufacturerId'>,
): Promise<QuestionRow> => {
  const [row] = await db.update(questions).set(patch).where(eq(questions.id, id)).returning();
  if (!row) throw new Error(`question ${id} vanished during its update`);
  return row;
};

export const deleteQuestion = (db: DbOrTx, id: string) => db.delete(questions).where(eq(questions.id, id));

export const insertOptions = async (db: DbOrTx, values: NewOptionRow[]) => {
  if (values.length > 0) await db.insert(questionOptions).values(values);
};

export const updateOption = (
  db: DbOrTx,
  id: string,
  patch: Pick<PgUpdateSetSource<typeof questionOptions>, 'text' | 'order' | 'tags'>,
) => db.update(questionOptions).set(patch).where(eq(questionOptions.id, id));

export const deleteOptions = async (db: DbOrTx, ids: string[]) => {
  if (ids.length > 0) await db.delete(questionOptions).where(inArray(questionOptions.id, ids));
};

/** Sets each listed row's `order` in one statement. */
const setOrders = async (
  db: DbOrTx,
  table: typeof questions | typeof questionOptions,
  orders: { id: string; order: number }[],
) => {
  if (orders.length === 0) return;
  const cases = sql.join(
    orders.map((o) => sql`when ${o.id}::uuid then ${o.order}::int`),
    sql` `,
  );
  await db
    .update(table)
    .set({ order: sql`case ${table.id} ${cases} end` })
    .where(
      inArray(
        table.id,
        orders.map((o) => o.id),
      ),
    );
};

export const setQuestionOrders = (db: DbOrTx, orders: { id: string; order: number }[]) =>
  setOrders(db, questions, orders);
export const setOptionOrders = (db: DbOrTx, orders: { id: string; order: number }[]) =>
  setOrders(db, questionOptions, orders);

/** Renumbers a campaign's questions 0..n-1 in their current order (after a delete). */
export const renumberQuestions = async (db: DbOrTx, campaignId: string) => {
  await db.execute(sql`
    update ${questions} q set "order" = s.position
    from (
      select id, (row_number() over (order by "order", created_at, id) - 1)::int as position
      from ${questions} where campaign_id = ${campaignId}
    ) s
    where q.id = s.id and q."order" <> s.position`);
};

export const setPathRules = (db: DbOrTx, id: string, pathRules: PathRule[]) =>
  db.update(questions).set({ pathRules }).where(eq(questions.id, id));

/** Like campaigns' touchedAt: now, but always later than the row's previous `updatedAt`. */
export const questionTouchedAt = (now: Date) =>
  sql<Date>`greatest(${now.toISOString()}::timestamptz, ${questions.updatedAt} + interval '1 millisecond')`;
