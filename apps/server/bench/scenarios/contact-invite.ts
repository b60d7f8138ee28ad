import { randomBytes } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { contactInviteMax, type InviteReport } from '@parley/contract';
import { median } from '../lib/load.js';
import { formatTable, ms } from '../lib/table.js';
import type { Figure, Scenario } from '../types.js';

/**
 * POST /api/contact with 500 new addresses (the most one call takes) and one running campaign: the
 * time until the owner has the answer, each run with fresh addresses. The invitations and their mail
 * jobs are made in the call's transaction; the mails go out afterwards, paced, and are not waited for
 * (the benchmark's runtime runs no jobs, so here they never go out). It removes what it made and puts
 * the mail pace back.
 */
const RUNS = 7;
const TARGET_MS = 1000;
/** Reserved for examples (RFC 2606): never delivered, should a real worker ever see these jobs. */
const DOMAIN = 'invite.bench.parley.invalid';

export const contactInvite: Scenario = {
  name: 'contact-invite',
  run: async (ctx) => {
    const { rows: pace } = await ctx.rt.pool.query<{ next_at: Date }>(
      "select next_at from mail_pace where name = 'invitations'",
    );
    const { rows: made } = await ctx.rt.pool.query<{ id: string }>(
      `insert into campaigns (manufacturer_id, title, state, has_started)
       values ($1, 'Bench invitations', 'running', true) returning id`,
      [ctx.owner.manufacturerId],
    );
    const campaignId = made[0]?.id;
    if (!campaignId) throw new Error('the running campaign was not made');
    try {
      const invite = async (run: number) => {
        const tag = randomBytes(4).toString('hex');
        const emails = Array.from(
          { length: contactInviteMax },
          (_, i) => `invitee-${run}-${i}-${tag}@${DOMAIN}`,
        );
        const started = performance.now();
        const answer = await fetch(`${ctx.baseUrl}/api/contact`, {
          method: 'POST',
          headers: { 'x-auth-token': ctx.owner.idToken, 'content-type': 'application/json' },
          body: JSON.stringify({ emails, campaignIds: [campaignId] }),
        });
        const report = (await answer.json()) as InviteReport;
        const took = performance.now() - started;
        if (
          answer.status !== 200 ||
          report.invitations !== emails.length ||
          report.newContacts !== emails.length
        )
          throw new Error(
            `POST /api/contact answered ${answer.status}: ${JSON.stringify(report).slice(0, 300)}`,
          );
        return took;
      };
      ctx.progress(
        `contact invite: one warm-up call, then ${RUNS} calls of ${contactInviteMax} new addresses`,
      );
      const warm = await invite(0);
      const times: number[] = [];
      for (let run = 1; run <= RUNS; run++) times.push(await invite(run));
      const { rows: queued } = await ctx.rt.pool.query<{ n: number }>(
        `select count(*)::int as n from invitations where campaign_id = $1 and state = 'queued' and due_at is not null`,
        [campaignId],
      );
      const mid = median(times);
      const figures: Figure[] = [
        {
          label: `contact invite, ${contactInviteMax} new addresses, median answer`,
          measured: ms(mid),
          target: `< ${TARGET_MS} ms`,
          met: mid < TARGET_MS,
        },
      ];
      const rows = times.map((t, i) => [String(i + 1), ms(t)]);
      rows.push(['median', ms(mid)], ['min', ms(Math.min(...times))], ['max', ms(Math.max(...times))]);
      return {
        report: [
          `POST /api/contact: ${contactInviteMax} new addresses each, one running campaign; ${RUNS} calls after one`,
          `warm-up (${ms(warm)}), each with fresh addresses, one after another; time until the answer is read.`,
          `${queued[0]?.n ?? 0} invitations queued with their mail jobs (not waited for).`,
          '',
          formatTable(['call', 'answer'], rows, 1),
        ].join('\n'),
        summary: `contact invite of ${contactInviteMax} new addresses: median ${ms(mid)} (${ms(Math.min(...times))}–${ms(Math.max(...times))})`,
        figures,
      };
    } finally {
      await ctx.rt.pool.query('delete from campaigns where id = $1', [campaignId]);
      await ctx.rt.pool.query('delete from contacts where manufacturer_id = $1 and email like $2', [
        ctx.owner.manufacturerId,
        `%@${DOMAIN}`,
      ]);
      // The calls reserved mail slots minutes ahead; a shared database's real invitations must not wait.
      if (pace[0]) {
        await ctx.rt.pool.query("update mail_pace set next_at = $1 where name = 'invitations'", [
          pace[0].next_at,
        ]);
      } else await ctx.rt.pool.query("delete from mail_pace where name = 'invitations'");
    }
  },
};
