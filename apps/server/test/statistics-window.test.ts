import { api, type CampaignStatistics } from '@parley/contract';
import { eq } from 'drizzle-orm';
import { PDFParse } from 'pdf-parse';
import { beforeAll, describe, expect, it } from 'vitest';
import { createTestClock } from '../src/lib/clock.js';
import { campaigns } from '../src/modules/campaigns/campaigns.tables.js';
import { manufacturers } from '../src/modules/owner/owner.tables.js';
import type { Session } from './campaign-api.js';
import { insertCampaign, setManufacturerLimits } from './fixtures.js';
import { ownerSession, useTestApp } from './helpers.js';

/**
 * The statistics' and the PDF's window when none is asked (docs/product-decisions.md, "Results and
 * statistics"): the campaign's own days, at most the last 90, in the manufacturer's time zone.
 */
const now = new Date('2030-01-15T03:00:00Z'); // still the 14th in New York
const clock = createTestClock(now);
const ctx = useTestApp({}, { clock });
const day = 86_400_000;

let owner: Session;

/** A campaign of `state` started (and ended) at the given times. */
const campaign = async (
  state: 'draft' | 'running' | 'ended',
  startedAt: Date | null,
  endedAt: Date | null = null,
) => {
  const c = await insertCampaign(ctx.rt, owner.manufacturerId, { state });
  await ctx.rt.db.update(campaigns).set({ startedAt, endedAt }).where(eq(campaigns.id, c.id));
  return c.id;
};

const statistics = async (id: string, query: { daysNumber?: number } = {}) => {
  const res = await owner.api(api.results.statistics, { params: { id }, query });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as CampaignStatistics;
};

beforeAll(async () => {
  owner = await ownerSession(ctx);
  await ctx.rt.db
    .update(manufacturers)
    .set({ timeZone: 'America/New_York' })
    .where(eq(manufacturers.id, owner.manufacturerId));
});

describe('the default statistics window', () => {
  it('is the one day of a campaign started today, in the maker’s time zone', async () => {
    // 01:00 UTC on the 15th is the evening of the 14th in New York: today there.
    const id = await campaign('running', new Date('2030-01-15T01:00:00Z'));
    const s = await statistics(id);
    expect(s).toMatchObject({ from: '2030-01-14', to: '2030-01-14', daysNumber: 1 });
    expect(s.perDay.map((d) => d.date)).toEqual(['2030-01-14']);
  });

  it('runs from the start to the end of an ended campaign', async () => {
    const id = await campaign('ended', new Date(now.getTime() - 10 * day), new Date(now.getTime() - 3 * day));
    const s = await statistics(id);
    expect(s).toMatchObject({ from: '2030-01-04', to: '2030-01-11', daysNumber: 8 });
    expect(s.perDay).toHaveLength(8);
  });

  it('is at most the last 90 days, to today or to the end', async () => {
    const long = await campaign('running', new Date(now.getTime() - 200 * day));
    expect(await statistics(long)).toMatchObject({ from: '2029-10-17', to: '2030-01-14', daysNumber: 90 });
    const endedLong = await campaign(
      'ended',
      new Date(now.getTime() - 300 * day),
      new Date(now.getTime() - 100 * day),
    );
    expect(await statistics(endedLong)).toMatchObject({
      from: '2029-07-09',
      to: '2029-10-06',
      daysNumber: 90,
    });
  });

  it('keeps the last 90 days for a campaign never started, and an asked window ends today', async () => {
    const draft = await campaign('draft', null);
    expect(await statistics(draft)).toMatchObject({ from: '2029-10-17', to: '2030-01-14', daysNumber: 90 });
    const today = await campaign('running', new Date(now.getTime() - 60_000));
    expect(await statistics(today, { daysNumber: 7 })).toMatchObject({
      from: '2030-01-08',
      to: '2030-01-14',
      daysNumber: 7,
    });
  });

  it("draws the PDF report's answers per day over the campaign's own days", async () => {
    await setManufacturerLimits(ctx.rt, owner.manufacturerId, { canExport: true });
    const id = await campaign('running', new Date(now.getTime() - 5 * day));
    const res = await owner.api(api.results.pdf, { params: { id } });
    expect(res.statusCode, res.body.slice(0, 200)).toBe(200);
    const parser = new PDFParse({ data: new Uint8Array(res.rawPayload) });
    const { text } = await parser.getText();
    await parser.destroy();
    // The chart's first day is the start (the 9th in New York), not 90 days back (10/17/2029).
    expect(text).toContain('01/09/2030');
    expect(text).not.toContain('10/17/2029');
    // Its heading names the window it draws, not "last n days" (a window may end on the campaign's end).
    expect(text).toMatch(/\(01\/09\/2030 – \d\d\/\d\d\/2030\)/);
    expect(text).not.toMatch(/last \d+ days/);
  });
});
