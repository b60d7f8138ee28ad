import type { EndCondition, QuestionType } from '@parley/contract';
import { eq } from 'drizzle-orm';
import { campaigns } from '../src/modules/campaigns/campaigns.tables.js';
import { manufacturers } from '../src/modules/owner/owner.tables.js';
import { questionOptions, questions } from '../src/modules/questions/questions.tables.js';
import type { Runtime } from '../src/runtime.js';

export type QuestionFixture = {
  type: QuestionType;
  text?: string;
  optional?: boolean;
  image?: string | null;
  link?: string | null;
  options?: string[];
  /** Path rules by position: option `option` of this question jumps to question `to` (null: the end). */
  rules?: { option: number; to: number | null }[];
};

export type CampaignFixture = {
  id: string;
  title: string;
  questions: { id: string; type: QuestionType; options: string[] }[];
};

/**
 * A campaign with questions written straight into the tables: setup for the participation
 * tests, which must not depend on how the console's campaign calls build one.
 */
export const insertCampaign = async (
  rt: Runtime,
  manufacturerId: string,
  o: {
    title?: string;
    state?: 'draft' | 'running' | 'ended' | 'archived';
    openLink?: boolean;
    allowMultipleParticipation?: boolean;
    autoReminder?: boolean;
    isGroupCampaign?: boolean;
    language?: 'de' | 'en';
    endCondition?: EndCondition;
    ticketCount?: number;
    questions?: QuestionFixture[];
  } = {},
): Promise<CampaignFixture> => {
  const title = o.title ?? `Survey ${Math.random().toString(36).slice(2, 8)}`;
  const qs = o.questions ?? [{ type: 'FreeText' }];
  const state = o.state ?? 'running';
  const endCondition = o.endCondition ?? { type: 'never' };
  const [c] = await rt.db
    .insert(campaigns)
    .values({
      manufacturerId,
      title,
      description: 'What do you think?',
      language: o.language ?? 'en',
      endCondition,
      endsAt: endCondition.type === 'date' ? new Date(endCondition.endsAt) : null,
      openLink: o.openLink ?? true,
      allowMultipleParticipation: o.allowMultipleParticipation ?? false,
      autoReminder: o.autoReminder ?? false,
      isGroupCampaign: o.isGroupCampaign ?? false,
      state,
      hasStarted: state !== 'draft',
      startedAt: state !== 'draft' ? new Date() : null,
      ticketCount: o.ticketCount ?? 0,
      questionCount: qs.length,
    })
    .returning();
  if (!c) throw new Error('campaign fixture not inserted');

  const made: CampaignFixture['questions'] = [];
  for (const [i, q] of qs.entries()) {
    const [row] = await rt.db
      .insert(questions)
      .values({
        campaignId: c.id,
        manufacturerId,
        type: q.type,
        text: q.text ?? `Question ${i + 1}`,
        optional: q.optional ?? false,
        image: q.image ?? null,
        link: q.link ?? null,
        order: (i + 1) * 10,
      })
      .returning();
    if (!row) throw new Error('question fixture not inserted');
    const texts = q.options ?? (q.type === 'FreeText' ? [] : ['Alpha', 'Beta', 'Gamma']);
    const options = texts.length
      ? await rt.db
          .insert(questionOptions)
          .values(texts.map((text, k) => ({ questionId: row.id, manufacturerId, text, order: k })))
          .returning()
      : [];
    made.push({
      id: row.id,
      type: q.type,
      options: options.sort((a, b) => a.order - b.order).map((x) => x.id),
    });
  }
  // Path rules name ids, so they are written once every question exists.
  for (const [i, q] of qs.entries()) {
    if (!q.rules?.length) continue;
    const self = made[i];
    if (!self) continue;
    await rt.db
      .update(questions)
      .set({
        pathRules: q.rules.map((r) => ({
          optionId: self.options[r.option] ?? '',
          nextQuestionId: r.to === null ? null : (made[r.to]?.id ?? null),
        })),
      })
      .where(eq(questions.id, self.id));
  }
  return { id: c.id, title, questions: made };
};

export const setManufacturerLimits = async (
  rt: Runtime,
  manufacturerId: string,
  v: {
    answerLimitation?: number | null;
    isPartner?: boolean;
    canComment?: boolean;
    canPrivateNote?: boolean;
    canSaveAnswerWithoutNotification?: boolean;
    canExport?: boolean;
    canUnpublish?: boolean;
  },
) => {
  await rt.db.update(manufacturers).set(v).where(eq(manufacturers.id, manufacturerId));
};

export const readCampaign = async (rt: Runtime, id: string) => {
  const [row] = await rt.db.select().from(campaigns).where(eq(campaigns.id, id));
  return row;
};
