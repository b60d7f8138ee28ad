import { performance } from 'node:perf_hooks';
import type { MassFollowUp } from '@parley/contract';
import { MAIL_JOB } from '../../src/modules/mail/index.js';
import { MASS_FOLLOW_UP_JOB } from '../../src/modules/tickets/tickets.follow-ups.js';
import { mib, signedMib, watchMemory } from '../lib/memory.js';
import { formatTable, ms } from '../lib/table.js';
import type { BenchContext, Figure, Scenario } from '../types.js';

/**
 * A mass follow-up to 10,000 tickets of one campaign (seeded here by SQL, each from a contact of its
 * own): POST /api/campaignticket/{id}/comment/massfollowup with a placeholder and `notify: true`,
 * then GET .../massfollowup/{followUpId} every 250 ms until it is done. The benchmark's runtime runs
 * no jobs, so this scenario works the follow-up's queue itself through pg-boss, as the server does
 * (fetched with SKIP LOCKED, polled every 2 s): the job runs `followUps.deliver` in this process, next
 * to the routes, batch by batch (MASS_FOLLOW_UP_BATCH_SIZE tickets a transaction, each committing its
 * comments, their mail jobs and the progress). RSS is sampled every 100 ms from before the call until
 * the follow-up is done. The mail jobs are checked (one per ticket, kind tickets/followUp) and
 * removed unsent (nothing here works the mail queue); the campaign, its tickets, comments and
 * follow-up, the contacts and the follow-up's job are removed, and the manufacturer's canComment put
 * back.
 */
const TICKETS = 10_000;
/**
 * "Flat": the job holds one batch of tickets, their texts and mails at a time, never the follow-up's
 * 10,000. The peak RSS over the RSS before (V8's garbage not yet collected counts too: it varies from
 * run to run with when V8 collects, docs/operations.md), and the JavaScript heap a full collection
 * leaves when it is done over the one it left before, as in contact-import. The heap V8's own major
 * collections leave during the delivery (watched, not forced) is reported too: what the job holds
 * while it runs.
 */
const TARGET_PEAK_MIB = 64;
const TARGET_KEPT_MIB = 16;
const POLL_MS = 250;
const SAMPLE_MS = 100;
/** Reserved for examples (RFC 2606): never delivered, should a real worker ever see these mails. */
const DOMAIN = 'follow-up.bench.parley.invalid';
const CAMPAIGN_TITLE = 'Bench mass follow-up';
const DESCRIPTION =
  'Hello {{contact.firstname|there}}, thank you for your answers about {{campaign.title}}. ' +
  'Did the firmware update fix the noise you described? A short reply here is enough.';

/** The campaign and its tickets, each from a contact (one in 17 without a first name: "there"). */
const seed = async (ctx: BenchContext) => {
  const started = performance.now();
  const { rows } = await ctx.rt.pool.query<{ id: string }>(
    `insert into campaigns (manufacturer_id, title, state, has_started, started_at)
     values ($1, $2, 'running', true, now() - interval '30 days') returning id`,
    [ctx.owner.manufacturerId, CAMPAIGN_TITLE],
  );
  const campaignId = rows[0]?.id;
  if (!campaignId) throw new Error('the campaign was not made');
  await ctx.rt.pool.query(
    `with s as materialized (
       select g, gen_random_uuid() as cid, now() - g * interval '2 minutes' as at
       from generate_series(1, $3::int) g),
     people as (
       insert into contacts (id, manufacturer_id, email, firstname, lastname, created_at, updated_at)
       select cid, $1, 'participant' || g || '@${DOMAIN}',
         case when g % 17 <> 0 then (array['Anna','Ben','Clara','David','Emma','Felix','Greta','Hannes','Ida','Jonas'])[1 + g % 10] end,
         (array['Müller','Schmidt','Schneider','Fischer','Weber','Meyer','Wagner','Becker','Hoffmann'])[1 + g % 9],
         at, at
       from s)
     insert into campaign_tickets (manufacturer_id, campaign_id, contact_id, source, language, answers,
       answered_count, search_text, excerpt, submission_id, token_hash, last_activity_at, created_at, updated_at)
     select $1, $2, cid, 'openLink', case when g % 3 = 0 then 'en' else 'de' end, '[]'::jsonb, 4,
       'das gerät brummt nach dem update', 'Das Gerät brummt nach dem Update.', gen_random_uuid(),
       encode(sha256(cid::text::bytea), 'hex'), at, at, at
     from s`,
    [ctx.owner.manufacturerId, campaignId, TICKETS],
  );
  await ctx.rt.pool.query('update campaigns set ticket_count = $2 where id = $1', [campaignId, TICKETS]);
  await ctx.rt.pool.query('vacuum (analyze) contacts, campaigns, campaign_tickets');
  return { campaignId, seedMs: performance.now() - started };
};

