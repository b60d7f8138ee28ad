import { readdir } from 'node:fs/promises';
import pg from 'pg';
import {
  accessLogLines,
  databaseUrl,
  haproxyVerdicts,
  instancesTakenOut,
  readState,
  recordFigures,
  requestsPerSlot,
  startInstance,
  startLoad,
  stopInstance,
  waitUntil,
} from '../cluster';
import { expect, ownerToken, runningCampaign, test } from '../fixtures';

/**
 * The cluster the browser flows ran on (global-setup.ts): the flows were spread over every
 * instance, and an instance killed in the middle of a mass invitation costs neither a mail nor a
 * request (docs/operations.md, "Several instances behind a load balancer").
 */

test('the browser flows were spread over every instance behind nginx', async () => {
  test.skip(
    process.env.E2E_SCALE_OUT_ONLY === '1',
    'the flows did not run in this run (E2E_SCALE_OUT_ONLY=1)',
  );
  const state = readState();
  const served = requestsPerSlot(state);
  recordFigures(state, 'flows: requests per instance', served);
  expect(Object.keys(served.bySlot).sort()).toEqual(state.slots.map((s) => `instance ${s.slot}`).sort());
  for (const s of state.slots) expect(served.bySlot[`instance ${s.slot}`]).toBeGreaterThan(served.total / 10);
  expect(served.failed).toBe(0);
});

