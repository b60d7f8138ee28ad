import type { PublicQuestion } from '@parley/contract';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { campaigns } from '../campaigns/campaigns.tables.js';
import { manufacturers } from '../owner/owner.tables.js';
import { questionOptions, questions } from '../questions/questions.tables.js';

export type CampaignRow = typeof campaigns.$inferSelect;

const campaignWithMaker = {
  campaign: campaigns,
  manufacturer: {
    name: manufacturers.name,
    answerLimitation: manufacturers.answerLimitation,
    isPartner: manufacturers.isPartner,
  },
};

/** A campaign with what the participant's page needs of its manufacturer; `manufacturerId` scopes it to an owner. */
export const findCampaignWithMaker = async (db: DbOrTx, id: string, manufacturerId?: string) => {
  const [row] = await db
    .select(campaignWithMaker)
    .from(campaigns)
    .innerJoin(manufacturers, eq(manufacturers.id, campaigns.manufacturerId))
    .where(
      manufacturerId
        ? and(eq(campaigns.id, id), eq(campaigns.manufacturerId, manufacturerId))
        : eq(campaigns.id, id),
    )
    .limit(1);
  return row;
};

/**
 * Locks the campaign row for the rest of the transaction (D12): answers to one campaign are
 * stored one after another, so the participation target and answerLimitation are never exceeded.
 */
export const lockCampaignWithMaker = async (db: DbOrTx, id: string) => {
  const [row] = await db
    .select(campaignWithMaker)
    .from(campaigns)
    .innerJoin(manufacturers, eq(manufacturers.id, campaigns.manufacturerId))
    .where(eq(campaigns.id, id))
    .for('update', { of: campaigns })
    .limit(1);
  return row;
};

/** A campaign's questions in order with their options in order, as a participant sees them. */
export const loadPublicQuestions = async (db: DbOrTx, campaignId: string): Promise<PublicQuestion[]> => {
  const qs = await db
    .select()
    .from(questions)
    .where(eq(questions.campaignId, campaignId))
    .orderBy(asc(questions.order), asc(questions.createdAt), asc(questions.id));
  if (qs.length === 0) return [];
  const opts = await db
    .select()
    .from(questionOptions)
    .where(
      inArray(
        questionOptions.questionId,
        qs.map((q) => q.id),
      ),
    )
    .orderBy(asc(questionOptions.order), asc(questionOptions.id));
  return qs.map((q) => ({
    _id: q.id,
    type: q.type,
    text: q.text,
    optional: q.optional,
    image: q.image,
    link: q.link,
    options: opts.filter((o) => o.questionId === q.id).map((o) => ({ _id: o.id, text: o.text })),
    pathRules: q.pathRules,
  }));
};

/** Counts the new ticket in the campaign row (lists read the counter instead of counting tickets). */
export const incrementTicketCount = async (db: DbOrTx, campaignId: string) => {
  // updatedAt stays: it guards the owner's edits against stale writes (D3), and a new
  // answer must not make an owner's open settings form stale.
  const [row] = await db
    .update(campaigns)
    .set({ ticketCount: sql`${campaigns.ticketCount} + 1` })
    .where(eq(campaigns.id, campaignId))
    .returning({ ticketCount: campaigns.ticketCount });
  return row?.ticketCount ?? 0;
};
