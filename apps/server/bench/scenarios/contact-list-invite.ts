import { performance } from 'node:perf_hooks';
import type { ListInviteReport } from '@parley/contract';
import { INVITATION_MAIL_JOB } from '../../src/modules/invitations/invitations.queue.js';
import { median } from '../lib/load.js';
import { formatTable, ms } from '../lib/table.js';
import type { BenchContext, Figure, Scenario } from '../types.js';

/**
 * POST /api/campaign/{id}/contactlist with one list of 10,000 members (seeded here by SQL), each run
 * against a fresh running campaign: the time until the owner has the answer, first with
 * callForCheck (what it would do; no target) and then for real. The invitations and their mail jobs
 * are made in the call's transaction; the mails go out afterwards, paced, and are not waited for
 * (the benchmark's runtime runs no jobs, so here they never go out). It removes what it made (the
 * mail jobs too) and puts the mail pace back, as contact-invite does.
 */
const MEMBERS = 10_000;
const RUNS = 5;
const TARGET_MS = 5000;
/** Reserved for examples (RFC 2606): never delivered, should a real worker ever see these jobs. */
const DOMAIN = 'list-invite.bench.parley.invalid';
const LIST_NAME = 'Bench invitation list';
const CAMPAIGN_TITLE = 'Bench list invitations';

const seed = async (ctx: BenchContext) => {
  const started = performance.now();
  await ctx.rt.pool.query(
    `insert into contacts (manufacturer_id, email, firstname, lastname, created_at, updated_at)
     select $1, 'member' || g || '@${DOMAIN}',
       (array['Anna','Ben','Clara','David','Emma','Felix','Greta','Hannes','Ida','Jonas'])[1 + g % 10],
       (array['Müller','Schmidt','Schneider','Fischer','Weber','Meyer','Wagner','Becker','Hoffmann'])[1 + g % 9],
       now() - g * interval '1 minute', now() - g * interval '1 minute'
     from generate_series(1, $2::int) g`,
    [ctx.owner.manufacturerId, MEMBERS],
  );
  const { rows } = await ctx.rt.pool.query<{ id: string }>(
    `with list as (
       insert into contact_lists (manufacturer_id, name, description)
       values ($1, $2, 'Seeded for the benchmark') returning id, manufacturer_id),
     members as (
       insert into contact_list_members (list_id, contact_id, manufacturer_id, added_at)
       select l.id, c.id, c.manufacturer_id, c.created_at
       from list l join contacts c on c.manufacturer_id = l.manufacturer_id
       where c.email like $3)
     select id from list`,
    [ctx.owner.manufacturerId, LIST_NAME, `%@${DOMAIN}`],
  );
  const listId = rows[0]?.id;
  if (!listId) throw new Error('the list was not made');
  await ctx.rt.pool.query('vacuum (analyze) contacts, contact_lists, contact_list_members');
  return { listId, seedMs: performance.now() - started };
};