test('an instance killed in the middle of a mass invitation: the others mail every invitation once, and no request fails', async ({
  request,
  owner,
}) => {
  test.setTimeout(300_000);
  const state = readState();
  const baseUrl = state.baseUrl;
  const campaignId = await runningCampaign(request, owner, 'Scale-out: the mass invitation');
  const token = await ownerToken(request, owner);
  const stamp = Date.now().toString(36);
  const emails = Array.from({ length: 1000 }, (_, i) => `failover-${stamp}-${i}@e2e.parley.test`);
  // As the console sends a long list: 500 addresses a call.
  for (let i = 0; i < emails.length; i += 500) {
    const invited = await request.post('/api/contact', {
      headers: { 'x-auth-token': token },
      data: { emails: emails.slice(i, i + 500), campaignIds: [campaignId] },
    });
    expect(invited.status(), await invited.text()).toBe(200);
    expect((await invited.json()).invitations).toBe(500);
  }

  /** Mails per address of this test, from the mail server every instance sends to. */
  const mailed = async () => {
    const perAddress = new Map<string, number>();
    for (const f of await readdir(state.mailDir)) {
      const to = /-(failover-[^-]+-\d+@e2e\.parley\.test)\.eml$/.exec(f)?.[1];
      if (to?.includes(stamp)) perAddress.set(to, (perAddress.get(to) ?? 0) + 1);
    }
    return perAddress;
  };
  const db = new pg.Client({ connectionString: databaseUrl(state) });
  await db.connect();
  let load: ReturnType<typeof startLoad> | undefined;
  try {
    const states = async () => {
      const { rows } = await db.query<{ state: string; n: number }>(
        'select state, count(*)::int as n from invitations where campaign_id = $1 group by state',
        [campaignId],
      );
      return Object.fromEntries(rows.map((r) => [r.state, r.n])) as Record<string, number>;
    };

    await waitUntil(async () => (await mailed()).size >= 150, 120_000, 'the first 150 invitation mails');
    // Reads go on through the balancer while the instance dies.
    load = startLoad([
      {
        name: 'GET campaign',
        expect: 200,
        call: () => fetch(`${baseUrl}/api/campaign/${campaignId}`, { headers: { 'x-auth-token': token } }),
      },
      { name: 'GET survey', expect: 200, call: () => fetch(`${baseUrl}/api/public/campaign/${campaignId}`) },
      {
        name: 'GET survey (HAProxy)',
        expect: 200,
        call: () => fetch(`${state.haproxyUrl}/api/public/campaign/${campaignId}`),
      },
    ]);
    const victim = state.slots[1]?.slot ?? 2;
    const atKill = (await mailed()).size;
    const takenOutBefore = instancesTakenOut(state);
    const haproxyMark = haproxyVerdicts(state.haproxyLog).length;
    await stopInstance(state, victim, 'SIGKILL');
    const killedAt = new Date();
    // What nginx logs from here on was answered after the instance was gone.
    const fromLine = accessLogLines(state);
    // The instances left go on with the queued mails, until only those the killed one had fetched
    // are left: no new mail for five seconds.
    let last = atKill;
    let still = Date.now();
    await waitUntil(
      async () => {
        const now = (await mailed()).size;
        if (now !== last) [last, still] = [now, Date.now()];
        return now === 1000 || Date.now() - still > 5_000;
      },
      180_000,
      'the other instances to send what they can',
    );
    const mailedBySurvivors = last - atKill;
    // What is left is what the killed instance held: fetched jobs (their invitations still queued) and
    // the one mail it was sending (its claim still `sending`).
    const leftToTheSweep = await states();
    const duringKill = await load.stop();
    const servedAfterKill = requestsPerSlot(state, { fromLine });
    const nginxTookItOut = instancesTakenOut(state) - takenOutBefore;

    // The jobs the killed instance had fetched come back by themselves once their 40 s claim has
    // expired (docs/product-decisions.md, "Jobs after a crash"): nothing is moved back or queued here.
    await waitUntil(
      async () => {
        const s = await states();
        return (s.queued ?? 0) === 0 && (s.sending ?? 0) === 0;
      },
      180_000,
      'every invitation to be settled',
    );
    const settledSecondsAfterKill = Math.round((Date.now() - killedAt.getTime()) / 1000);
    const final = await states();
    const perAddress = await mailed();
    const twice = [...perAddress].filter(([, n]) => n > 1);

    recordFigures(state, 'failover: mass invitation of 1,000, one instance SIGKILLed', {
      mailedBeforeKill: atKill,
      mailedAfterKillBeforeSweep: mailedBySurvivors,
      leftToTheSweep: { queued: leftToTheSweep.queued ?? 0, sending: leftToTheSweep.sending ?? 0 },
      settledSecondsAfterKill,
      mailedInTheEnd: perAddress.size,
      states: final,
      mailedTwice: twice.length,
      readsDuringKill: duringKill.counts,
      readsRefused: duringKill.refused.length,
      nginxAfterKill: servedAfterKill,
      nginxTookAnInstanceOut: nginxTookItOut,
      haproxyVerdicts: haproxyVerdicts(state.haproxyLog)
        .slice(haproxyMark)
        .map((v) => v.text),
    });
    // The kill came in the middle of the job, and the others carried on with it.
    expect(atKill).toBeLessThan(900);
    expect(mailedBySurvivors).toBeGreaterThan(0);
    // Nothing twice.
    expect(twice).toEqual([]);
    // Nothing lost: every invitation mailed, or failed (the one mail the kill cut off mid-send) for the owner to re-send.
    expect((final.sent ?? 0) + (final.failed ?? 0)).toBe(1000);
    expect(final.failed ?? 0).toBeLessThanOrEqual(1);
    expect(perAddress.size).toBeGreaterThanOrEqual(final.sent ?? 0);
    // nginx passed every read on to an instance still there.
    expect(duringKill.refused).toEqual([]);
    expect(duringKill.total).toBeGreaterThan(20);
    // nginx saw the instance gone and took it out; after the kill it sent nothing to it that it did not pass on.
    expect(nginxTookItOut).toBeGreaterThan(0);
    // HAProxy's check found it gone too.
    expect(
      haproxyVerdicts(state.haproxyLog)
        .slice(haproxyMark)
        .some((v) => v.server === victim && v.verdict === 'DOWN'),
    ).toBe(true);
    expect(servedAfterKill.bySlot[`instance ${victim}`] ?? 0).toBe(0);
  } finally {
    await load?.stop();
    await db.end();
  }
  // Back to full strength for the rolling restart, once HAProxy has let the instance in again.
  const restarted = state.slots[1]?.slot ?? 2;
  const upMark = haproxyVerdicts(state.haproxyLog).length;
  await startInstance(state, restarted);
  await waitUntil(
    () =>
      haproxyVerdicts(state.haproxyLog)
        .slice(upMark)
        .some((v) => v.server === restarted && v.verdict === 'UP'),
    20_000,
    'HAProxy to let instance 2 in',
  );
});
