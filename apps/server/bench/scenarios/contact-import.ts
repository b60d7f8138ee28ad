import { randomBytes } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import type { ContactImport } from '@parley/contract';
import { CONTACT_IMPORT_JOB } from '../../src/modules/imports/index.js';
import { fullGc } from '../lib/memory.js';
import { formatTable, ms } from '../lib/table.js';
import type { BenchContext, Figure, Scenario } from '../types.js';

/**
 * The CSV import of 100,000 rows: POST /api/contact/import (multipart: mapping, campaignIds, then the
 * file), then GET /api/contact/import/:id every 250 ms until the import is done. The benchmark's
 * runtime runs no jobs, so this scenario works the import's queue itself, through pg-boss as the
 * server does (fetched with SKIP LOCKED, polled every 2 s as the server polls): the job runs in this
 * process, next to the routes, so this process's memory is the server's. RSS is sampled every 20 ms
 * from before the upload until the import is done. It removes the imported contacts.
 */
const ROWS = 100_000;
/** One row in 1,000 has an address the import rejects, so rejections are written too. */
const BAD_EVERY = 1000;
const TARGET_SECONDS = 60;
/**
 * "Flat": the import holds its file and one batch at a time, never the rows it has done. The peak
 * RSS over the RSS before (V8's garbage not yet collected counts too), and the JavaScript heap a full
 * collection leaves after the import over the one it left before.
 */
const TARGET_PEAK_MB = 100;
const TARGET_KEPT_MB = 16;
const POLL_MS = 250;
const SAMPLE_MS = 20;
const DOMAIN = 'import.bench.parley.invalid';
const mapping = { email: 'email', firstname: 'firstname', city: 'city' };

const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;
const signedMb = (bytes: number) => `${bytes >= 0 ? '+' : ''}${mb(bytes)}`;

const csvOf = (tag: string) => {
  const cities = ['Hamburg', 'Berlin', 'München', 'Köln', 'Wien', 'Zürich', '', 'Graz'];
  const names = ['Anna', 'Ben', 'Clara', 'David', 'Emma', 'Felix', 'Greta', ''];
  const lines = ['email,firstname,lastname,city'];
  for (let i = 1; i <= ROWS; i++) {
    const email = i % BAD_EVERY === 0 ? `not-an-address-${i}` : `person-${i}-${tag}@${DOMAIN}`;
    lines.push(`${email},${names[i % names.length]},Nachname ${i % 977},${cities[i % cities.length]}`);
  }
  return `${lines.join('\n')}\n`;
};

/** The upload as the console sends it: the fields first, then the file. Its buffers end with it. */
const upload = async (ctx: BenchContext, csv: string) => {
  const form = new FormData();
  form.append('mapping', JSON.stringify(mapping));
  form.append('campaignIds', '[]');
  form.append('file', new Blob([csv], { type: 'text/csv' }), 'bench-contacts.csv');
  const res = await fetch(`${ctx.baseUrl}/api/contact/import`, {
    method: 'POST',
    headers: { 'x-auth-token': ctx.owner.idToken },
    body: form,
  });
  const body = (await res.json()) as ContactImport;
  if (res.status !== 201) throw new Error(`the upload answered ${res.status}: ${JSON.stringify(body)}`);
  return body;
};

