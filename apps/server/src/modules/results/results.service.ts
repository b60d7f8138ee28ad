import { PassThrough } from 'node:stream';
import type {
  CampaignHeadline,
  CampaignStatistics,
  PublicQuestion,
  QuestionResult,
  ResultFilterQuery,
  ResultShare,
  SharedResults,
} from '@parley/contract';
import { dashboardCampaignsMax, freeTextPage } from '@parley/contract';
import { eq } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client.js';
import type { Clock } from '../../lib/clock.js';
import { AppError } from '../../lib/errors.js';
import { requireFeature } from '../../lib/features.js';
import { randomToken } from '../../lib/secrets.js';
import {
  answerStateCounts,
  choiceCounts,
  countTickets,
  freeTextAnswers,
  ticketTotals,
} from '../../queries/result-counts.query.js';
import {
  answersPerDay,
  contactListName,
  invitationTotals,
  type ResultScope,
  removedOptionTexts,
  runningCampaigns,
  sharedCampaign,
  snapshotTexts,
} from '../../queries/results.query.js';
import { exportPage } from '../../queries/results-export.query.js';
import type { CampaignRow, CampaignService } from '../campaigns/index.js';
import type { ManufacturerRow } from '../owner/index.js';
import type { QuestionService } from '../questions/index.js';
import { type FreeTextPage, questionResult, questionsShown } from './results.build.js';
import { writePdf } from './results.pdf.js';
import { resultShares } from './results.tables.js';
import { exportTexts } from './results.texts.js';
import { campaignWindow, dayIn, daysBefore, daysBetween } from './results.window.js';
import { writeXlsx } from './results.xlsx.js';

const ratio = (part: number, whole: number) => (whole > 0 ? part / whole : null);

/**
 * Tickets read per query by the export. A page holds only what the sheet shows of its tickets (a few KB
 * each, results-export.query.ts) and is written out before the next one is read, so it dies young in
 * V8's young generation instead of piling up in the old one (bench `results`); large enough that the
 * keyset queries cost little.
 */
const exportBatchSize = 500;

type Paging = { questionId?: string | undefined; search?: string | undefined; page: number; limit: number };

