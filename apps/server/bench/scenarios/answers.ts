import { randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { formatTable } from '../lib/table.js';
import type { BenchContext, Scenario } from '../types.js';

/**
 * Survey answers stored per second, end to end: `POST /api/public/campaign/:id/answer` through the whole
 * app (Fastify's inject, so no socket; each answer from its own client address and email, so the public
 * rate limits never refuse it) into running campaigns of 6 questions (2 free texts, 3 single choices of 4
 * options, 1 multiple choice of 4 options, 2 chosen). Each answer writes its ticket, 6 answer states,
 * 4 choices, the contact (new), a history entry, the participant's mail job and 2 rate-limit hits in one
 * transaction that holds the campaign's row lock (D12): answers to one campaign are stored one after
 * another, so it measures one campaign at concurrency 1 and four campaigns at concurrency 4. The rows per
 * second are counted from the tables. For docs/scaling.md; no target. It removes its campaigns (with their
 * tickets), contacts, history entries and mail jobs.
 */
const PER_RUN = 300;

const TABLES = [
  'campaign_tickets',
  'ticket_answer_states',
  'ticket_choices',
  'contacts',
  'history_entries',
  'rate_limit_hits',
  'pgboss.job',
];

const countRows = async (ctx: BenchContext) => {
  const { rows } = await ctx.rt.pool.query<{ n: string }>(
    `select (${TABLES.map((t) => `(select count(*) from ${t})`).join(' + ')}) as n`,
  );
  return Number(rows[0]?.n ?? 0);
};

type Made = {
  id: string;
  free: string[];
  single: { id: string; option: string }[];
  multi: { id: string; options: string[] };
};

const makeCampaign = async (ctx: BenchContext, n: number): Promise<Made> => {
  const call = async (method: 'POST', url: string, payload?: object) => {
    const res = await ctx.app.inject({
      method,
      url: `/api${url}`,
      headers: { 'x-auth-token': ctx.owner.idToken },
      ...(payload ? { payload } : {}),
    });
    if (res.statusCode >= 300) throw new Error(`${url}: ${res.statusCode} ${res.body}`);
    return res.json() as Record<string, unknown>;
  };
  const c = await call('POST', '/campaign', { title: `Answers bench ${n}` });
  const id = String(c._id);
  const free: string[] = [];
  const single: Made['single'] = [];
  let multi: Made['multi'] = { id: '', options: [] };
  const options = ['Gut', 'Mittel', 'Schlecht', 'Weiß nicht'].map((text) => ({ text }));
  for (let i = 0; i < 6; i++) {
    const body =
      i < 2
        ? { type: 'FreeText', text: `Frage ${i}` }
        : { type: i === 5 ? 'MultiChoice' : 'SingleChoice', text: `Frage ${i}`, options };
    const q = (await call('POST', `/campaign/${id}/question`, body)) as {
      _id: string;
      options?: { _id: string }[];
    };
    const opts = (q.options ?? []).map((o) => o._id);
    if (i < 2) free.push(q._id);
    else if (i < 5) single.push({ id: q._id, option: opts[i % opts.length] ?? '' });
    else multi = { id: q._id, options: opts.slice(0, 2) };
  }
  await call('POST', `/campaign/${id}/start`);
  return { id, free, single, multi };
};

let seq = 0;
const answer = async (ctx: BenchContext, c: Made) => {
  seq++;
  const res = await ctx.app.inject({
    method: 'POST',
    url: `/api/public/campaign/${c.id}/answer`,
    remoteAddress: `10.${(seq >> 16) & 255}.${(seq >> 8) & 255}.${seq & 255}`,
    payload: {
      email: `answer-${seq}-${randomUUID().slice(0, 8)}@bench.parley.localhost`,
      firstname: 'Anna',
      submissionId: randomUUID(),
      answers: [
        ...c.free.map((questionId, i) => ({ questionId, text: `Eine Antwort ${seq} auf Frage ${i}` })),
        ...c.single.map((s) => ({ questionId: s.id, optionIds: [s.option] })),
        { questionId: c.multi.id, optionIds: c.multi.options },
      ],
    },
  });
  if (res.statusCode !== 201 && res.statusCode !== 200)
    throw new Error(`answer: ${res.statusCode} ${res.body}`);
};

export const answers: Scenario = {
  name: 'answers',
  run: async (ctx: BenchContext) => {
    const made: Made[] = [];
    try {
      for (let i = 0; i < 5; i++) made.push(await makeCampaign(ctx, i));
      const [warm, ...rest] = made;
      if (!warm) throw new Error('no campaign');
      for (let i = 0; i < 30; i++) await answer(ctx, warm);
      const rows: string[][] = [];
      for (const [label, campaigns] of [
        ['1 campaign, concurrency 1', rest.slice(0, 1)],
        ['4 campaigns, concurrency 4', rest],
      ] as const) {
        const before = await countRows(ctx);
        const t0 = performance.now();
        await Promise.all(
          campaigns.map(async (c) => {
            for (let i = 0; i < PER_RUN / campaigns.length; i++) await answer(ctx, c);
          }),
        );
        const msTaken = performance.now() - t0;
        const written = (await countRows(ctx)) - before;
        rows.push([
          label,
          String(PER_RUN),
          (PER_RUN / (msTaken / 1000)).toFixed(0),
          String(Math.round(written / PER_RUN)),
          (written / (msTaken / 1000)).toFixed(0),
          (msTaken / PER_RUN).toFixed(1),
        ]);
      }
      const report = [
        'answers: POST /api/public/campaign/:id/answer, 6 questions (rows counted in the tables, mail jobs included)',
        formatTable(['run', 'answers', 'answers/s', 'rows/answer', 'rows/s', 'ms/answer'], rows, 1),
      ].join('\n');
      return { report, summary: `answers: ${rows.map((r) => `${r[0]} ${r[2]}/s`).join(', ')}` };
    } finally {
      const ids = made.map((c) => c.id);
      const pool = ctx.rt.pool;
      await pool
        .query(`delete from pgboss.job where data->>'to' like '%@bench.parley.localhost'`)
        .catch(() => {});
      await pool.query('delete from campaigns where id = any($1::uuid[])', [ids]).catch(() => {});
      await pool
        .query(`delete from contacts where email like 'answer-%@bench.parley.localhost'`)
        .catch(() => {});
      await pool
        .query(`delete from history_entries where manufacturer_id = $1`, [ctx.owner.manufacturerId])
        .catch(() => {});
    }
  },
};
