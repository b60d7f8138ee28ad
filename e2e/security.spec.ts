import type { APIRequestContext, Page } from '@playwright/test';
import { expect, scrollUntilVisible, signIn, test } from './fixtures';

/**
 * The console and the public survey page work under the server's Content-Security-Policy: every
 * violation the browser reports (console message or `securitypolicyviolation` event) fails the test.
 */

/** Collects the page's CSP violations; the event listener is installed before any page script runs. */
const watchViolations = async (page: Page) => {
  const violations: string[] = [];
  page.on('console', (msg) => {
    if (/content security policy|securitypolicyviolation/i.test(msg.text())) violations.push(msg.text());
  });
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (e) => {
      console.error(
        `securitypolicyviolation: ${e.violatedDirective} blocked ${e.blockedURI} at ${e.sourceFile}:${e.lineNumber}:${e.columnNumber}`,
      );
    });
  });
  return violations;
};

/** A running campaign with a choice question, made through the API as the owner. */
const runningCampaign = async (request: APIRequestContext, owner: { email: string; password: string }) => {
  const signedIn = await request.post('/identity/sign-in', {
    data: { email: owner.email, password: owner.password },
  });
  expect(signedIn.status()).toBe(200);
  const headers = { 'x-auth-token': (await signedIn.json()).idToken as string };
  const created = await request.post('/api/campaign', { headers, data: { title: 'Policy check' } });
  expect(created.status()).toBe(201);
  const campaign = (await created.json()) as { _id: string };
  const question = await request.post(`/api/campaign/${campaign._id}/question`, {
    headers,
    data: { type: 'SingleChoice', text: 'Does it work?', options: [{ text: 'Yes' }, { text: 'No' }] },
  });
  expect(question.status()).toBe(201);
  expect((await request.post(`/api/campaign/${campaign._id}/start`, { headers })).status()).toBe(200);
  return campaign._id;
};

test('the console and the survey page run under the Content-Security-Policy without a violation', async ({
  page,
  owner,
  browser,
}) => {
  test.slow();
  const violations = await watchViolations(page);

  const login = await page.goto('/login');
  const policy = login?.headers()['content-security-policy'] ?? '';
  expect(policy).toContain("script-src 'self'");
  expect(policy).toContain("frame-ancestors 'none'");
  // The built page has no inline script for the policy to allow (Vite emits module files only).
  const html = await (await page.request.get('/login')).text();
  expect(html).toMatch(/<script[^>]*\bsrc=/);
  expect(html).not.toMatch(/<script(?![^>]*\bsrc=)[^>]*>/);
  await signIn(page, owner);
  await expect(page.getByRole('link', { name: 'Campaigns', exact: true })).toBeVisible();

  const campaignId = await runningCampaign(page.request, owner);
  await page.getByRole('link', { name: 'Campaigns', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Campaigns' })).toBeVisible();
  await page.getByRole('link', { name: 'Policy check' }).first().click();
  await expect(page.getByRole('heading', { level: 1, name: 'Policy check' })).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Survey link' })).toBeVisible();
  await page.getByRole('tab', { name: 'Questions' }).click();
  await expect(page.getByText('Does it work?').first()).toBeVisible();
  for (const tab of ['Participants', 'Results', 'Statistics']) {
    await page.getByRole('tab', { name: tab }).click();
    await expect(page.getByRole('tab', { name: tab, selected: true })).toBeVisible();
  }

  // The participant's page, in a browser of its own.
  const context = await browser.newContext({ locale: 'en-US' });
  const survey = await context.newPage();
  const surveyViolations = await watchViolations(survey);
  await survey.goto(`/p/c/${campaignId}`);
  await survey.getByRole('textbox', { name: /^Email address/ }).fill('csp@e2e.parley.test');
  await survey.getByRole('button', { name: 'Start the survey' }).click();
  await expect(survey.getByRole('heading', { name: 'Does it work?' })).toBeVisible();
  await survey.getByRole('radio', { name: 'Yes' }).check();
  await survey.getByRole('button', { name: 'Send answers' }).click();
  await expect(survey.getByRole('heading', { name: 'Thank you!' })).toBeVisible();

  // The ticket link's page sends no Referer (its path holds the token).
  const ticket = await survey.goto(`/p/t/${'x'.repeat(43)}`);
  expect(ticket?.headers()['referrer-policy']).toBe('no-referrer');
  await context.close();

  expect(violations, violations.join('\n')).toEqual([]);
  expect(surveyViolations, surveyViolations.join('\n')).toEqual([]);

  // The watch itself works: an injected inline script is blocked and reported.
  await page.evaluate(() => {
    const s = document.createElement('script');
    s.textContent = 'window.__injected = true';
    document.head.appendChild(s);
  });
  await expect.poll(() => violations.length).toBeGreaterThan(0);
  expect(await page.evaluate(() => (window as { __injected?: boolean }).__injected)).toBeUndefined();
});

test('the API documentation runs under its own policy without a violation', async ({ page }) => {
  const violations = await watchViolations(page);
  const docs = await page.goto('/api/docs');
  expect(docs?.headers()['content-security-policy']).toContain("frame-ancestors 'none'");
  await expect(page.getByText('Parley API', { exact: false }).first()).toBeVisible();
  await page.mouse.move(400, 400);
  await scrollUntilVisible(page, page.getByText(/owner\/me\/small/));
  expect(violations, violations.join('\n')).toEqual([]);
});
