import type { Browser, Locator, Page } from '@playwright/test';
import { expect, expectAccessible, mailLinks, signIn, test } from './fixtures';

/**
 * Campaigns end to end: an owner builds a survey in the console, starts it, a participant answers
 * it through the open link in a second browser context, and the answer arrives as a ticket.
 */

type QuestionSpec = { type: string; text: string; options?: string[] };

const addQuestion = async (page: Page, q: QuestionSpec) => {
  await page.getByRole('button', { name: 'Add question' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'New question' });
  await dialog.getByRole('combobox', { name: 'Question type' }).selectOption({ label: q.type });
  await dialog.getByRole('textbox', { name: /^Question/ }).fill(q.text);
  if (q.options) await expectAccessible(page, 'the new-question dialog');
  const options = q.options ?? [];
  for (const [i, option] of options.entries()) {
    if (i >= 2) await dialog.getByRole('button', { name: 'Add option' }).click();
    await dialog.getByRole('textbox', { name: `Option ${i + 1}`, exact: true }).fill(option);
  }
  await dialog.getByRole('button', { name: 'Add question' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText(q.text, { exact: false }).first()).toBeVisible();
};

const createCampaign = async (page: Page, title: string, target?: number) => {
  await page.getByRole('link', { name: 'Campaigns', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Campaigns' })).toBeVisible();
  await expectAccessible(page, 'the campaign list');
  await page.getByRole('button', { name: 'New campaign' }).click();
  const dialog = page.getByRole('dialog', { name: 'New campaign' });
  await dialog.getByRole('textbox', { name: /^Title/ }).fill(title);
  await expectAccessible(page, 'the new-campaign dialog');
  if (target !== undefined) {
    await dialog.getByText('At a number of answers').click();
    await dialog.getByRole('textbox', { name: /^Participation target/ }).fill(String(target));
  }
  await dialog.getByRole('button', { name: 'Create campaign' }).click();
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await expect(page.getByRole('tab', { name: 'Questions', selected: true })).toBeVisible();
  await expectAccessible(page, 'the questions tab');
};

const startCampaign = async (page: Page) => {
  await page.getByRole('button', { name: 'Start', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Start the campaign?' });
  await expectAccessible(page, 'the start dialog');
  await dialog.getByRole('button', { name: 'Start campaign' }).click();
  await expect(page.getByText('Running', { exact: true }).first()).toBeVisible();
  await expectAccessible(page, 'a running campaign');
};

const openLinkOf = async (page: Page) => {
  await page.getByRole('tab', { name: 'Settings' }).click();
  const link = await page.getByRole('textbox', { name: 'Survey link' }).inputValue();
  await expectAccessible(page, 'the settings tab');
  expect(link).toMatch(/\/p\/c\/[0-9a-f-]{36}$/);
  return link;
};

/** A participant in a browser of their own: no console session, no shared storage; a phone if asked. */
const participant = async (browser: Browser, phone = false) => {
  const context = await browser.newContext({
    locale: 'en-US',
    ...(phone ? { viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true } : {}),
  });
  return { context, page: await context.newPage() };
};

/** A finger drag, as a phone's touch screen sends it (Playwright has no multi-step touch of its own). */
const touchDrag = async (page: Page, from: Locator, to: Locator) => {
  const a = await from.boundingBox();
  const b = await to.boundingBox();
  if (!a || !b) throw new Error('drag ends are not on screen');
  const cdp = await page.context().newCDPSession(page);
  const x = a.x + a.width / 2;
  const [y0, y1] = [a.y + a.height / 2, b.y + 4];
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [{ x, y: y0 }] });
  for (let step = 1; step <= 8; step++) {
    const y = y0 + ((y1 - y0) * step) / 8;
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: [{ x, y }] });
  }
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
  await cdp.detach();
};

const beginSurvey = async (page: Page, link: string, email: string) => {
  await page.goto(link);
  await page.getByRole('textbox', { name: /^Email address/ }).fill(email);
  await expectAccessible(page, 'the survey’s email step');
  await page.getByRole('button', { name: 'Start the survey' }).click();
};

test('a survey with every question type and a path rule, answered through the open link, arrives as a ticket', async ({
  page,
  owner,
  browser,
}) => {
  // Four questions, a rule, a participant and a ticket: a long flow for a busy two-core machine.
  test.slow();
  await page.goto('/login');
  await signIn(page, owner);
  await createCampaign(page, 'Bike check 2025');

  await addQuestion(page, { type: 'Single choice', text: 'Do you ride every day?', options: ['Yes', 'No'] });
  await addQuestion(page, {
    type: 'Multiple choice',
    text: 'Which parts need care?',
    options: ['Brakes', 'Chain', 'Tyres'],
  });
  await addQuestion(page, {
    type: 'Ranking',
    text: 'Rank what matters',
    options: ['Speed', 'Comfort', 'Price'],
  });
  await addQuestion(page, { type: 'Free text', text: 'Anything else?' });

  // The path rule: "No" skips the parts question and goes on with the ranking.
  await page.getByRole('button', { name: 'Edit question 1' }).click();
  const edit = page.getByRole('dialog', { name: 'Edit question' });
  await edit
    .getByRole('combobox', { name: 'After “No”' })
    .selectOption({ label: 'Question 3: Rank what matters' });
  await expectAccessible(page, 'the edit-question dialog with a path rule');
  await edit.getByRole('button', { name: 'Save question' }).click();
  await expect(edit).toBeHidden();
  await expect(page.getByText('“No” → question 3')).toBeVisible();

  await startCampaign(page);
  const link = await openLinkOf(page);

  // The participant answers on a phone.
  const visitor = await participant(browser, true);
  const survey = visitor.page;
  await beginSurvey(survey, link, 'rider@e2e.parley.test');
  await expect(survey.getByRole('heading', { name: 'Do you ride every day?' })).toBeVisible();
  await expectAccessible(survey, 'a survey question on a phone');
  await survey.getByRole('radio', { name: 'No' }).check();
  await survey.getByRole('button', { name: 'Next' }).click();
  // The rule skipped "Which parts need care?".
  await expect(survey.getByRole('heading', { name: 'Rank what matters' })).toBeVisible();
  await survey.getByRole('button', { name: 'Move “Price” up' }).click();
  const ranks = survey.getByRole('list', { name: 'Rank what matters' }).getByRole('listitem');
  await expect(ranks).toHaveText([/Speed/, /Price/, /Comfort/]);
  // A finger drags "Comfort" by its grip to the top.
  await touchDrag(
    survey,
    ranks.filter({ hasText: 'Comfort' }).locator('[data-drag-handle]'),
    ranks.filter({ hasText: 'Speed' }),
  );
  await expect(ranks).toHaveText([/Comfort/, /Speed/, /Price/]);
  await expectAccessible(survey, 'a ranking question on a phone');
  await survey.getByRole('button', { name: 'Next' }).click();
  await expect(survey.getByRole('heading', { name: 'Anything else?' })).toBeVisible();
  await survey.getByRole('textbox').fill('The saddle squeaks.');
  await survey.getByRole('button', { name: 'Send answers' }).click();
  await expect(survey.getByRole('heading', { name: 'Thank you!' })).toBeVisible();
  await expectAccessible(survey, 'the survey’s thank-you page');
  await visitor.context.close();

  // The same address again, from another browser: the email step tells nobody whether it answered
  // (docs/product-decisions.md, "Participation"); its mailbox is told, with the link to the answers,
  // and sending says so.
  const again = await participant(browser);
  await beginSurvey(again.page, link, 'Rider@e2e.parley.test');
  await expect(again.page.getByRole('heading', { name: 'Do you ride every day?' })).toBeVisible();
  const told = await mailLinks('rider@e2e.parley.test', { containing: 'answered this survey already' });
  expect(told.some((l) => l.includes('/p/t/'))).toBe(true);
  await again.page.getByRole('radio', { name: 'No' }).check();
  await again.page.getByRole('button', { name: 'Next' }).click();
  await expect(again.page.getByRole('heading', { name: 'Rank what matters' })).toBeVisible();
  await again.page.getByRole('button', { name: 'Next' }).click();
  await again.page.getByRole('textbox').fill('Me again.');
  await again.page.getByRole('button', { name: 'Send answers' }).click();
  await expect(again.page.getByRole('alert')).toContainText(
    'This address has already answered this survey. We have emailed it the link to its answers.',
  );
  await expect(again.page.getByRole('heading', { name: 'Thank you!' })).toBeHidden();
  await expectAccessible(again.page, 'the survey’s already-answered message');
  await again.context.close();

  await page.getByRole('tab', { name: 'Participants' }).click();
  const row = page.getByRole('row', { name: /rider@e2e\.parley\.test/ });
  await expect(row).toBeVisible();
  await expect(row.getByText('Not confirmed')).toBeVisible();
  await expectAccessible(page, 'the participants tab');
  await row.getByRole('link', { name: 'rider@e2e.parley.test' }).click();

  // The ticket is named after its participant: the address, as no name was given.
  await expect(page.getByRole('heading', { level: 1, name: 'rider@e2e.parley.test' })).toBeVisible();
  const answers = page.getByRole('listitem').filter({ has: page.getByRole('heading', { level: 3 }) });
  await expect(answers).toHaveCount(4);
  await expect(answers.nth(0)).toContainText('No (chosen)');
  await expect(answers.nth(1)).toContainText('Skipped');
  await expect(answers.nth(2).getByRole('listitem')).toHaveText(['Comfort', 'Speed', 'Price']);
  await expect(answers.nth(3)).toContainText('The saddle squeaks.');
});

test('with a participation target of 1 the second participant is told the survey has ended', async ({
  page,
  owner,
  browser,
}) => {
  // Sign-in, a question, an image upload, two participants and a screen check at each step: long
  // for a busy two-core machine.
  test.slow();
  await page.goto('/login');
  await signIn(page, owner);
  await createCampaign(page, 'One answer only', 1);
  await addQuestion(page, { type: 'Free text', text: 'What should we improve?' });

  // D25: the console turns the chosen image into a PNG and uploads it; the settings keep its link.
  await page.getByRole('tab', { name: 'Settings' }).click();
  await page
    .locator('input[type="file"]')
    .first()
    .setInputFiles({
      name: 'logo.svg',
      mimeType: 'image/svg+xml',
      buffer: Buffer.from(
        '<svg xmlns="http://www.w3.org/2000/svg" width="3000" height="1500"><rect width="3000" height="1500" fill="teal"/></svg>',
      ),
    });
  await expect(page.getByRole('img', { name: 'Current image' })).toHaveAttribute('src', /\/files\/.+\.png$/);
  await page.getByRole('button', { name: 'Save settings' }).click();
  await expect(page.getByText('The campaign settings have been saved.')).toBeVisible();
  await page.getByRole('tab', { name: 'Questions' }).click();

  // One question: the console warns, and starting anyway is allowed.
  await page.getByRole('button', { name: 'Start', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Start the campaign?' });
  await expect(dialog.getByText('Too few questions')).toBeVisible();
  await dialog.getByRole('button', { name: 'Start campaign' }).click();
  await expect(page.getByText('Running', { exact: true }).first()).toBeVisible();
  const link = await openLinkOf(page);

  const first = await participant(browser);
  await beginSurvey(first.page, link, 'first@e2e.parley.test');
  // The email step's box is still there until the question step replaces it.
  await expect(first.page.getByRole('heading', { name: 'What should we improve?' })).toBeVisible();
  await first.page.getByRole('textbox').fill('More colours.');
  await first.page.getByRole('button', { name: 'Send answers' }).click();
  await expect(first.page.getByRole('heading', { name: 'Thank you!' })).toBeVisible();
  await first.context.close();

  const second = await participant(browser);
  await second.page.goto(link);
  await expect(second.page.getByRole('heading', { name: 'This survey has ended' })).toBeVisible();
  await expect(second.page.getByRole('button', { name: 'Start the survey' })).toHaveCount(0);
  await expectAccessible(second.page, 'the survey’s ended page');
  await second.context.close();

  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'One answer only' })).toBeVisible();
  await expect(page.getByText('Ended', { exact: true }).first()).toBeVisible();
  await expect(page.getByRole('button', { name: 'Restart' })).toBeVisible();
  await expectAccessible(page, 'an ended campaign');

  await page.getByRole('link', { name: 'All campaigns' }).click();
  const row = page.getByRole('row', { name: /One answer only/ });
  await expect(row.getByText('Ended', { exact: true })).toBeVisible();
  await expect(row.getByText('1 of 1')).toBeVisible();
});