export const massFollowUp: Scenario = {
  name: 'mass-follow-up',
  run: async (ctx) => {
    const { pool } = ctx.rt;
    const boss = ctx.rt.jobs.boss;
    const { rows: flag } = await pool.query<{ can_comment: boolean }>(
      'select can_comment from manufacturers where id = $1',
      [ctx.owner.manufacturerId],
    );
    let campaignId: string | undefined;
    let followUpId: string | undefined;
    let memory: ReturnType<typeof watchMemory> | undefined;
    let job: { started: number; ended: number } | undefined;
    try {
      ctx.progress(`mass follow-up: seeding a campaign with ${TICKETS} tickets`);
      const seeded = await seed(ctx);
      campaignId = seeded.campaignId;
      await pool.query('update manufacturers set can_comment = true where id = $1', [
        ctx.owner.manufacturerId,
      ]);
      // What the server does with this job when its runtime has workers; pg-boss settles it as there.
      await boss.work<{ followUpId: string }>(
        MASS_FOLLOW_UP_JOB,
        { batchSize: 1, pollingIntervalSeconds: 2 },
        async (jobs) => {
          for (const j of jobs) {
            const started = performance.now();
            await ctx.rt.services.followUps.deliver(j.data.followUpId);
            job = { started, ended: performance.now() };
          }
        },
      );

      memory = watchMemory(SAMPLE_MS);

      ctx.progress(`mass follow-up: posting to ${TICKETS} tickets, then waiting for the job`);
      const base = `${ctx.baseUrl}/api/campaignticket/${campaignId}/comment/massfollowup`;
      const headers = { 'x-auth-token': ctx.owner.idToken };
      const started = performance.now();
      const res = await fetch(base, {
        method: 'POST',
        headers: { ...headers, 'content-type': 'application/json' },
        body: JSON.stringify({ description: DESCRIPTION, notify: true }),
      });
      let state = (await res.json()) as MassFollowUp;
      const answered = performance.now();
      if (res.status !== 201 || state.total !== TICKETS)
        throw new Error(`the follow-up answered ${res.status}: ${JSON.stringify(state).slice(0, 300)}`);
      followUpId = state._id;
      while (state.state !== 'done') {
        if (performance.now() - started > 10 * 60_000) throw new Error('the follow-up took over 10 minutes');
        await new Promise((resolve) => setTimeout(resolve, POLL_MS));
        const r = await fetch(`${base}/${followUpId}`, { headers });
        state = (await r.json()) as MassFollowUp;
        if (r.status !== 200) throw new Error(`the follow-up answered ${r.status}: ${JSON.stringify(state)}`);
      }
      const done = performance.now();
      const { before, peak, after, kept, afterMajor } = memory.stop();
      if (state.done !== TICKETS) throw new Error(`the follow-up is done with ${state.done} of ${TICKETS}`);

      const { rows: stored } = await pool.query<{ comments: number; tickets: number; there: number }>(
        `select count(*)::int as comments, count(distinct ticket_id)::int as tickets,
           count(*) filter (where description like 'Hello there,%')::int as there
         from ticket_comments where mass_follow_up_id = $1`,
        [followUpId],
      );
      const { rows: mails } = await pool.query<{ mails: number; addresses: number }>(
        `select count(*)::int as mails, count(distinct data->>'to')::int as addresses from pgboss.job
         where name = $1 and data->>'kind' = 'tickets/followUp' and data->>'to' like $2`,
        [MAIL_JOB, `%@${DOMAIN}`],
      );
      const c = stored[0];
      const m = mails[0];
      const unnamed = Math.floor(TICKETS / 17);
      if (c?.comments !== TICKETS || c.tickets !== TICKETS || c.there !== unnamed)
        throw new Error(`stored ${JSON.stringify(c)}, not ${TICKETS} comments (${unnamed} to "there")`);
      if (m?.mails !== TICKETS || m.addresses !== TICKETS)
        throw new Error(`queued ${JSON.stringify(m)}, not ${TICKETS} follow-up mails to as many addresses`);

      const seconds = (done - started) / 1000;
      const jobSeconds = job ? (job.ended - job.started) / 1000 : Number.NaN;
      const growth = peak.rss - before.rss;
      const heapKept = kept.heapUsed - before.heapUsed;
      const liveMost = afterMajor.length ? Math.max(...afterMajor) : undefined;
      const figures: Figure[] = [
        {
          label: `mass follow-up to ${TICKETS} tickets, peak RSS over the start`,
          measured: signedMib(growth),
          target: `< +${TARGET_PEAK_MIB} MiB`,
          met: growth < TARGET_PEAK_MIB * 1024 * 1024,
        },
        {
          label: `mass follow-up to ${TICKETS} tickets, heap kept (after a full GC) over the start`,
          measured: signedMib(heapKept),
          target: `< +${TARGET_KEPT_MIB} MiB`,
          met: heapKept < TARGET_KEPT_MIB * 1024 * 1024,
        },
      ];
      const mem = (label: string, x: NodeJS.MemoryUsage) => [
        label,
        mib(x.rss),
        mib(x.heapUsed),
        mib(x.heapTotal),
        mib(x.external),
      ];
      return {
        report: [
          `Mass follow-up: POST /api/campaignticket/{id}/comment/massfollowup (notify, a {{contact.firstname|there}}`,
          `placeholder) to a campaign of ${TICKETS} tickets (seeded in ${(seeded.seedMs / 1000).toFixed(1)} s), the job worked in this process`,
          `(${ctx.rt.config.massFollowUpBatchSize} tickets a transaction). Answered (201) in ${ms(answered - started)}; the job waited ${job ? ms(job.started - answered) : '?'} in the queue`,
          `and ran ${jobSeconds.toFixed(1)} s (${(TICKETS / jobSeconds).toFixed(0)} comments/s); call to done seen by polling: ${seconds.toFixed(1)} s`,
          `(${(TICKETS / seconds).toFixed(0)} comments/s). ${c.comments} comments stored (${c.there} to "there"), ${m.mails} mail jobs of kind`,
          'tickets/followUp queued with them (removed unsent).',
          `Memory of this process (the server, its job and the benchmark's client), sampled every ${SAMPLE_MS} ms. V8 ran`,
          `${afterMajor.length} major collection${afterMajor.length === 1 ? '' : 's'} during the delivery${liveMost === undefined ? '' : `; the heap they left was at most ${mib(liveMost)} (${signedMib(liveMost - before.heapUsed)} over the start)`}:`,
          '',
          formatTable(
            ['when', 'RSS', 'heap used', 'heap total', 'external'],
            [
              mem('before the call (after a full GC)', before),
              mem('at the RSS peak during the delivery', peak),
              mem('when done', after),
              mem('when done, after a full GC', kept),
            ],
            1,
          ),
        ].join('\n'),
        summary: `mass follow-up to ${TICKETS} tickets: ${seconds.toFixed(1)} s call to done (job ${jobSeconds.toFixed(1)} s, ${(TICKETS / jobSeconds).toFixed(0)} comments/s); RSS ${mib(before.rss)} at the start, ${mib(peak.rss)} at the peak (${signedMib(growth)}), ${mib(after.rss)} at the end; heap kept ${signedMib(heapKept)}`,
        figures,
      };
    } finally {
      memory?.dispose();
      ctx.progress('mass follow-up: removing the mail jobs, the follow-up, its campaign and contacts');
      await boss.offWork(MASS_FOLLOW_UP_JOB);
      await pool.query(`delete from pgboss.job where name = $1 and data->>'to' like $2`, [
        MAIL_JOB,
        `%@${DOMAIN}`,
      ]);
      if (campaignId) {
        await pool.query(
          `delete from pgboss.job where name = $1 and data->>'followUpId' in
             (select id::text from mass_follow_ups where campaign_id = $2)`,
          [MASS_FOLLOW_UP_JOB, campaignId],
        );
        // The campaign takes its tickets, their comments and links, and its follow-ups with it.
        await pool.query('delete from campaigns where id = $1', [campaignId]);
      }
      await pool.query('delete from contacts where manufacturer_id = $1 and email like $2', [
        ctx.owner.manufacturerId,
        `%@${DOMAIN}`,
      ]);
      await pool.query('update manufacturers set can_comment = $2 where id = $1', [
        ctx.owner.manufacturerId,
        flag[0]?.can_comment ?? false,
      ]);
      // So autovacuum does not clean up the dead rows while the next scenario runs.
      await pool.query(
        'vacuum (analyze) contacts, campaigns, campaign_tickets, ticket_comments, ticket_links, mass_follow_ups, pgboss.job',
      );
    }
  },
};
