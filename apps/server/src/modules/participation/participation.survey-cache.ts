import { type PublicQuestion, publicSurveySchema } from '@parley/contract';
import type { Db, DbOrTx } from '../../db/client.js';
import type { Clock } from '../../lib/clock.js';
import { notFound } from '../../lib/errors.js';
import { type SharedJson, sharedJson } from '../../lib/shared-json.js';
import {
  type CampaignWithMaker,
  createSurveyFactsLookup,
  findCampaignWithMaker,
  type SurveyFacts,
} from '../../queries/survey.query.js';
import { toPublicSurvey } from './participation.dto.js';
import { surveyStatus } from './participation.rules.js';

/** What this instance keeps of one campaign at one content version. */
type Entry = {
  version: number;
  campaign: CampaignWithMaker['campaign'];
  questions: PublicQuestion[];
  /** The answers built from it, by what they show besides (status, the manufacturer's name and links). */
  answers: Map<string, SharedJson>;
  /** About what it holds in memory (its texts, three times each answer's: text, brotli, gzip at most). */
  bytes: number;
};

/** A campaign's answers kept at once: its statuses and manufacturer names change seldom. */
const ANSWERS_PER_ENTRY = 4;

/**
 * The public survey (`GET /api/public/campaign/:id`), the same for every participant of a campaign,
 * answered from this instance's copy (docs/operations.md, "The survey's data call"). Every request reads
 * the campaign's facts in one indexed round trip (queries/survey.query.ts): its `content_version`, which
 * a trigger moves on in the transaction of every change of the campaign and of its questions and options
 * (migration 0013), what its status depends on (state, open link, end condition, answers counted, the
 * manufacturer's limit) and the manufacturer's name and links. The campaign's content and questions come
 * from the copy kept for that version, loaded from the database only when the version moved, so a change
 * is seen at once by every instance, and the status and manufacturer as they are now, as before. The
 * answer's JSON and its compressed forms are made once per version and status.
 *
 * Memory is bounded (`maxBytes`, counted roughly): the least recently asked campaigns go first.
 */
export const createSurveyCache = (deps: {
  db: Db;
  clock: Clock;
  privacyUrl: string | null;
  listPublic: (tx: DbOrTx, campaignId: string) => Promise<PublicQuestion[]>;
  maxBytes?: number;
}) => {
  const { db, clock, privacyUrl, listPublic } = deps;
  const maxBytes = deps.maxBytes ?? 32 * 1024 * 1024;
  const factsOf = createSurveyFactsLookup(db);
  const entries = new Map<string, Entry>();
  const loading = new Map<string, Promise<Entry | undefined>>();
  let held = 0;

  const forget = (id: string) => {
    const entry = entries.get(id);
    if (!entry) return;
    held -= entry.bytes;
    entries.delete(id);
  };
  /** Counts what `entry` holds more (or less); past `maxBytes`, the least recently asked go. */
  const grow = (entry: Entry, by: number) => {
    entry.bytes += by;
    if (entries.get(entry.campaign.id) !== entry) return;
    held += by;
    // A Map iterates in insertion order and an entry asked for is inserted again: the oldest go first.
    for (const id of entries.keys()) {
      if (held <= maxBytes) break;
      forget(id);
    }
  };

  /** The campaign and its questions as one snapshot, so the copy is exactly what its version says. */
  const load = (id: string) => {
    let pending = loading.get(id);
    if (!pending) {
      pending = db
        .transaction(
          async (tx) => {
            const row = await findCampaignWithMaker(tx, id);
            if (!row) return undefined;
            const questions = await listPublic(tx, id);
            const entry: Entry = {
              version: row.campaign.contentVersion,
              campaign: row.campaign,
              questions,
              answers: new Map(),
              bytes: 0,
            };
            return entry;
          },
          { isolationLevel: 'repeatable read', accessMode: 'read only' },
        )
        .finally(() => loading.delete(id));
      loading.set(id, pending);
    }
    return pending;
  };

  /** The copy at `version` or later: a load that began before the change is followed by one after it. */
  const entryAt = async (id: string, version: number) => {
    const kept = entries.get(id);
    if (kept?.version === version) {
      entries.delete(id);
      entries.set(id, kept);
      return kept;
    }
    let entry = await load(id);
    if (entry && entry.version < version) entry = await load(id);
    if (!entry) return undefined;
    const current = entries.get(id);
    if (current && current.version >= entry.version) return current;
    forget(id);
    entries.set(id, entry);
    grow(entry, JSON.stringify(entry.questions).length + entry.campaign.description.length);
    return entry;
  };

  const answerOf = (entry: Entry, facts: SurveyFacts) => {
    const status = surveyStatus(facts, facts.manufacturer, clock.now());
    const m = facts.manufacturer;
    const key = JSON.stringify([status, m.name, m.privacyUrl, m.imprintUrl]);
    const kept = entry.answers.get(key);
    if (kept) return kept;
    // The questions only while it can be answered, as always; the manufacturer as it is now.
    const survey = toPublicSurvey(
      { campaign: entry.campaign, manufacturer: m },
      status,
      status === 'open' ? entry.questions : [],
      privacyUrl,
    );
    // Through the contract's schema, as the route's serializer would (once per answer, not per request).
    const answer = sharedJson(JSON.stringify(publicSurveySchema.encode(survey)));
    if (entry.answers.size >= ANSWERS_PER_ENTRY) {
      const was = [...entry.answers.values()].reduce((n, a) => n + a.text.length * 3, 0);
      entry.answers.clear();
      grow(entry, -was);
    }
    entry.answers.set(key, answer);
    grow(entry, answer.text.length * 3);
    return answer;
  };

  /** The survey by its open link, as JSON to send: questions only while it can be answered. */
  const survey = async (id: string): Promise<SharedJson> => {
    const facts = await factsOf(id);
    if (!facts) throw notFound('survey');
    const entry = await entryAt(id, facts.contentVersion);
    if (!entry) throw notFound('survey');
    return answerOf(entry, facts);
  };

  return { survey };
};
export type SurveyCache = ReturnType<typeof createSurveyCache>;
