import type { LoadResult } from '../lib/load.js';
import { probe } from '../lib/probe.js';
import { formatTable, kib, ms } from '../lib/table.js';
import { takeTurns } from '../lib/turns.js';
import type { BenchContext, Figure, Scenario } from '../types.js';

/**
 * The public survey's data call (`GET /api/public/campaign/:id`, what every participant's page loads)
 * against `GET /api/owner/me/small` in the same run, taking turns: the survey is the same for every
 * participant of a campaign, so it may cost no more than the owner's smallest call (throughput at
 * least 1.0x). Both are asked as a browser asks (`accept-encoding: gzip, deflate, br`). The campaign is
 * running, with 10 questions of every type (4 to 6 options each) and a description; it is removed after.
 */
const ROUNDS = 4;
const TARGET = 1;
const BROWSER = { 'accept-encoding': 'gzip, deflate, br' };

const makeSurvey = async (ctx: BenchContext) => {
  const call = async (url: string, payload?: object) => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: `/api${url}`,
      headers: { 'x-auth-token': ctx.owner.idToken },
      ...(payload ? { payload } : {}),
    });
    if (res.statusCode >= 300) throw new Error(`${url}: ${res.statusCode} ${res.body}`);
    return res.json() as { _id: string };
  };
  const { _id: id } = await call('/campaign', {
    title: 'Wie zufrieden sind Sie mit Ihrem neuen Gerät?',
    description:
      'Ihre Meinung hilft uns, unsere Produkte zu verbessern. Die Umfrage dauert etwa drei Minuten; alle Fragen ohne Sternchen sind freiwillig.',
  });
  const options = (n: number, stem: string) =>
    Array.from({ length: n }, (_, i) => ({ text: `${stem} ${i + 1}: eine Antwortmöglichkeit` }));
  const questions = [
    { type: 'SingleChoice', text: 'Wie zufrieden sind Sie insgesamt?', options: options(5, 'Stufe') },
    { type: 'FreeText', text: 'Was gefällt Ihnen am besten?' },
    { type: 'MultiChoice', text: 'Welche Funktionen nutzen Sie?', options: options(6, 'Funktion') },
    { type: 'Ranking', text: 'Ordnen Sie nach Wichtigkeit.', options: options(5, 'Merkmal') },
    { type: 'SingleChoice', text: 'Würden Sie uns weiterempfehlen?', options: options(4, 'Antwort') },
    { type: 'FreeText', text: 'Was sollten wir besser machen?', optional: true },
    { type: 'SingleChoice', text: 'Wie haben Sie von uns erfahren?', options: options(5, 'Weg') },
    { type: 'MultiChoice', text: 'Wo kaufen Sie ein?', options: options(5, 'Ort') },
    { type: 'SingleChoice', text: 'Wie alt ist Ihr letztes Gerät?', options: options(4, 'Alter') },
    { type: 'FreeText', text: 'Möchten Sie uns noch etwas sagen?', optional: true },
  ];
  for (const q of questions) await call(`/campaign/${id}/question`, q);
  await call(`/campaign/${id}/start`);
  return id;
};

export const surveyData: Scenario = {
  name: 'survey-data',
  run: async (ctx) => {
    const id = await makeSurvey(ctx);
    try {
      const sides = {
        survey: { url: `${ctx.baseUrl}/api/public/campaign/${id}`, headers: BROWSER },
        me: {
          url: `${ctx.baseUrl}/api/owner/me/small`,
          headers: { ...BROWSER, 'x-auth-token': ctx.owner.idToken },
        },
      };
      const seen = await probe(sides.survey.url, sides.survey.headers);
      if (seen.status !== 200) throw new Error(`the survey answered ${seen.status}`);
      const plain = await probe(sides.survey.url);
      const rows: string[][] = [];
      const figures: Figure[] = [];
      const summaries: string[] = [];
      for (const concurrency of ctx.load.concurrencies) {
        const r = await takeTurns({
          name: 'survey data',
          sides,
          concurrency,
          requests: ctx.load.requests,
          warmup: ctx.load.warmup,
          rounds: ROUNDS,
          progress: ctx.progress,
        });
        const ratio = r.survey.perSecond / r.me.perSecond;
        const row = (label: string, x: LoadResult) => [
          String(concurrency),
          label,
          ms(x.medianMs),
          ms(x.p95Ms),
          ms(x.p99Ms),
          x.perSecond.toFixed(0),
          kib(x.bodyBytes),
        ];
        rows.push(row('GET /api/public/campaign/:id', r.survey), row('GET /api/owner/me/small', r.me), [
          String(concurrency),
          'ratio survey / owner/me/small',
          `${(r.survey.medianMs / r.me.medianMs).toFixed(2)}x`,
          `${(r.survey.p95Ms / r.me.p95Ms).toFixed(2)}x`,
          `${(r.survey.p99Ms / r.me.p99Ms).toFixed(2)}x`,
          `${ratio.toFixed(2)}x`,
          '',
        ]);
        figures.push({
          label: `survey data / owner/me/small throughput, concurrency ${concurrency}`,
          measured: `${ratio.toFixed(2)}x`,
          target: `>= ${TARGET.toFixed(2)}x`,
          met: ratio >= TARGET,
        });
        summaries.push(
          `c${concurrency} ${r.survey.perSecond.toFixed(0)} req/s vs ${r.me.perSecond.toFixed(0)} (${ratio.toFixed(2)}x, median ${ms(r.survey.medianMs)})`,
        );
      }
      return {
        report: [
          `Survey data: GET /api/public/campaign/:id (10 questions, ${kib(plain.bytes)} of JSON, sent as`,
          `${seen.headers['content-encoding'] ?? 'identity'} ${kib(seen.bytes)}) against GET /api/owner/me/small, both with`,
          `accept-encoding as a browser sends it; ${ctx.load.requests} requests per side and row in ${ROUNDS} rounds taking turns.`,
          '',
          formatTable(['conc', 'what', 'median', 'p95', 'p99', 'req/s', 'body'], rows, 2),
        ].join('\n'),
        summary: `survey data vs owner/me/small: ${summaries.join('; ')}`,
        figures,
      };
    } finally {
      await ctx.rt.pool.query('delete from campaigns where id = $1', [id]);
    }
  },
};
