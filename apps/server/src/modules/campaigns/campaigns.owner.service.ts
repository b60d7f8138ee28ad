import { randomUUID } from 'node:crypto';
import {
  type api,
  type CampaignState,
  campaignTitleLimits,
  type EndCondition,
  imageUpload,
  type Language,
  type RouteBody,
  type RouteQuery,
} from '@parley/contract';
import type { DbOrTx } from '../../db/client.js';
import { AppError, notFound } from '../../lib/errors.js';
import { assertFresh } from '../../lib/fresh.js';
import { decodeCursor, nextCursor, pageOffset } from '../../lib/paging.js';
import { inspectPng } from '../../lib/png.js';
import { toCampaign, toCampaignLight } from './campaigns.dto.js';
import {
  type CampaignRow,
  campaignNames,
  endsAtOf,
  findCampaign,
  insertCampaign,
  listCampaigns,
  searchCampaigns,
  touchedAt,
  updateCampaign,
  visibleStates,
} from './campaigns.repository.js';
import {
  assertChangeable,
  type CampaignEnding,
  type CampaignServiceDeps,
  campaignOr404,
  isEndConditionMet,
  lockCampaign,
} from './campaigns.shared.js';

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

/**
 * The owner's campaigns (D12): the list, search and names, a campaign's page, creating, the whole-body
 * update, archiving, copying, start and stop, and the image upload (D25).
 */
export const createOwnerCampaigns = ({
  db,
  clock,
  publicUrl,
  scheduleEnd,
  storage,
  history,
  events,
  endInTx,
}: Omit<CampaignServiceDeps, 'log'> & { endInTx: CampaignEnding['endInTx'] }) => {
  const dto = (c: CampaignRow) => toCampaign(c, publicUrl);
  const find = campaignOr404(db);
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
        await events.publish(tx, 'campaign.copied', {
          manufacturerId,
          fromCampaignId: c.id,
          toCampaignId: copy.id,
          questionCount: copy.questionCount,
          now,
        });
        // Read again: copying the questions repairs a drifted question count.
        return (await findCampaign(tx, manufacturerId, copy.id)) ?? copy;
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
  };
};
