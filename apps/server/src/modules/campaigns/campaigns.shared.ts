import { type EndCondition, endConditionMet } from '@parley/contract';
import type { Logger } from 'pino';
import type { Db, DbOrTx, Tx } from '../../db/client.js';
import type { Clock } from '../../lib/clock.js';
import type { Publisher } from '../../lib/domain-events.js';
import { AppError, notFound } from '../../lib/errors.js';
import type { HistoryService } from '../history/index.js';
import type { FileStorage } from '../storage/index.js';
import { type CampaignRow, findCampaign, markCampaignEnded } from './campaigns.repository.js';

/** What the campaigns module's use cases share: ending a campaign, the row lock, the change guard, the deps. */

export type EndReason = 'participationTarget' | 'date' | 'manual';

/**
 * Ending a campaign, shared by the service (Stop, the participation target) and the end-by-date
 * jobs. `endInTx` ends a running campaign inside the caller's transaction (D12): state `ended`,
 * `endedAt`, and the `campaignEnded` history entry (D20). It answers the ended row, or undefined
 * when the campaign was not running (someone else ended it first), in which case nothing is written.
 */
export const createCampaignEnding = (history: Pick<HistoryService, 'add'>) => {
  /** `actorOwnerId`: the owner who pressed Stop; the entry is then not news for them. */
  const addEndedEntry = (tx: Tx, c: CampaignRow, reason: EndReason, actorOwnerId?: string) =>
    history.add(tx, {
      manufacturerId: c.manufacturerId,
      product: 'connect',
      kind: 'campaignEnded',
      subject: { type: 'campaign', id: c.id, title: c.title },
      data: { reason },
      ...(actorOwnerId ? { actorOwnerId } : {}),
    });
  const endInTx = async (
    tx: Tx,
    campaign: Pick<CampaignRow, 'id'>,
    reason: EndReason,
    now: Date,
    actorOwnerId?: string,
  ): Promise<CampaignRow | undefined> => {
    const ended = await markCampaignEnded(tx, campaign.id, now);
    if (ended) await addEndedEntry(tx, ended, reason, actorOwnerId);
    return ended;
  };
  return { addEndedEntry, endInTx };
};

/** One campaign of the manufacturer, locked for the transaction; absent or foreign is 404. */
export const lockCampaign = async (tx: Tx, manufacturerId: string, id: string) => {
  const c = await findCampaign(tx, manufacturerId, id, { forUpdate: true });
  if (!c) throw notFound('campaign');
  return c;
};

/** D12: an archived campaign is read-only; an ended one keeps everything but its end condition. */
export const assertChangeable = (c: CampaignRow) => {
  if (c.state === 'archived') throw new AppError('campaign/archived', 'The campaign is archived.');
  if (c.state === 'ended') {
    throw new AppError('campaign/ended', 'The campaign has ended; only its end condition can change.');
  }
};

export const isEndConditionMet = (c: { endCondition: EndCondition; ticketCount: number }, now: Date) =>
  endConditionMet(c, now) !== null;

/**
 * What the campaigns module tells the others, in the transaction of the change (lib/domain-events.ts):
 * `campaign.copied`, after which the copy must get the original's questions, options, option tags and
 * path rules (the questions module's rows; questions depend on campaigns, not the other way round).
 */
export type CampaignEvents = {
  'campaign.copied': {
    manufacturerId: string;
    fromCampaignId: string;
    toCampaignId: string;
    /** The question count the copy was made with (the original's, kept exact by every change). */
    questionCount: number;
    now: Date;
  };
};

export type CampaignServiceDeps = {
  db: Db;
  clock: Clock;
  publicUrl: string;
  /** Queues the end-by-date job of a running campaign in the caller's transaction (campaigns.jobs.ts). */
  scheduleEnd: (c: CampaignRow, tx: DbOrTx) => Promise<void>;
  log: Pick<Logger, 'warn'>;
  storage: FileStorage;
  history: Pick<HistoryService, 'subjectOpened' | 'add'>;
  /** Tells the questions module, in the copy's transaction, to copy the campaign's questions. */
  events: Publisher<CampaignEvents>;
};

/** The manufacturer's campaign; absent or foreign is 404. */
export const campaignOr404 = (db: Db) => async (manufacturerId: string, id: string) => {
  const c = await findCampaign(db, manufacturerId, id);
  if (!c) throw notFound('campaign');
  return c;
};
export type CampaignEnding = ReturnType<typeof createCampaignEnding>;