export const contactImport: Scenario = {
  name: 'contact-import',
  run: async (ctx) => {
    const boss = ctx.rt.jobs.boss;
    const gc = fullGc();
    let importId: string | undefined;
    let job: { started: number; ended: number } | undefined;
    let sampler: NodeJS.Timeout | undefined;
    try {
      // What the server does with this job when its runtime has workers; pg-boss settles it as there.
      await boss.work<{ importId: string }>(
        CONTACT_IMPORT_JOB,
        { batchSize: 1, pollingIntervalSeconds: 2 },
        async (jobs) => {
          for (const j of jobs) {
            const started = performance.now();
            await ctx.rt.services.imports.run(j.data);
            job = { started, ended: performance.now() };
          }
        },
      );
      let csv: string | undefined = csvOf(randomBytes(4).toString('hex'));
      const fileBytes = Buffer.byteLength(csv);

      gc();
      const before = process.memoryUsage();
      let peak = before;
      sampler = setInterval(() => {
        const m = process.memoryUsage();
        if (m.rss > peak.rss) peak = m;
      }, SAMPLE_MS);

      ctx.progress(`contact import: uploading ${ROWS} rows (${mb(fileBytes)}), then waiting for the job`);
      const started = performance.now();
      let state = await upload(ctx, csv);
      csv = undefined;
      const answered = performance.now();
      importId = state._id;
      while (state.state !== 'done' && state.state !== 'failed') {
        if (performance.now() - started > 10 * 60_000) throw new Error('the import took over 10 minutes');
        await new Promise((resolve) => setTimeout(resolve, POLL_MS));
        const res = await fetch(`${ctx.baseUrl}/api/contact/import/${importId}`, {
          headers: { 'x-auth-token': ctx.owner.idToken },
        });
        state = (await res.json()) as ContactImport;
        if (res.status !== 200)
          throw new Error(`the import answered ${res.status}: ${JSON.stringify(state)}`);
      }
      const done = performance.now();
      clearInterval(sampler);
      if (state.state !== 'done') throw new Error(`the import failed: ${state.error}`);
      const after = process.memoryUsage();
      gc();
      const kept = process.memoryUsage();

      const seconds = (done - started) / 1000;
      const perSecond = state.processedRows / seconds;
      const jobMs = job ? job.ended - job.started : Number.NaN;
      const peakOver = peak.rss - before.rss;
      const heapKept = kept.heapUsed - before.heapUsed;
      const figures: Figure[] = [
        {
          label: `contact import of ${ROWS} rows, upload to done`,
          measured: `${seconds.toFixed(1)} s`,
          target: `< ${TARGET_SECONDS} s`,
          met: seconds < TARGET_SECONDS,
        },
        {
          label: 'contact import peak RSS over RSS before',
          measured: signedMb(peakOver),
          target: `< +${TARGET_PEAK_MB} MB`,
          met: peakOver < TARGET_PEAK_MB * 1024 * 1024,
        },
        {
          label: 'contact import heap kept (after a full GC) over before',
          measured: signedMb(heapKept),
          target: `< +${TARGET_KEPT_MB} MB`,
          met: heapKept < TARGET_KEPT_MB * 1024 * 1024,
        },
      ];
      const mem = (label: string, m: NodeJS.MemoryUsage) => [
        label,
        mb(m.rss),
        mb(m.heapUsed),
        mb(m.heapTotal),
        mb(m.external),
      ];
      return {
        report: [
          `Contact import: a CSV file of ${ROWS} rows (${mb(fileBytes)}; 1 in ${BAD_EVERY} with a bad address), mapping`,
          `${JSON.stringify(mapping)}, no campaigns: ${state.created} created, ${state.updated} updated, ${state.rejected} rejected.`,
          `Upload answered (201) in ${ms(answered - started)}; the job waited ${job ? ms(job.started - answered) : '?'} in the queue`,
          `and ran ${(jobMs / 1000).toFixed(1)} s (${((state.processedRows / jobMs) * 1000).toFixed(0)} rows/s); upload to done seen by polling: ${seconds.toFixed(1)} s, ${perSecond.toFixed(0)} rows/s.`,
          `Memory of this process (the server, its job and the benchmark's client), sampled every ${SAMPLE_MS} ms:`,
          '',
          formatTable(
            ['when', 'RSS', 'heap used', 'heap total', 'external'],
            [
              mem('before the upload (after a full GC)', before),
              mem('at the RSS peak during the import', peak),
              mem('when done', after),
              mem('when done, after a full GC', kept),
            ],
            1,
          ),
        ].join('\n'),
        summary: `contact import of ${ROWS} rows: ${seconds.toFixed(1)} s upload to done (${perSecond.toFixed(0)} rows/s); RSS ${mb(before.rss)} before, ${mb(peak.rss)} at peak`,
        figures,
      };
    } finally {
      clearInterval(sampler);
      await boss.offWork(CONTACT_IMPORT_JOB);
      if (importId) await ctx.rt.pool.query('delete from contact_imports where id = $1', [importId]);
      await ctx.rt.pool.query('delete from contacts where manufacturer_id = $1 and email like $2', [
        ctx.owner.manufacturerId,
        `%@${DOMAIN}`,
      ]);
    }
  },
};
