import { randomUUID } from 'node:crypto';
import {
  type api,
  type CampaignState,
  campaignTitleLimits,
  type EndCondition,
  endConditionMet,
  imageUpload,
  type Language,
  type RouteBody,
  type RouteQuery,
  tagLimits,
} from '@parley/contract';
import type { Logger } from 'pino';
import type { Db, DbOrTx, Tx } from '../../db/client.js';
import type { Clock } from '../../lib/clock.js';
import { AppError, notFound } from '../../lib/errors.js';
import { assertFresh } from '../../lib/fresh.js';
import { decodeCursor, nextCursor, pageOffset } from '../../lib/paging.js';
import { inspectPng } from '../../lib/png.js';
import type { HistoryService } from '../history/index.js';
import type { FileStorage } from '../storage/index.js';
import './campaigns.errors.js';
import { toCampaign, toCampaignLight } from './campaigns.dto.js';
import {
  type CampaignRow,
  campaignNames,
  campaignTitles,
  decrementTicketCount,
  endsAtOf,
  findCampaign,
  holdCampaigns,
  incrementTicketCount,
  insertCampaign,
  listCampaigns,
  lockCampaignById,
  markCampaignEnded,
  searchCampaigns,
  touchCampaign,
  touchedAt,
  updateCampaign,
  visibleStates,
} from './campaigns.repository.js';

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
const lockCampaign = async (tx: Tx, manufacturerId: string, id: string) => {
  const c = await findCampaign(tx, manufacturerId, id, { forUpdate: true });
  if (!c) throw notFound('campaign');
  return c;
};

/** D12: an archived campaign is read-only; an ended one keeps everything but its end condition. */
const assertChangeable = (c: CampaignRow) => {
  if (c.state === 'archived') throw new AppError('campaign/archived', 'The campaign is archived.');
  if (c.state === 'ended') {
    throw new AppError('campaign/ended', 'The campaign has ended; only its end condition can change.');
  }
};

const isEndConditionMet = (c: { endCondition: EndCondition; ticketCount: number }, now: Date) =>
  endConditionMet(c, now) !== null;

const sameEndCondition = (a: EndCondition, b: EndCondition) => {
  if (a.type === 'date' && b.type === 'date') return Date.parse(a.endsAt) === Date.parse(b.endsAt);
  if (a.type === 'participationTarget' && b.type === 'participationTarget') return a.target === b.target;
  return a.type === b.type;
};

const copySuffix: Record<Language, string> = { en: ' (copy)', de: ' (Kopie)' };
const copyTitle = (title: string, language: Language) => {
  const suffix = copySuffix[language];
  return `${title.slice(0, campaignTitleLimits.max - suffix.length).trimEnd()}${suffix}`;
};

/** Fields an ended campaign keeps (everything the owner edits but the end condition). */
const fixedWhenEnded = [
  'title',
  'description',
  'language',
  'image',
  'autoReminder',
  'isGroupCampaign',
  'allowMultipleParticipation',
  'openLink',
] as const;

type ListQuery = RouteQuery<typeof api.campaigns.list>;
type CampaignInput = RouteBody<typeof api.campaigns.create>;
type CampaignUpdate = RouteBody<typeof api.campaigns.update>;

export type CampaignServiceDeps = {
  db: Db;
  clock: Clock;
  publicUrl: string;
  /** Queues the end-by-date job of a running campaign in the caller's transaction (campaigns.jobs.ts). */
  scheduleEnd: (c: CampaignRow, tx: DbOrTx) => Promise<void>;
  log: Pick<Logger, 'warn'>;
  storage: FileStorage;
  history: Pick<HistoryService, 'subjectOpened' | 'add'>;
  /**
   * Copies a campaign's questions, options, option tags and path rules into another campaign in the
   * caller's transaction and answers how many questions it copied. The questions module's, given by
   * the composition root: questions depend on campaigns, not the other way round.
   */
  copyQuestions: (
    tx: Tx,
    q: { manufacturerId: string; fromCampaignId: string; toCampaignId: string; now: Date },
  ) => Promise<number>;
};