export const createResultService = ({
  db,
  clock,
  publicUrl,
  campaigns,
  questions,
}: {
  db: Db;
  clock: Clock;
  publicUrl: string;
  campaigns: Pick<CampaignService, 'row'>;
  questions: Pick<QuestionService, 'listPublic'>;
}) => {
  const shareUrl = (token: string) => `${publicUrl}/p/results/${token}`;
  const scopeOf = (m: ManufacturerRow, campaignId: string, filter: ResultFilterQuery): ResultScope => ({
    ...filter,
    manufacturerId: m.id,
    campaignId,
    timeZone: m.timeZone,
  });

  const headline = async (m: Pick<ManufacturerRow, 'id'>, campaignId: string) => {
    const [tickets, inv] = await Promise.all([
      ticketTotals(db, m.id, campaignId),
      invitationTotals(db, m.id, campaignId),
    ]);
    const figures: CampaignHeadline = {
      answers: tickets.answers,
      invited: inv.invited,
      delivered: inv.delivered,
      opened: inv.opened,
      invitationAnswers: inv.answered,
      responseRate: ratio(inv.deliveredAnswered, inv.delivered),
      completion: ratio(inv.answered, inv.opened),
      medianSecondsToAnswer: inv.medianSeconds === null ? null : Math.round(Number(inv.medianSeconds)),
    };
    return { figures, bySource: { openLink: tickets.openLink, invitation: tickets.invitation } };
  };

  /**
   * Every question's result for the scope, counted by PostgreSQL (D23): states and choices grouped,
   * free-text answers one page each (`paging` pages and searches the one question it names).
   */
  const results = async (
    scope: ResultScope,
    current: readonly PublicQuestion[],
    paging: Paging,
    freeTextShown: (id: string) => boolean = () => true,
  ): Promise<QuestionResult[]> => {
    const [states, choices] = await Promise.all([
      answerStateCounts(db, scope, paging.questionId),
      choiceCounts(db, scope, paging.questionId),
    ]);
    const known = new Set(current.map((q) => q._id));
    const removed = [...new Set(states.map((s) => s.questionId))].filter((id) => !known.has(id));
    // Options the questions no longer have (of removed questions too): their texts as participants saw them.
    const goneOptions = new Map(
      choices
        .filter(
          (c) => !current.find((x) => x._id === c.questionId)?.options.some((o) => o._id === c.optionId),
        )
        .map((c) => [`${c.questionId}/${c.optionId}`, { questionId: c.questionId, optionId: c.optionId }]),
    );
    const [snapshots, optionTexts] = await Promise.all([
      snapshotTexts(db, scope.campaignId, removed),
      removedOptionTexts(db, scope.campaignId, [...goneOptions.values()]),
    ]);
    let shown = questionsShown(current, removed, snapshots);
    if (paging.questionId) shown = shown.filter((q) => q._id === paging.questionId);
    return Promise.all(
      shown.map(async (q) => {
        let page: FreeTextPage | null = null;
        if (q.type === 'FreeText' && freeTextShown(q._id)) {
          const mine = paging.questionId === q._id;
          const limit = paging.limit;
          const pageNo = mine ? paging.page : 1;
          const found = await freeTextAnswers(db, scope, {
            questionId: q._id,
            search: mine ? paging.search : undefined,
            limit,
            offset: (pageNo - 1) * limit,
            // Without a search, their number is the question's answered state, counted already.
            answered: states
              .filter((x) => x.questionId === q._id && x.state === 'answered')
              .reduce((a, x) => a + x.n, 0),
          });
          page = {
            total: found.total,
            page: pageNo,
            limit,
            items: found.rows.map((r) => ({
              ticketId: r.ticketId,
              text: r.text ?? '',
              createdAt: r.createdAt.toISOString(),
            })),
          };
        }
        return questionResult(q, states, choices, optionTexts, page);
      }),
    );
  };

  /** `days`: the window of that many days ending today; absent, the campaign's own (`campaignWindow`). */
  const statistics = async (m: ManufacturerRow, c: CampaignRow, days: number | undefined) => {
    const today = dayIn(m.timeZone, clock.now());
    const { from, to } =
      days === undefined
        ? campaignWindow(c, m.timeZone, clock.now())
        : { from: daysBefore(today, days - 1), to: today };
    const daysNumber = daysBetween(from, to);
    const [{ figures, bySource }, perDay] = await Promise.all([
      headline(m, c.id),
      answersPerDay(db, { manufacturerId: m.id, campaignId: c.id, timeZone: m.timeZone, from, to }),
    ]);
    const out: CampaignStatistics = {
      campaignId: c.id,
      timeZone: m.timeZone,
      daysNumber,
      from,
      to,
      ...figures,
      answersInWindow: perDay.reduce((a, d) => a + d.answers, 0),
      perDay,
      bySource,
    };
    return out;
  };

  const toShare = (row: typeof resultShares.$inferSelect | undefined): ResultShare =>
    row
      ? {
          shared: true,
          url: shareUrl(row.token),
          includeFreeText: row.includeFreeText,
          sharedAt: row.createdAt.toISOString(),
        }
      : { shared: false, url: null, includeFreeText: false, sharedAt: null };

  const shareOf = async (tx: DbOrTx, campaignId: string) => {
    const [row] = await tx.select().from(resultShares).where(eq(resultShares.campaignId, campaignId));
    return row;
  };

  return {
    statistics: async (m: ManufacturerRow, id: string, q: { daysNumber?: number | undefined }) =>
      statistics(m, await campaigns.row(m.id, id), q.daysNumber),

    questionStats: async (m: ManufacturerRow, q: ResultFilterQuery & Paging & { campaignId: string }) => {
      const c = await campaigns.row(m.id, q.campaignId);
      const scope = scopeOf(m, c.id, q);
      const [tickets, current] = await Promise.all([countTickets(db, scope), questions.listPublic(db, c.id)]);
      return { campaignId: c.id, tickets, questions: await results(scope, current, q) };
    },

    /** Streams the spreadsheet into the answer (canExport); answers its file name. */
    xlsx: async (m: ManufacturerRow, q: ResultFilterQuery & { campaignId: string }) => {
      // The campaign first: another maker's answers 404 like an unknown one, whatever this maker's flags.
      const c = await campaigns.row(m.id, q.campaignId);
      requireFeature(m, 'canExport');
      const scope = scopeOf(m, c.id, q);
      const current = await questions.listPublic(db, c.id);
      const states = await answerStateCounts(db, scope);
      const removed = [...new Set(states.map((s) => s.questionId))].filter(
        (id) => !current.some((x) => x._id === id),
      );
      const snapshots = await snapshotTexts(db, c.id, removed);
      const texts = exportTexts[c.language];
      const columns = questionsShown(current, removed, snapshots).map((x) => ({
        _id: x._id,
        text: x.removed ? `${x.text} (${texts.removed})` : x.text,
        options: new Map(x.options.map((o) => [o._id, o.text])),
      }));
      async function* batches() {
        let after: { key: string; id: string } | null = null;
        for (;;) {
          const rows = await exportPage(db, scope, columns, after, exportBatchSize);
          if (rows.length === 0) return;
          yield rows;
          const last = rows[rows.length - 1];
          if (!last || rows.length < exportBatchSize) return;
          after = { key: last.key, id: last.id };
        }
      }
      const out = new PassThrough();
      const done = writeXlsx({ out, texts, columns, batches: batches() });
      return { stream: out, done, fileName: `${c.title}-results.xlsx` };
    },

    /** The PDF report (canExport), streamed; answers its file name. */
    pdf: async (m: ManufacturerRow, id: string, filter: ResultFilterQuery) => {
      const c = await campaigns.row(m.id, id);
      requireFeature(m, 'canExport');
      const scope = scopeOf(m, c.id, filter);
      const current = await questions.listPublic(db, c.id);
      const [stats, questionResults] = await Promise.all([
        statistics(m, c, undefined),
        results(scope, current, { page: 1, limit: freeTextPage.default }),
      ]);
      // The report names the list it is filtered by (another maker's list counts nobody, and is not named).
      const listName = filter.contactListId
        ? ((await contactListName(db, m.id, filter.contactListId)) ?? null)
        : null;
      const out = new PassThrough();
      writePdf(
        {
          language: c.language,
          texts: exportTexts[c.language],
          title: c.title,
          createdAt: clock.now(),
          timeZone: m.timeZone,
          filter,
          contactListName: listName,
          statistics: stats,
          questions: questionResults,
        },
        out,
      );
      return { stream: out, fileName: `${c.title}-results.pdf` };
    },

    share: async (manufacturerId: string, id: string) => {
      const c = await campaigns.row(manufacturerId, id);
      return toShare(await shareOf(db, c.id));
    },

    /**
     * Shares an ended campaign's results (a new secret link each time it is shared anew; changing the
     * free-text choice keeps the link), or withdraws them (D12, D23).
     */
    setShare: async (
      manufacturerId: string,
      id: string,
      body: { shared: boolean; includeFreeText: boolean },
    ) => {
      const c = await campaigns.row(manufacturerId, id);
      if (!body.shared) {
        await db.delete(resultShares).where(eq(resultShares.campaignId, c.id));
        return toShare(undefined);
      }
      if (c.state !== 'ended') {
        throw new AppError('campaign/not-ended', 'Results can be shared only when the campaign has ended.');
      }
      const [row] = await db
        .insert(resultShares)
        .values({
          campaignId: c.id,
          manufacturerId,
          token: randomToken(),
          includeFreeText: body.includeFreeText,
        })
        .onConflictDoUpdate({
          target: resultShares.campaignId,
          set: { includeFreeText: body.includeFreeText },
        })
        .returning();
      return toShare(row);
    },

    /**
     * The shared page: only while the campaign is ended (a restart or an archive pauses the link; ending
     * again brings it back), never a participant's identity, free text only when the owner chose it.
     */
    shared: async (
      token: string,
      q: { questionId?: string | undefined; page: number },
    ): Promise<SharedResults> => {
      const [share] = await db.select().from(resultShares).where(eq(resultShares.token, token));
      const found = share ? await sharedCampaign(db, share.campaignId) : undefined;
      if (!share || !found || found.campaign.state !== 'ended') {
        throw new AppError('not-found', 'These results are not shared (any more).');
      }
      const c = found.campaign;
      const scope: ResultScope = {
        archived: 'all',
        manufacturerId: c.manufacturerId,
        campaignId: c.id,
        timeZone: found.timeZone,
      };
      const current = await questions.listPublic(db, c.id);
      const [{ figures }, list] = await Promise.all([
        headline({ id: c.manufacturerId }, c.id),
        results(scope, current, { ...q, limit: freeTextPage.default }, () => share.includeFreeText),
      ]);
      return {
        title: c.title,
        description: c.description,
        language: c.language,
        manufacturerName: found.manufacturerName,
        endedAt: c.endedAt?.toISOString() ?? null,
        answers: figures.answers,
        responseRate: figures.responseRate,
        includeFreeText: share.includeFreeText,
        questions: list.map((x) => ({
          ...x,
          freeText: x.freeText
            ? { ...x.freeText, items: x.freeText.items.map(({ text, createdAt }) => ({ text, createdAt })) }
            : null,
        })),
      };
    },

    dashboard: async (manufacturerId: string) => {
      const since = new Date(clock.now().getTime() - 7 * 86_400_000);
      const rows = await runningCampaigns(db, manufacturerId, dashboardCampaignsMax, since);
      return {
        total: rows[0]?.total ?? 0,
        campaigns: rows.map((r) => ({
          _id: r.id,
          title: r.title,
          state: r.state,
          answers: r.answers,
          answersLast7Days: r.answersLast7Days,
          invited: r.invited,
          responseRate: ratio(r.invitationAnswers, r.delivered),
          lastAnswerAt: r.lastAnswerAt ? new Date(r.lastAnswerAt).toISOString() : null,
        })),
      };
    },
  };
};
export type ResultService = ReturnType<typeof createResultService>;
