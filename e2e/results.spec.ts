import { randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { APIRequestContext, Browser, Download, Locator, Page } from '@playwright/test';
import { expect, expectAccessible, type Owner, ownerToken, runAdmin, signIn, test } from './fixtures';

/**
 * Results and statistics end to end (D23, docs/product-decisions.md "Results and statistics"): an
 * owner with exports runs a survey, three people answer it through the open link, and the owner reads
 * the dashboard, the statistics and the results, downloads the XLSX and the PDF, ends the campaign,
 * shares its results through a secret link a signed-out visitor opens, and withdraws the link.
 */

// read-excel-file is the server's dev dependency (its tests read the XLSX with it): required from
// there, so this spec resolves it as the server does and adds no dependency of its own.
const serverRequire = createRequire(
  path.resolve(import.meta.dirname, '..', 'apps', 'server', 'package.json'),
);
type Sheet = { sheet: string; data: unknown[][] };
const readXlsxFile = (
  serverRequire('read-excel-file/node') as { default: (file: string) => Promise<unknown> }
).default;

type QuestionSpec = { type: 'SingleChoice' | 'MultiChoice' | 'FreeText'; text: string; options?: string[] };

const colour: QuestionSpec = {
  type: 'SingleChoice',
  text: 'Which colour is your bike?',
  options: ['Crimson', 'Navy', 'Olive'],
};
const parts: QuestionSpec = {
  type: 'MultiChoice',
  text: 'Which parts need care?',
  options: ['Brakes', 'Chain', 'Tyres'],
};
const remarks: QuestionSpec = { type: 'FreeText', text: 'Anything else?' };

/** The wait for a page or a panel to load and show its data (the console's own chunks, then its calls). */
const loaded = { timeout: 30_000 };

/** A stamp keeps this test's addresses apart from every other test's on the shared server. */
const stamp = randomUUID().slice(0, 8);

/** The three participants and what each answers (oldest first, as the XLSX lists them). */
const participants = [
  {
    email: `ann-${stamp}@e2e.parley.test`,
    colour: 'Crimson',
    parts: ['Brakes', 'Chain'],
    remark: 'The saddle squeaks.',
  },
  {
    email: `ben-${stamp}@e2e.parley.test`,
    colour: 'Crimson',
    parts: ['Chain'],
    remark: 'Love the new bell.',
  },
  {
    email: `cleo-${stamp}@e2e.parley.test`,
    colour: 'Navy',
    parts: ['Chain', 'Tyres'],
    remark: 'Grips wear out fast.',
  },
];

/** The campaign, made and started through the API with the owner's token, as the console would. */
const runningSurvey = async (request: APIRequestContext, owner: Owner, title: string) => {
  const headers = { 'x-auth-token': await ownerToken(request, owner) };
  const call = async (url: string, data?: unknown) => {
    const res = await request.post(`/api${url}`, { headers, ...(data === undefined ? {} : { data }) });
    expect(res.ok(), `POST ${url}: ${res.status()} ${await res.text()}`).toBe(true);
    return res.json() as Promise<{ _id: string }>;
  };
  const campaign = await call('/campaign', { title });
  for (const q of [colour, parts, remarks]) {
    await call(`/campaign/${campaign._id}/question`, {
      type: q.type,
      text: q.text,
      options: (q.options ?? []).map((text) => ({ text })),
    });
  }
  await call(`/campaign/${campaign._id}/start`);
  return campaign._id;
};

/** Today in the manufacturer's time zone (Europe/Berlin unless the operator set another), as the console writes it. */
const todayInBerlin = () => {
  const [year, month, day] = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Berlin' })
    .format(new Date())
    .split('-');
  return `${month}/${day}/${year}`;
};

/** One person answers the survey through the open link, in a browser of their own (signed out). */
const answerSurvey = async (
  browser: Browser,
  baseURL: string,
  link: string,
  who: (typeof participants)[number],
) => {
  const context = await browser.newContext({ baseURL, locale: 'en-US' });
  const survey = await context.newPage();
  await survey.goto(link);
  await survey.getByRole('textbox', { name: /^Email address/ }).waitFor(loaded);
  await survey.getByRole('textbox', { name: /^Email address/ }).fill(who.email);
  await survey.getByRole('button', { name: 'Start the survey' }).click();
  await expect(survey.getByRole('heading', { name: colour.text })).toBeVisible(loaded);
  await survey.getByRole('radio', { name: who.colour }).check();
  await survey.getByRole('button', { name: 'Next' }).click();
  await expect(survey.getByRole('heading', { name: parts.text })).toBeVisible();
  for (const part of who.parts) await survey.getByRole('checkbox', { name: part }).check();
  await survey.getByRole('button', { name: 'Next' }).click();
  await expect(survey.getByRole('heading', { name: remarks.text })).toBeVisible();
  await survey.getByRole('textbox').fill(who.remark);
  await survey.getByRole('button', { name: 'Send answers' }).click();
  await expect(survey.getByRole('heading', { name: 'Thank you!' })).toBeVisible(loaded);
  await context.close();
};

/** A figure of a list of terms (`dt`, then its `dd`): its value, by its exact label. */
const figure = (scope: Page | Locator, label: string) =>
  scope.locator('dt', { hasText: new RegExp(`^${label}$`) }).locator('xpath=following-sibling::dd[1]');

/** A bar of a choice question's chart: "label: count, · share" as a screen reader reads it. */
const bar = (question: Locator, option: string) =>
  question.getByRole('listitem').filter({ hasText: new RegExp(`^${option}:`) });

const downloaded = async (page: Page, button: string): Promise<{ download: Download; file: string }> => {
  const [download] = await Promise.all([
    page.waitForEvent('download', loaded),
    page.getByRole('button', { name: button }).click(),
  ]);
  const file = await download.path();
  expect(file, `the file of "${button}"`).toBeTruthy();
  return { download, file: file as string };
};

test('an owner reads the results and statistics, exports them and shares them through a secret link', async ({
  page,
  owner,
  browser,
  baseURL,
}) => {
  // Three participants, two downloads, a shared page and a screen check at each step: a long flow,
  // and on a busy two-core machine (a benchmark or another suite beside it) a page load can take
  // half a minute: the test and each wait for a page (`loaded`) get room for that.
  test.setTimeout(300_000);
  await runAdmin('manufacturer:set', '--manufacturer-id', owner.manufacturerId, '--set', 'canExport=true');
  // The survey itself is made through the API (campaigns.spec.ts builds one in the console).
  const title = `Bike survey ${stamp}`;
  const campaignId = await runningSurvey(page.request, owner, title);

  // Three participants, each in a signed-out browser of their own.
  const dayBefore = todayInBerlin();
  for (const who of participants) await answerSurvey(browser, baseURL as string, `/p/c/${campaignId}`, who);
  const dayAfter = todayInBerlin();

  // The dashboard lists the running campaign with its answers.
  await page.goto('/login');
  await signIn(page, owner);
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible(loaded);
  const running = page.getByRole('region', { name: 'Running campaigns' });
  const card = running.getByRole('listitem').filter({ has: page.getByRole('link', { name: title }) });
  await expect(figure(card, 'Answers')).toHaveText('3', loaded);
  await expect(figure(card, 'Last 7 days')).toHaveText('3');
  await expectAccessible(page, 'the dashboard with a running campaign');
  // Its title leads to the campaign's statistics.
  await card.getByRole('link', { name: title }).click();
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible(loaded);
  await expect(page.getByRole('tab', { name: 'Statistics', selected: true })).toBeVisible();

  // Statistics: three answers, all of them today (unless the day turned while they were given).
  const figures = page.getByRole('group', { name: 'The campaign in figures' });
  await expect(figure(figures, 'Answers')).toHaveText('3', loaded);
  await expect(figure(figures, 'Answers by open link')).toHaveText('3');
  await expect(figure(figures, 'Answers by invitation')).toHaveText('0');
  const perDay = page.getByRole('table', { name: 'Answers per day' });
  // The campaign's own days: it started today (a second day, should the day turn during the test).
  await expect(perDay.getByRole('row')).toHaveCount(dayBefore === dayAfter ? 2 : 3);
  const today = perDay.getByRole('row').last();
  await expect(today.getByRole('rowheader')).toHaveText(dayAfter);
  if (dayBefore === dayAfter) await expect(today.getByRole('cell')).toHaveText('3');
  await expect(page.getByText(/^3 answers from /)).toBeVisible();
  await expectAccessible(page, 'the statistics tab');

  // Results: each question's counts and shares (of the participants who answered it).
  await page.getByRole('tab', { name: 'Results' }).click();
  await expect(page.getByText('3 tickets in the filter')).toBeVisible(loaded);
  const single = page.getByRole('region', { name: `1. ${colour.text}` });
  await expect(single.getByText('Answered: 3 · Skipped: 0')).toBeVisible();
  await expect(bar(single, 'Crimson')).toHaveText(/^Crimson:\s*2,\s*·\s*66\.7%$/);
  await expect(bar(single, 'Navy')).toHaveText(/^Navy:\s*1,\s*·\s*33\.3%$/);
  await expect(bar(single, 'Olive')).toHaveText(/^Olive:\s*0,\s*·\s*0%$/);
  const multi = page.getByRole('region', { name: `2. ${parts.text}` });
  await expect(bar(multi, 'Brakes')).toHaveText(/^Brakes:\s*1,\s*·\s*33\.3%$/);
  await expect(bar(multi, 'Chain')).toHaveText(/^Chain:\s*3,\s*·\s*100%$/);
  await expect(bar(multi, 'Tyres')).toHaveText(/^Tyres:\s*1,\s*·\s*33\.3%$/);
  const free = page.getByRole('region', { name: `3. ${remarks.text}` });
  const answers = free.getByRole('list', { name: 'Answers' }).getByRole('listitem');
  // Newest first.
  await expect(answers).toHaveCount(3, loaded);
  await expect(answers.nth(0)).toContainText('Grips wear out fast.');
  await expect(answers.nth(1)).toContainText('Love the new bell.');
  await expect(answers.nth(2)).toContainText('The saddle squeaks.');
  await expectAccessible(page, 'the results tab');

  // The search asks the server once typing pauses: only the match is left.
  await free.getByRole('searchbox', { name: 'Search the answers' }).fill('saddle');
  await expect(free.getByText('1 answer, newest first')).toBeVisible();
  await expect(answers).toHaveCount(1);
  await expect(answers.first()).toContainText('The saddle squeaks.');
  await free.getByRole('searchbox', { name: 'Search the answers' }).fill('');
  await expect(answers).toHaveCount(3);

  // The XLSX: a header row, then one row per ticket, oldest first; a column per question after the
  // ticket's own columns (ticket, participant, email, date, source, archived, rating, tags).
  const xlsx = await downloaded(page, 'Download XLSX');
  expect(xlsx.download.suggestedFilename()).toMatch(/\.xlsx$/);
  const sheets = (await readXlsxFile(xlsx.file)) as Sheet[];
  const rows = sheets[0]?.data ?? [];
  expect(rows).toHaveLength(4);
  expect(rows[0]?.slice(8)).toEqual([colour.text, parts.text, remarks.text]);
  for (const [i, who] of participants.entries()) {
    const row = rows[i + 1] ?? [];
    expect(row[2], `row ${i + 2}: the email`).toBe(who.email);
    expect(row.slice(8), `row ${i + 2}: the answers`).toEqual([who.colour, who.parts.join('; '), who.remark]);
  }

  // The PDF report is a PDF.
  const pdf = await downloaded(page, 'Download PDF report');
  expect(pdf.download.suggestedFilename()).toMatch(/\.pdf$/);
  expect((await readFile(pdf.file)).subarray(0, 5).toString('latin1')).toBe('%PDF-');

  // Only an ended campaign's results can be shared: the owner stops it.
  const share = page.getByRole('region', { name: 'Share results' });
  await expect(share.getByText('Results can be shared once the campaign has ended.')).toBeVisible();
  await expect(share.getByRole('switch', { name: 'Share results publicly' })).toBeDisabled();
  await page.getByRole('button', { name: 'Stop', exact: true }).click();
  await page
    .getByRole('dialog', { name: 'Stop the campaign?' })
    .getByRole('button', { name: 'Stop campaign' })
    .click();
  await expect(page.getByText('Ended', { exact: true }).first()).toBeVisible();

  // Shared with the free-text answers (never who wrote them).
  await share.getByRole('checkbox', { name: 'Include free-text answers (without names)' }).check();
  // The switch shows what the server has saved: it turns on once the link is made.
  await share.getByRole('switch', { name: 'Share results publicly' }).click();
  await expect(share.getByRole('switch', { name: 'Share results publicly' })).toBeChecked();
  await expect(page.getByText('The results are shared through their link.')).toBeVisible();
  const linkField = share.getByRole('textbox', { name: 'Link to the shared results' });
  await expect(linkField).toHaveValue(/\/p\/results\/[^/]+$/);
  const sharedLink = await linkField.inputValue();
  await expectAccessible(page, 'the results tab of an ended, shared campaign');

  // A visitor with the link and no account.
  const visitorContext = await browser.newContext({ locale: 'en-US' });
  const visitor = await visitorContext.newPage();
  await visitor.goto(sharedLink);
  await expect(visitor.getByRole('heading', { level: 1, name: title })).toBeVisible(loaded);
  await expect(figure(visitor, 'Answers')).toHaveText('3');
  const sharedSingle = visitor.getByRole('list', { name: colour.text });
  await expect(bar(sharedSingle, 'Crimson')).toHaveText(/^Crimson:\s*2,\s*·\s*67%$/);
  await expect(bar(sharedSingle, 'Navy')).toHaveText(/^Navy:\s*1,\s*·\s*33%$/);
  const sharedMulti = visitor.getByRole('list', { name: parts.text });
  await expect(bar(sharedMulti, 'Chain')).toHaveText(/^Chain:\s*3,\s*·\s*100%$/);
  for (const who of participants) await expect(visitor.getByText(who.remark)).toBeVisible();
  const pageText = await visitor.locator('body').innerText();
  expect(pageText).not.toContain('@');
  // Nor hidden in the page's markup.
  const markup = await visitor.content();
  for (const who of participants) expect(markup).not.toContain(who.email);
  await expectAccessible(visitor, 'the shared results page');

  // Withdrawn after a warning (the switch stays on until it is confirmed): the link stops working.
  await share.getByRole('switch', { name: 'Share results publicly' }).click();
  const withdraw = page.getByRole('dialog', { name: 'Stop sharing the results?' });
  await expect(withdraw).toBeVisible();
  await expect(
    share.getByRole('switch', { name: 'Share results publicly', includeHidden: true }),
  ).toBeChecked();
  await expectAccessible(page, 'the stop-sharing dialog');
  await withdraw.getByRole('button', { name: 'Stop sharing' }).click();
  await expect(withdraw).toBeHidden();
  await expect(page.getByText('The results are no longer shared.')).toBeVisible();
  await expect(linkField).toBeHidden();
  await expect(share.getByRole('switch', { name: 'Share results publicly' })).not.toBeChecked();

  await visitor.reload();
  await expect(visitor.getByRole('heading', { name: 'This link no longer works' })).toBeVisible(loaded);
  await expect(visitor.getByText(title)).toHaveCount(0);
  await expectAccessible(visitor, 'the withdrawn shared link');
  await visitorContext.close();
});
