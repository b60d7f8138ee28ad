import { randomUUID } from 'node:crypto';
import pg from 'pg';
import {
  accessLogLines,
  databaseUrl,
  haproxyVerdicts,
  instancesTakenOut,
  type LoadCall,
  makeNewerBuild,
  readiness,
  readState,
  recordFigures,
  requestsPerSlot,
  startInstance,
  startLoad,
  stopInstance,
  waitUntil,
} from '../cluster';
import { expect, ownerToken, runningCampaign, signIn, test } from '../fixtures';

/**
 * A rolling upgrade as docs/operations.md ("Deploying") describes it: one instance after another is
 * stopped with SIGTERM (it drains) and replaced by an instance of a newer build, whose start applies
 * a migration while the older instances still serve. Meanwhile owners read, participants answer and
 * pages load through nginx and through HAProxy: none of it may be refused, every answer accepted is
 * stored, and HAProxy takes each instance out on its readiness before the instance closes.
 */
test('a rolling restart onto a newer build with a migration refuses no request', async ({
  request,
  owner,
  page,
}) => {
  test.setTimeout(300_000);
  const state = readState();
  const baseUrl = state.baseUrl;
  const newer = makeNewerBuild(state.runDir);
  const campaignId = await runningCampaign(request, owner, 'Scale-out: the rolling restart');
  const token = await ownerToken(request, owner);
  const survey = await request.get(`/api/public/campaign/${campaignId}`);
  expect(survey.status()).toBe(200);
  const questionId = ((await survey.json()) as { questions: { _id: string }[] }).questions[0]?._id;
  expect(questionId).toBeDefined();

  const db = new pg.Client({ connectionString: databaseUrl(state) });
  await db.connect();
  let load: ReturnType<typeof startLoad> | undefined;
  try {
    const applied = async () =>
      (await db.query<{ n: number }>('select count(*)::int as n from drizzle.__drizzle_migrations')).rows[0]
        ?.n ?? 0;
    const migrationsBefore = await applied();
    let visitor = 0;
    const stamp = Date.now().toString(36);
    // The same calls through both balancers: nginx (deploy/nginx/parley.conf) and HAProxy
    // (deploy/haproxy/parley.cfg, which polls readiness).
    const through = (base: string, balancer: string): LoadCall[] => [
      {
        name: `owner reads the campaign (${balancer})`,
        expect: 200,
        call: () => fetch(`${base}/api/campaign/${campaignId}`, { headers: { 'x-auth-token': token } }),
      },
      {
        name: `participant answers (${balancer})`,
        expect: 201,
        call: () => {
          // Each answer from another visitor (the answer limit counts per client address).
          visitor++;
          return fetch(`${base}/api/public/campaign/${campaignId}/answer`, {
            method: 'POST',
            headers: {
              'content-type': 'application/json',
              'x-forwarded-for': `198.51.${Math.floor(visitor / 250) % 250}.${visitor % 250}`,
            },
            body: JSON.stringify({
              email: `visitor-${visitor}-${stamp}@e2e.parley.test`,
              submissionId: randomUUID(),
              answers: [{ questionId, text: `Answer ${visitor} during the upgrade.` }],
            }),
          });
        },
      },
      { name: `survey page (${balancer})`, expect: 200, call: () => fetch(`${base}/p/c/${campaignId}`) },
      { name: `console page (${balancer})`, expect: 200, call: () => fetch(`${base}/campaigns`) },
    ];
    load = startLoad([...through(baseUrl, 'nginx'), ...through(state.haproxyUrl, 'HAProxy')]);
    const fromLine = accessLogLines(state);
    const takenOutBefore = instancesTakenOut(state);
    const haproxyMark = haproxyVerdicts(state.haproxyLog).length;
    const steps: { slot: number; drainMs: number; readyMs: number; olderStillReady: number[] }[] = [];
    for (const { slot } of state.slots) {
      const stepMark = haproxyVerdicts(state.haproxyLog).length;
      const drained = await stopInstance(state, slot, 'SIGTERM');
      const t0 = Date.now();
      await startInstance(state, slot, { cwd: newer.cwd });
      const readyMs = Date.now() - t0;
      // As an operator behind HAProxy does: on to the next instance once the balancer let this one in.
      await waitUntil(
        () =>
          haproxyVerdicts(state.haproxyLog)
            .slice(stepMark)
            .some((v) => v.server === slot && v.verdict === 'UP'),
        20_000,
        `HAProxy to let instance ${slot} in`,
      );
      // The older instances still serve after the newer one migrated: they are ready, and they answer.
      const older = readState().instances.filter((i) => i.cwd !== newer.cwd);
      const olderStillReady = await Promise.all(older.map((i) => readiness(i.port)));
      expect(olderStillReady.every((s) => s === 200)).toBe(true);
      steps.push({ slot, drainMs: drained.ms, readyMs, olderStillReady });
    }
    // A moment on the new build alone, then the load's tally.
    await new Promise((r) => setTimeout(r, 2000));
    const result = await load.stop();
    const served = requestsPerSlot(state, { fromLine });
    const verdicts = haproxyVerdicts(state.haproxyLog).slice(haproxyMark);
    // Per instance: taken out on its readiness 503 (draining), and its newer instance let in.
    const outOnDraining = state.slots.filter(({ slot }) =>
      verdicts.some((v) => v.server === slot && v.verdict === 'DOWN' && v.text.includes('code: 503')),
    ).length;
    const letIn = state.slots.filter(({ slot }) =>
      verdicts.some((v) => v.server === slot && v.verdict === 'UP'),
    ).length;

    const migrationsAfter = await applied();
    const column = await db.query(
      `select 1 from information_schema.columns where table_name = 'campaigns' and column_name = 'upgrade_check_note'`,
    );
    const stored = await db.query<{ n: number }>(
      'select count(*)::int as n from campaign_tickets where campaign_id = $1',
      [campaignId],
    );
    recordFigures(state, 'rolling restart onto a newer build with a migration', {
      steps,
      requests: result.total,
      answered: result.counts,
      refused: result.refused.length,
      refusedFirst: result.refused.slice(0, 5),
      nginx: served,
      nginxTookAnInstanceOut: instancesTakenOut(state) - takenOutBefore,
      haproxyTookOutOnItsDrainingReadiness: outOnDraining,
      haproxyLetTheNewerOneIn: letIn,
      haproxyVerdicts: verdicts.map((v) => v.text.replace(/, check duration.*/, '')),
      ticketsStored: stored.rows[0]?.n,
      migrationsBefore,
      migrationsAfter,
    });
    expect(result.refused).toEqual([]);
    expect(result.total).toBeGreaterThan(100);
    // The newer build's migration ran once, while older instances served.
    expect(migrationsAfter).toBe(migrationsBefore + 1);
    expect(column.rowCount).toBe(1);
    // Every answer accepted is stored.
    expect(stored.rows[0]?.n).toBe(
      (result.counts['participant answers (nginx)'] ?? 0) +
        (result.counts['participant answers (HAProxy)'] ?? 0),
    );
    // HAProxy took each draining instance out on its readiness 503, before it closed its socket, and
    // let each newer one in.
    expect(outOnDraining).toBe(state.slots.length);
    expect(letIn).toBe(state.slots.length);
    expect(served.failed).toBe(0);
  } finally {
    await load?.stop();
    await db.end();
  }

  // The console on the newer build, as a person uses it.
  await page.goto('/');
  await signIn(page, owner);
  await page.getByRole('link', { name: 'Campaigns', exact: true }).click();
  await expect(page.getByText('Scale-out: the rolling restart')).toBeVisible();
});