export const createCampaignService = ({
  db,
  clock,
  publicUrl,
  scheduleEnd,
  storage,
  history,
  copyQuestions,
}: CampaignServiceDeps) => {
  const dto = (c: CampaignRow) => toCampaign(c, publicUrl);
  const { endInTx } = createCampaignEnding(history);
  const find = async (manufacturerId: string, id: string) => {
    const c = await findCampaign(db, manufacturerId, id);
    if (!c) throw notFound('campaign');
    return c;
  };
  /** In the transaction that sets the date, so the job exists exactly when the date does (the sweep is the backstop). */
  const scheduleIfDated = async (c: CampaignRow, tx: DbOrTx) => {
    if (c.state !== 'running' || !c.endsAt) return;
    await scheduleEnd(c, tx);
  };

  return {
    list: async (manufacturerId: string, q: ListQuery) => {
      const { rows, total } = await listCampaigns(db, {
        manufacturerId,
        states: q['states[]'] ?? visibleStates,
        search: q.search || undefined,
        sort: q.sort,
        limit: q.limit,
        offset: pageOffset(q),
        after: q.after ? decodeCursor(q.after, q.sort) : undefined,
      });
      return {
        documents: rows.map((r) => dto(r.campaign)),
        total,
        ...nextCursor(rows, q.limit, q.sort, (r) => ({ key: r.key, id: r.campaign.id })),
      };
    },

    search: async (manufacturerId: string, q: { search: string; limit: number }) => ({
      documents: (await searchCampaigns(db, { manufacturerId, ...q })).map(toCampaignLight),
    }),

    names: async (manufacturerId: string, states: CampaignState[] | undefined) => ({
      documents: (await campaignNames(db, { manufacturerId, states: states ?? visibleStates })).map((c) => ({
        _id: c.id,
        title: c.title,
        state: c.state,
      })),
    }),

    light: async (manufacturerId: string, id: string) => toCampaignLight(await find(manufacturerId, id)),
    get: async (manufacturerId: string, id: string) => dto(await find(manufacturerId, id)),

    /** The campaign's page: opening it is reading its entries ("Campaign ended"). */
    open: async (reader: { manufacturerId: string; ownerId: string }, id: string) => {
      const campaign = dto(await find(reader.manufacturerId, id));
      await history.subjectOpened(reader, 'campaign', id);
      return campaign;
    },

    create: async (manufacturerId: string, input: CampaignInput) => {
      const now = clock.now();
      const row = await insertCampaign(db, {
        manufacturerId,
        ...input,
        endsAt: endsAtOf(input.endCondition),
        createdAt: now,
        updatedAt: now,
      });
      return dto(row);
    },

    /**
     * PUT with the whole body (D3). Ended: only the end condition may differ (D12). Running: a new
     * end condition that is already met is refused, since the campaign would end at once.
     */
    update: async (manufacturerId: string, id: string, body: CampaignUpdate) => {
      const now = clock.now();
      const { updatedAt: sentUpdatedAt, ...input } = body;
      const row = await db.transaction(async (tx) => {
        const c = await lockCampaign(tx, manufacturerId, id);
        if (c.state === 'archived') throw new AppError('campaign/archived', 'The campaign is archived.');
        assertFresh(c.updatedAt, sentUpdatedAt);
        if (c.state === 'ended') {
          const changed = fixedWhenEnded.find((k) => input[k] !== c[k]);
          if (changed) {
            throw new AppError(
              'campaign/ended',
              `The campaign has ended; only its end condition can change, not ${changed}.`,
              changed,
            );
          }
        }
        const newCondition = !sameEndCondition(c.endCondition, input.endCondition);
        if (c.state === 'running' && newCondition && isEndConditionMet({ ...c, ...input }, now)) {
          throw new AppError(
            'campaign/end-condition-met',
            'The new end condition is met already; stop the campaign instead.',
            'endCondition',
          );
        }
        const updated = await updateCampaign(tx, c.id, {
          ...input,
          endsAt: endsAtOf(input.endCondition),
          updatedAt: touchedAt(now),
        });
        await scheduleIfDated(updated, tx);
        return updated;
      });
      return dto(row);
    },

    /** DELETE archives (D12); archiving again changes nothing. */
    archive: async (manufacturerId: string, id: string) => {
      const now = clock.now();
      await db.transaction(async (tx) => {
        const c = await lockCampaign(tx, manufacturerId, id);
        if (c.state === 'archived') return;
        await updateCampaign(tx, c.id, {
          state: 'archived',
          archivedFrom: c.state,
          archivedAt: now,
          updatedAt: touchedAt(now),
        });
      });
    },

    /** A new draft with the same settings, questions, options, option tags and path rules (D12). */
    copy: async (manufacturerId: string, id: string) => {
      const now = clock.now();
      const row = await db.transaction(async (tx) => {
        const c = await findCampaign(tx, manufacturerId, id);
        if (!c) throw notFound('campaign');
        const copy = await insertCampaign(tx, {
          manufacturerId,
          title: copyTitle(c.title, c.language),
          description: c.description,
          language: c.language,
          image: c.image,
          endCondition: c.endCondition,
          endsAt: c.endsAt,
          autoReminder: c.autoReminder,
          isGroupCampaign: c.isGroupCampaign,
          allowMultipleParticipation: c.allowMultipleParticipation,
          openLink: c.openLink,
          tags: c.tags,
          questionCount: c.questionCount,
          createdAt: now,
          updatedAt: now,
        });
        const copied = await copyQuestions(tx, {
          manufacturerId,
          fromCampaignId: c.id,
          toCampaignId: copy.id,
          now,
        });
        // The counter is kept exact by every change, so this only ever repairs a drifted one.
        if (copied !== copy.questionCount) return updateCampaign(tx, copy.id, { questionCount: copied });
        return copy;
      });
      return dto(row);
    },

    /** Draft → running, or ended → running (restart). Starting a running campaign changes nothing. */
    start: async (manufacturerId: string, id: string) => {
      const now = clock.now();
      const row = await db.transaction(async (tx) => {
        const c = await lockCampaign(tx, manufacturerId, id);
        if (c.state === 'archived') throw new AppError('campaign/archived', 'The campaign is archived.');
        if (c.state === 'running') return c;
        if (c.questionCount < 1) {
          throw new AppError('campaign/too-few-questions', 'Add at least one question before starting.');
        }
        if (isEndConditionMet(c, now)) {
          throw new AppError(
            'campaign/end-condition-met',
            'The end condition is met already; change it before starting.',
            'endCondition',
          );
        }
        const started = await updateCampaign(tx, c.id, {
          state: 'running',
          hasStarted: true,
          startedAt: now,
          endedAt: null,
          updatedAt: touchedAt(now),
        });
        await scheduleIfDated(started, tx);
        return started;
      });
      return dto(row);
    },

    stop: async (manufacturerId: string, id: string, actorOwnerId?: string) => {
      const now = clock.now();
      const row = await db.transaction(async (tx) => {
        const c = await lockCampaign(tx, manufacturerId, id);
        if (c.state === 'archived') throw new AppError('campaign/archived', 'The campaign is archived.');
        const ended = c.state === 'running' ? await endInTx(tx, c, 'manual', now, actorOwnerId) : undefined;
        if (!ended) throw new AppError('campaign/not-running', 'Only a running campaign can be stopped.');
        return ended;
      });
      return dto(row);
    },

    /**
     * D25: a PNG of at most 2000 × 2000 px for the campaign or one of its questions, stored under
     * the campaign with who uploaded it; the answer is its stable public link.
     */
    uploadImage: async (q: {
      manufacturerId: string;
      ownerId: string;
      campaignId: string;
      bytes: Buffer;
    }) => {
      assertChangeable(await find(q.manufacturerId, q.campaignId));
      const png = inspectPng(q.bytes);
      if (!png) throw new AppError('file/invalid', 'The file is not a PNG image.', 'file');
      if (png.width > imageUpload.maxPixels || png.height > imageUpload.maxPixels) {
        throw new AppError(
          'file/invalid',
          `The image is ${png.width} × ${png.height} px; at most ${imageUpload.maxPixels} px a side.`,
          'file',
        );
      }
      const key = `campaigns/${q.campaignId}/${randomUUID()}.png`;
      await storage.put(key, q.bytes, {
        contentType: 'image/png',
        metadata: { authorId: q.ownerId, manuId: q.manufacturerId, campaignId: q.campaignId },
      });
      return { url: storage.publicUrl(key) };
    },

    // What other modules need of a campaign, handed to them by the composition root.

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
    touch: (tx: Tx, id: string, now: Date, counts: { questionCount?: number } = {}) =>
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
export type CampaignService = ReturnType<typeof createCampaignService>;
