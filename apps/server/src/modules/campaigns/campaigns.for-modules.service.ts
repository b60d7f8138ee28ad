import { tagLimits } from '@parley/contract';
import type { Db, DbOrTx, Tx } from '../../db/client.js';
import { AppError } from '../../lib/errors.js';
import {
  campaignTitles,
  decrementTicketCount,
  holdCampaigns,
  incrementTicketCount,
  lockCampaignById,
  touchCampaign,
  touchedAt,
  updateCampaign,
} from './campaigns.repository.js';
import { assertChangeable, type CampaignEnding, campaignOr404, lockCampaign } from './campaigns.shared.js';

/**
 * What other modules need of a campaign (D12, D17), handed to them by the composition root: the row,
 * titles, the row lock and change guard, the counters, the end and the campaign tags, each in the
 * caller's transaction where it takes one.
 */
export const createCampaignsForModules = ({
  db,
  endInTx,
}: {
  db: Db;
  endInTx: CampaignEnding['endInTx'];
}) => {
  const find = campaignOr404(db);
  return {
    /** The manufacturer's campaign row; absent or foreign is 404 (questions, tickets). */
    row: find,
    /** The titles of the manufacturer's campaigns among `ids` (others are left out), in one query. */
    titles: (manufacturerId: string, ids: string[]) => campaignTitles(db, manufacturerId, [...new Set(ids)]),
    /** Locks the manufacturer's campaign for the caller's transaction and checks it may change (questions). */
    lockChangeable: async (tx: Tx, manufacturerId: string, id: string) => {
      const c = await lockCampaign(tx, manufacturerId, id);
      assertChangeable(c);
      return c;
    },
    /** A change of its questions touches the campaign (`updatedAt`, and its question count when given). */
    touch: (tx: DbOrTx, id: string, now: Date, counts: { questionCount?: number } = {}) =>
      touchCampaign(tx, id, now, counts),
    /** Locks a campaign by id alone (the participant's answer, which knows no manufacturer). */
    lockById: (tx: Tx, id: string) => lockCampaignById(tx, id),
    /** Counts a stored ticket in the campaign's row; answers the new count. */
    countTicket: (tx: Tx, id: string) => incrementTicketCount(tx, id),
    /** Takes erased tickets out of the campaign's count (GDPR erasure of a contact's answers). */
    uncountTickets: (tx: DbOrTx, id: string, by: number) => decrementTicketCount(tx, id, by),
    /** Ends a running campaign in the caller's transaction (the participation target). */
    endInTx,
    /**
     * Holds the manufacturer's campaigns among `ids` (`FOR KEY SHARE`) for the caller's transaction, as
     * rows that refer to them will (invitations, links): taken before the tags module's audience lock, so
     * an answer that holds its campaign's row and waits for that lock never waits on a transaction that
     * waits for the campaign (docs/product-decisions.md, "Tags and tag groups").
     */
    hold: (tx: Tx, manufacturerId: string, ids: string[]) =>
      holdCampaigns(tx, manufacturerId, [...new Set(ids)]),
    /**
     * Adds and removes campaign tags (D17) in the caller's transaction, the campaign locked; an archived
     * campaign is read-only (tags, docs/product-decisions.md "Tags and tag groups"). Answers the row.
     */
    changeTags: async (
      tx: Tx,
      manufacturerId: string,
      id: string,
      change: { add?: string[]; remove?: string[] },
      now: Date,
    ) => {
      const c = await lockCampaign(tx, manufacturerId, id);
      if (c.state === 'archived') throw new AppError('campaign/archived', 'The campaign is archived.');
      const remove = new Set(change.remove ?? []);
      const tags = [...new Set([...c.tags, ...(change.add ?? [])])].filter((t) => !remove.has(t)).sort();
      if (tags.length > tagLimits.tagsPerCall) {
        throw new AppError(
          'validation',
          `tags: a campaign holds at most ${tagLimits.tagsPerCall} tags.`,
          'tags',
        );
      }
      if (tags.length === c.tags.length && tags.every((t, i) => t === c.tags[i])) return c;
      return updateCampaign(tx, c.id, { tags, updatedAt: touchedAt(now) });
    },
  };
};
