import type { PathRule } from '@parley/contract';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { PgUpdateSetSource } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../db/client.js';
import { touchedAt } from '../../lib/touched.js';
import { questionOptions, questions } from './questions.tables.js';

export type QuestionRow = typeof questions.$inferSelect;
export type NewQuestionRow = typeof questions.$inferInsert;
export type OptionRow = typeof questionOptions.$inferSelect;
export type NewOptionRow = typeof questionOptions.$inferInsert;
export type QuestionWithOptions = QuestionRow & { options: OptionRow[] };

/** Options of the given questions in order (one query, whatever the count), attached to each. */
const withOptions = async (
  db: DbOrTx,
  rows: QuestionRow[],
  manufacturerId?: string,
): Promise<QuestionWithOptions[]> => {
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
        manufacturerId ? eq(questionOptions.manufacturerId, manufacturerId) : undefined,
      ),
    )
    .orderBy(asc(questionOptions.order), asc(questionOptions.id));
  return rows.map((q) => ({ ...q, options: options.filter((o) => o.questionId === q.id) }));
};

/**
 * A campaign's questions in order, each with its options in order (two queries, whatever the
 * count): the one way questions are loaded. `manufacturerId` scopes it to an owner's campaign;
 * the participant's page, which has only the campaign id, leaves it out.
 */
export const listQuestions = async (
  db: DbOrTx,
  campaignId: string,
  manufacturerId?: string,
): Promise<QuestionWithOptions[]> => {
  const rows = await db
    .select()
    .from(questions)
    .where(
      and(
        eq(questions.campaignId, campaignId),
        manufacturerId ? eq(questions.manufacturerId, manufacturerId) : undefined,
      ),
    )
    .orderBy(asc(questions.order), asc(questions.createdAt), asc(questions.id));
  return withOptions(db, rows, manufacturerId);
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

export const setPathRules = (db: DbOrTx, id: string, pathRules: PathRule[]) =>
  db.update(questions).set({ pathRules }).where(eq(questions.id, id));

/** The question's new `updatedAt` (lib/touched.ts): now, but always later than before. */
export const questionTouchedAt = (now: Date) => touchedAt(questions.updatedAt, now);
