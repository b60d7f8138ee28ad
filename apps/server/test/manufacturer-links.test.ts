import { randomUUID } from 'node:crypto';
import { api } from '@parley/contract';
import { describe, expect, it } from 'vitest';
import { callApi } from './client.js';
import { insertCampaign } from './fixtures.js';
import { ownerSession, readOutbox, useTestApp } from './helpers.js';

// A manufacturer's own privacy-notice and imprint links on its public pages, PRIVACY_URL the
// installation's default (docs/product-decisions.md, "API-wide").
const ctx = useTestApp({ PRIVACY_URL: 'https://parley.example/privacy' });

/** The participant's private ticket link of an answer to the campaign, from its confirmation mail. */
const ticketToken = async (campaignId: string, questionId: string) => {
  const to = `p-${randomUUID()}@example.com`;
  const answered = await callApi(ctx.app, api.participation.submit, {
    params: { id: campaignId },
    body: { email: to, submissionId: randomUUID(), answers: [{ questionId, text: 'Fine.' }] },
  });
  expect(answered.statusCode, answered.body).toBe(201);
  const [mail] = await readOutbox(ctx.rt, (m) => m.to === to && m.links.some((l) => l.includes('/p/t/')));
  return mail?.links.find((l) => l.includes('/p/t/'))?.split('/p/t/')[1] ?? '';
};

const pages = async (manufacturerId: string, campaignId: string, token: string) => {
  const form = await callApi(ctx.app, api.contactRequests.formInfo, { params: { manufacturerId } });
  const survey = await callApi(ctx.app, api.participation.survey, { params: { id: campaignId } });
  const feed = await callApi(ctx.app, api.posts.feed, { params: { manufacturerId } });
  const ticket = await callApi(ctx.app, api.participation.ticket, { params: { token } });
  for (const res of [form, survey, feed, ticket]) expect(res.statusCode, res.body).toBe(200);
  const pick = (v: { privacyUrl: string | null; imprintUrl?: string | null | undefined }) => ({
    privacyUrl: v.privacyUrl,
    imprintUrl: v.imprintUrl ?? null,
  });
  return [pick(form.json()), pick(survey.json()), pick(feed.json().page), pick(ticket.json())];
};

describe("the public pages' privacy-notice and imprint links", () => {
  it("are the installation's until the manufacturer sets its own, and its own only on its pages", async () => {
    const s = await ownerSession(ctx);
    const other = await ownerSession(ctx);
    const c = await insertCampaign(ctx.rt, s.manufacturerId);
    const theirs = await insertCampaign(ctx.rt, other.manufacturerId);
    const token = await ticketToken(c.id, c.questions[0]?.id ?? '');
    const theirToken = await ticketToken(theirs.id, theirs.questions[0]?.id ?? '');
    const installation = { privacyUrl: 'https://parley.example/privacy', imprintUrl: null };
    expect(await pages(s.manufacturerId, c.id, token)).toEqual(Array(4).fill(installation));

    const set = await s.api(api.owner.updateManufacturer, {
      body: { privacyUrl: 'https://acme.example/datenschutz', imprintUrl: 'https://acme.example/impressum' },
    });
    expect(set.statusCode, set.body).toBe(200);
    const own = {
      privacyUrl: 'https://acme.example/datenschutz',
      imprintUrl: 'https://acme.example/impressum',
    };
    expect(await pages(s.manufacturerId, c.id, token)).toEqual(Array(4).fill(own));
    expect(await pages(other.manufacturerId, theirs.id, theirToken)).toEqual(Array(4).fill(installation));

    // Removing its link gives the installation's back.
    await s.api(api.owner.updateManufacturer, { body: { privacyUrl: null } });
    const back = {
      privacyUrl: 'https://parley.example/privacy',
      imprintUrl: 'https://acme.example/impressum',
    };
    expect(await pages(s.manufacturerId, c.id, token)).toEqual(Array(4).fill(back));
  });
});