export const contactListInvite: Scenario = {
  name: 'contact-list-invite',
  run: async (ctx) => {
    const { rows: pace } = await ctx.rt.pool.query<{ next_at: Date }>(
      "select next_at from mail_pace where name = 'invitations'",
    );
    const campaignIds: string[] = [];
    try {
      ctx.progress(`contact list invite: seeding a list of ${MEMBERS} contacts`);
      const { listId, seedMs } = await seed(ctx);

      /** A fresh running campaign, as contact-invite makes one. */
      const campaign = async (run: number) => {
        const { rows } = await ctx.rt.pool.query<{ id: string }>(
          `insert into campaigns (manufacturer_id, title, state, has_started)
           values ($1, $2, 'running', true) returning id`,
          [ctx.owner.manufacturerId, `${CAMPAIGN_TITLE} ${run}`],
        );
        const id = rows[0]?.id;
        if (!id) throw new Error('the running campaign was not made');
        campaignIds.push(id);
        return id;
      };
      const invite = async (campaignId: string, callForCheck: boolean) => {
        const started = performance.now();
        const answer = await fetch(`${ctx.baseUrl}/api/campaign/${campaignId}/contactlist`, {
          method: 'POST',
          headers: { 'x-auth-token': ctx.owner.idToken, 'content-type': 'application/json' },
          body: JSON.stringify({ contactLists: [listId], callForCheck }),
        });
        const report = (await answer.json()) as ListInviteReport;
        const took = performance.now() - started;
        if (
          answer.status !== 200 ||
          report.check !== callForCheck ||
          report.invitations !== MEMBERS ||
          report.members !== MEMBERS
        )
          throw new Error(
            `POST /api/campaign/{id}/contactlist${callForCheck ? ' (check)' : ''} answered ${answer.status}: ${JSON.stringify(report).slice(0, 300)}`,
          );
        return took;
      };
      /** The check's answer, then the invitation's, on a fresh campaign. */
      const run = async (n: number) => {
        const id = await campaign(n);
        const check = await invite(id, true);
        return { check, invite: await invite(id, false) };
      };

      ctx.progress(
        `contact list invite: one warm-up, then ${RUNS} runs of a check and an invitation of ${MEMBERS} members`,
      );
      const warm = await run(0);
      const times: { check: number; invite: number }[] = [];
      for (let n = 1; n <= RUNS; n++) {
        times.push(await run(n));
        ctx.progress(`contact list invite: run ${n}: ${ms(times[n - 1]?.invite ?? Number.NaN)}`);
      }
      const { rows: queued } = await ctx.rt.pool.query<{ n: number }>(
        `select count(*)::int as n from invitations
         where campaign_id = any($1::uuid[]) and state = 'queued' and due_at is not null`,
        [campaignIds],
      );
      const invites = times.map((t) => t.invite);
      const checks = times.map((t) => t.check);
      const mid = median(invites);
      const midCheck = median(checks);
      const figures: Figure[] = [
        {
          label: `contact list invite, ${MEMBERS} members, median answer`,
          measured: ms(mid),
          target: `< ${TARGET_MS} ms`,
          met: mid < TARGET_MS,
        },
      ];
      const rows = times.map((t, i) => [String(i + 1), ms(t.check), ms(t.invite)]);
      rows.push(
        ['median', ms(midCheck), ms(mid)],
        ['min', ms(Math.min(...checks)), ms(Math.min(...invites))],
        ['max', ms(Math.max(...checks)), ms(Math.max(...invites))],
      );
      return {
        report: [
          `POST /api/campaign/{id}/contactlist: one list of ${MEMBERS} members (seeded in ${(seedMs / 1000).toFixed(1)} s), each run on a`,
          'fresh running campaign: first callForCheck (what it would do), then the invitation; time until the answer',
          `is read. ${RUNS} runs after one warm-up (check ${ms(warm.check)}, invitation ${ms(warm.invite)}), one after another.`,
          `${queued[0]?.n ?? 0} invitations queued with their mail jobs (not waited for).`,
          '',
          formatTable(['run', 'check', 'invitation'], rows, 1),
        ].join('\n'),
        summary: `contact list invite of ${MEMBERS} members: median ${ms(mid)} (${ms(Math.min(...invites))}–${ms(Math.max(...invites))}), its check ${ms(midCheck)}`,
        figures,
      };
    } finally {
      ctx.progress('contact list invite: removing the campaigns, invitations, mail jobs, list and contacts');
      const { pool } = ctx.rt;
      // The mail jobs first (they name the invitations), then the campaigns with their invitations.
      await pool.query(
        `delete from pgboss.job where name = $1 and data->>'invitationId' in
           (select id::text from invitations where campaign_id = any($2::uuid[]))`,
        [INVITATION_MAIL_JOB, campaignIds],
      );
      await pool.query('delete from campaigns where id = any($1::uuid[])', [campaignIds]);
      await pool.query('delete from contact_lists where manufacturer_id = $1 and name = $2', [
        ctx.owner.manufacturerId,
        LIST_NAME,
      ]);
      await pool.query('delete from contacts where manufacturer_id = $1 and email like $2', [
        ctx.owner.manufacturerId,
        `%@${DOMAIN}`,
      ]);
      // The calls reserved mail slots hours ahead; a shared database's real invitations must not wait.
      if (pace[0]) {
        await pool.query("update mail_pace set next_at = $1 where name = 'invitations'", [pace[0].next_at]);
      } else await pool.query("delete from mail_pace where name = 'invitations'");
      // So autovacuum does not clean up the dead rows while the next scenario runs.
      await pool.query(
        'vacuum (analyze) contacts, contact_lists, contact_list_members, invitations, campaigns, pgboss.job',
      );
    }
  },
};
