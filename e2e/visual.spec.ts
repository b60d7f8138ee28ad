import { randomUUID } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { deflateSync } from 'node:zlib';
import type { APIRequestContext, Page } from '@playwright/test';
import { expect, mailDir, type Owner, signIn, test } from './fixtures';

/**
 * What a person sees, on a phone and in either language: dates written the console's way, layouts
 * that fit 390 px, badges that say their whole word, uploaded images at their natural size.
 */

// Fixed, so the expected local times below do not depend on the machine running the tests.
const timezoneId = 'Europe/Berlin';
test.use({ timezoneId });

type Language = 'de' | 'en';
type Json = Record<string, unknown>;

/** The owner's API, signed in through the identity service, to set up what a test only looks at. */
const ownerApi = async (request: APIRequestContext, owner: Owner) => {
  const signedIn = await request.post('/identity/sign-in', {
    data: { email: owner.email, password: owner.password },
  });
  expect(signedIn.ok()).toBe(true);
  const { idToken } = (await signedIn.json()) as { idToken: string };
  return async <T = Json>(method: string, url: string, data?: unknown): Promise<T> => {
    const res = await request.fetch(`/api${url}`, {
      method,
      headers: { 'x-auth-token': idToken },
      ...(data === undefined ? {} : { data }),
    });
    expect(res.ok(), `${method} ${url}: ${res.status()} ${await res.text()}`).toBe(true);
    return (res.status() === 204 ? {} : await res.json()) as T;
  };
};
type Api = Awaited<ReturnType<typeof ownerApi>>;

type Question = { _id: string; type: string; options: { _id: string; text: string }[] };

/** A campaign with every question type (one optional), started, and one answer through the open link. */
const answeredCampaign = async (request: APIRequestContext, api: Api, language: Language) => {
  const campaign = await api<{ _id: string }>('POST', '/campaign', {
    title: language === 'de' ? 'Fahrradumfrage Frühjahr' : 'Spring bike survey',
    language,
    endCondition: { type: 'participationTarget', target: 50 },
  });
  const id = campaign._id;
  const questions: Question[] = [];
  for (const body of [
    { type: 'SingleChoice', text: 'Fahren Sie täglich?', options: [{ text: 'Ja' }, { text: 'Nein' }] },
    {
      type: 'MultiChoice',
      text: 'Welche Teile brauchen Pflege?',
      options: [{ text: 'Bremsen', tags: ['Wartung'] }, { text: 'Kette' }],
    },
    { type: 'Ranking', text: 'Was ist wichtig?', options: [{ text: 'Preis' }, { text: 'Komfort' }] },
    { type: 'FreeText', text: 'Noch etwas?', optional: true },
  ]) {
    questions.push(await api<Question>('POST', `/campaign/${id}/question`, body));
  }
  await api('POST', `/campaign/${id}/start`);
  const email = `rider-${randomUUID().slice(0, 8)}@e2e.parley.test`;
  const answer = await request.post(`/api/public/campaign/${id}/answer`, {
    data: {
      email,
      firstname: 'Ada',
      submissionId: randomUUID(),
      answers: questions.map((q) =>
        q.type === 'FreeText'
          ? { questionId: q._id, text: 'Der Sattel quietscht.' }
          : {
              questionId: q._id,
              optionIds: q.options.map((o) => o._id).slice(0, q.type === 'Ranking' ? 2 : 1),
            },
      ),
    },
  });
  expect(answer.status(), await answer.text()).toBe(201);
  return { id, email };
};

/** The console in a language of its own choosing (a stored choice wins). */
const useLanguage = async (page: Page, language: Language) => {
  await page.addInitScript(
    (lang) => window.localStorage.setItem('parley.locale', JSON.stringify(lang)),
    language,
  );
};

const signedIn = async (page: Page, owner: Owner, language: Language) => {
  await useLanguage(page, language);
  await page.goto('/login');
  await signIn(page, owner);
  await expect(
    page.getByRole('heading', { level: 1, name: language === 'de' ? 'Übersicht' : 'Dashboard' }),
  ).toBeVisible();
};

/**
 * Every visible element inside the viewport's width, and the page not scrollable sideways.
 * Elements in a closed (inert) drawer, visually hidden ones (1 px) and a waiting skip link are off
 * screen on purpose.
 */
const expectNothingOverflows = async (page: Page, where: string) => {
  const report = await page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    const name = (el: Element) =>
      `${el.tagName.toLowerCase()}${el.className && typeof el.className === 'string' ? `.${el.className.split(' ').slice(-1)[0]}` : ''} "${(el.textContent ?? '').trim().slice(0, 40)}"`;
    const out: string[] = [];
    for (const el of document.querySelectorAll('body *')) {
      if (el.closest('[inert], [aria-hidden="true"]')) continue;
      const box = el.getBoundingClientRect();
      // A skip link waits wholly off the left edge until focused: hidden on purpose, not cut.
      if (box.width <= 1 || box.height <= 1 || box.right <= 0) continue;
      const style = getComputedStyle(el);
      if (style.visibility === 'hidden' || style.opacity === '0') continue;
      if (box.right > width + 0.5 || box.left < -0.5)
        out.push(`${name(el)} ${Math.round(box.left)}–${Math.round(box.right)}`);
    }
    return { width, scrollWidth: document.documentElement.scrollWidth, out: out.slice(0, 10) };
  });
  expect(report.out, `${where}: elements beyond the ${report.width} px viewport`).toEqual([]);
  expect(report.scrollWidth, `${where}: the page scrolls sideways`).toBeLessThanOrEqual(report.width);
};

/** No badge cuts its text: each label's content fits its box. */
const expectBadgesWhole = async (page: Page, where: string, atLeast: number) => {
  const badges = await page.evaluate(() =>
    [...document.querySelectorAll('.mantine-Badge-root')]
      .filter((b) => !b.closest('[inert]') && b.getBoundingClientRect().width > 0)
      .map((b) => {
        const label = b.querySelector('.mantine-Badge-label') ?? b;
        return {
          text: (b.textContent ?? '').trim(),
          cut: label.scrollWidth > label.clientWidth || b.scrollWidth > b.clientWidth,
        };
      }),
  );
  expect(badges.length, `${where}: badges shown`).toBeGreaterThanOrEqual(atLeast);
  expect(
    badges.filter((b) => b.cut).map((b) => b.text),
    `${where}: truncated badges`,
  ).toEqual([]);
};

const words = {
  de: {
    settings: 'Einstellungen',
    questions: 'Fragen',
    participants: 'Teilnehmende',
    campaigns: 'Kampagnen',
    newCampaign: 'Neue Kampagne',
    byAnswers: 'Nach Antwortzahl',
    atDate: 'An einem Datum',
    endsAt: /^Enddatum und -uhrzeit/,
    confirmed: 'Nicht bestätigt',
    confirm: 'Datum und Uhrzeit übernehmen',
  },
  en: {
    settings: 'Settings',
    questions: 'Questions',
    participants: 'Participants',
    campaigns: 'Campaigns',
    newCampaign: 'New campaign',
    byAnswers: 'At a number of answers',
    atDate: 'At a date',
    endsAt: /^End date and time/,
    confirmed: 'Not confirmed',
    confirm: 'Confirm date and time',
  },
} as const;

for (const language of ['de', 'en'] as const) {
  test(`on a 390 px phone in ${language === 'de' ? 'German' : 'English'}, nothing runs off the screen and no badge is cut`, async ({
    browser,
    owner,
  }) => {
    test.slow();
    const context = await browser.newContext({
      viewport: { width: 390, height: 844 },
      hasTouch: true,
      isMobile: true,
      timezoneId,
    });
    const page = await context.newPage();
    const w = words[language];
    const api = await ownerApi(page.request, owner);
    const { id, email } = await answeredCampaign(page.request, api, language);
    await signedIn(page, owner, language);

    await page.goto('/connect/campaigns');
    await expect(page.getByRole('link', { name: /Fahrradumfrage|Spring bike/ })).toBeVisible();
    await expectNothingOverflows(page, 'campaign list');
    await expectBadgesWhole(page, 'campaign list', 1);
    // Below the breakpoint the table is a list of cards, one per campaign.
    await expect(page.getByRole('list', { name: w.campaigns }).getByRole('listitem')).toHaveCount(1);

    // The end-condition choice in the New-campaign dialog and in the settings.
    await page.getByRole('button', { name: w.newCampaign }).click();
    const dialog = page.getByRole('dialog', { name: w.newCampaign });
    await dialog.getByText(w.byAnswers).click();
    await expectNothingOverflows(page, 'new-campaign dialog');
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();

    await page.goto(`/connect/campaigns/${id}`);
    await expect(page.getByRole('tab', { name: w.settings, selected: true })).toBeVisible();
    await expect(page.getByRole('radio', { name: w.byAnswers })).toBeChecked();
    await expectNothingOverflows(page, 'campaign settings');
    await expectBadgesWhole(page, 'campaign settings', 2);
    // The date picker's calendar fits the phone too.
    await page.getByText(w.atDate, { exact: true }).click();
    await page.getByRole('button', { name: w.endsAt }).click();
    await expect(page.getByRole('dialog').getByRole('button', { name: w.confirm })).toBeVisible();
    await expectNothingOverflows(page, 'date picker');
    await page.keyboard.press('Escape');
    // Back to the stored choice, so leaving the tab has nothing unsaved to ask about.
    await page.getByText(w.byAnswers, { exact: true }).click();
    await expect(page.getByRole('button', { name: w.endsAt })).toBeHidden();

    await page.getByRole('tab', { name: w.questions }).click();
    await expect(page.getByText('Welche Teile brauchen Pflege?')).toBeVisible();
    // Four type badges, "optional" and a tag.
    await expectBadgesWhole(page, 'questions', 6);
    await expectNothingOverflows(page, 'questions');

    await page.getByRole('tab', { name: w.participants }).click();
    await expect(page.getByText(w.confirmed)).toBeVisible();
    await expectNothingOverflows(page, 'participants');
    await expectBadgesWhole(page, 'participants', 3);
    const tickets = page.getByRole('list', { name: /Teilnehmende mit Antworten|Participants who answered/ });
    await expect(tickets.getByRole('listitem').filter({ hasText: email })).toBeVisible();
    await context.close();
  });
}

/** A PNG of the given size, one colour: built here so the test needs no image file. */
const png = (width: number, height: number) => {
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc32 = (buf: Buffer) => {
    let c = 0xffffffff;
    for (const byte of buf) c = (crcTable[(c ^ byte) & 0xff] ?? 0) ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  };
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8); // 8-bit RGB
  const row = Buffer.concat([Buffer.from([0]), Buffer.alloc(width * 3, 0x2a)]);
  const pixels = deflateSync(Buffer.concat(Array.from({ length: height }, () => row)));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', pixels),
    chunk('IEND', Buffer.alloc(0)),
  ]);
};

/** How wide an image is drawn against how wide it is. */
const imageSize = (page: Page, name: string) =>
  page
    .getByRole('img', { name })
    .evaluate((img: HTMLImageElement) => ({ natural: img.naturalWidth, shown: img.clientWidth }));

test('after a refused file the next good upload clears the error, and a small image is never blown up', async ({
  page,
  owner,
  browser,
}) => {
  test.slow();
  const api = await ownerApi(page.request, owner);
  const campaign = await api<{ _id: string }>('POST', '/campaign', { title: 'Logo check', language: 'en' });
  await api('POST', `/campaign/${campaign._id}/question`, { type: 'FreeText', text: 'Anything else?' });
  await signedIn(page, owner, 'en');
  await page.goto(`/connect/campaigns/${campaign._id}`);
  const fileInput = page.locator('input[type="file"]').first();

  await fileInput.setInputFiles({
    name: 'notes.txt',
    mimeType: 'text/plain',
    buffer: Buffer.from('not an image'),
  });
  const failure = page.getByRole('alert').filter({ hasText: 'The image could not be uploaded' });
  await expect(failure).toBeVisible();

  await fileInput.setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: png(200, 120) });
  await expect(page.getByRole('img', { name: 'Current image' })).toHaveAttribute('src', /\/files\/.+\.png$/);
  await expect(failure).toBeHidden();
  const preview = await imageSize(page, 'Current image');
  expect(preview.natural).toBe(200);
  expect(preview.shown).toBeLessThanOrEqual(200);

  await page.getByRole('button', { name: 'Save settings' }).click();
  await expect(page.getByText('The campaign settings have been saved.')).toBeVisible();
  await expect(failure).toBeHidden();

  // The survey page on a phone: 390 px wide, the 200 px logo stays 200 px.
  await api('POST', `/campaign/${campaign._id}/start`);
  const phone = await browser.newContext({
    viewport: { width: 390, height: 844 },
    isMobile: true,
    timezoneId,
  });
  const survey = await phone.newPage();
  await survey.goto(`/p/c/${campaign._id}`);
  await expect(survey.getByRole('heading', { level: 1, name: 'Logo check' })).toBeVisible();
  await expect(survey.getByRole('img', { name: 'Image of the survey' })).toBeVisible();
  await expect.poll(async () => (await imageSize(survey, 'Image of the survey')).natural).toBe(200);
  expect((await imageSize(survey, 'Image of the survey')).shown).toBeLessThanOrEqual(200);
  await phone.close();
});

/** The participant's private ticket link from the mail it was sent (mailDir). */
const ticketLinkMailedTo = async (email: string) => {
  const outbox = mailDir();
  for (let attempt = 0; attempt < 60; attempt++) {
    const files = await readdir(outbox).catch(() => [] as string[]);
    for (const file of files.filter((f) => f.includes(email))) {
      // Quoted-printable: soft line breaks and "=3D" for "=".
      const text = (await readFile(path.join(outbox, file), 'utf8'))
        .replace(/=\r?\n/g, '')
        .replace(/=3D/g, '=');
      const link = /https?:\/\/\S+?\/p\/t\/[A-Za-z0-9_-]+/.exec(text)?.[0];
      if (link) return new URL(link).pathname;
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error(`no ticket mail to ${email} in ${outbox}`);
};

test('the German console writes the end date the German way, and its answers’ dates agree with the survey page', async ({
  page,
  owner,
  browser,
}) => {
  test.slow();
  const api = await ownerApi(page.request, owner);
  // 18:30 in Berlin on 15 March 2027 (winter time, UTC+1).
  const campaign = await api<{ _id: string }>('POST', '/campaign', {
    title: 'Frühjahrscheck',
    language: 'de',
    endCondition: { type: 'date', endsAt: '2027-03-15T17:30:00.000Z' },
  });
  const id = campaign._id;
  const question = await api<Question>('POST', `/campaign/${id}/question`, {
    type: 'FreeText',
    text: 'Noch etwas?',
  });
  await api('POST', `/campaign/${id}/start`);
  const email = `datum-${randomUUID().slice(0, 8)}@e2e.parley.test`;
  const answer = await page.request.post(`/api/public/campaign/${id}/answer`, {
    data: { email, submissionId: randomUUID(), answers: [{ questionId: question._id, text: 'Nein.' }] },
  });
  expect(answer.status()).toBe(201);

  await signedIn(page, owner, 'de');
  await page.goto(`/connect/campaigns/${id}`);
  const field = page.getByRole('button', { name: /^Enddatum und -uhrzeit/ });
  // Not the browser's "03/15/2027, 06:30 PM": the console's German date and 24-hour time,
  // also in the name a screen reader reads.
  await expect(field).toHaveText('15.03.2027 18:30');
  await expect(field).toHaveAccessibleName(/15\.03\.2027 18:30$/);

  // Picked in a German calendar, saved, and stored as the moment picked.
  await field.click();
  const picker = page.getByRole('dialog').filter({ has: page.getByRole('button', { name: '20 März 2027' }) });
  await picker.getByRole('button', { name: '20 März 2027' }).click();
  await picker.getByRole('button', { name: 'Datum und Uhrzeit übernehmen' }).click();
  await expect(field).toHaveText('20.03.2027 18:30');
  await page.getByRole('button', { name: 'Einstellungen speichern' }).click();
  await expect(page.getByText('Die Einstellungen der Kampagne wurden gespeichert.')).toBeVisible();
  const saved = await api<{ endCondition: { endsAt: string } }>('GET', `/campaign/${id}`);
  expect(saved.endCondition.endsAt).toBe('2027-03-20T17:30:00.000Z');

  // The answer's date in the console and on the participant's own page, both in German.
  await page.getByRole('tab', { name: 'Teilnehmende' }).click();
  const row = page.getByRole('row', { name: new RegExp(email.replace(/[.]/g, '\\.')) });
  // The list says how long ago in words ("vor 1 Minute"); its full date and time are the words'
  // tooltip (the latest activity: the answer itself, with no message since).
  const activity = (await row.locator('time').first().getAttribute('title')) ?? '';
  const consoleDate = /^\d{2}\.\d{2}\.\d{4} \d{2}:\d{2}$/.exec(activity)?.[0];
  expect(consoleDate, 'the console writes the answer’s date as DD.MM.YYYY HH:mm').toBeTruthy();

  const visitor = await browser.newContext({ locale: 'en-US', timezoneId });
  const ticketPage = await visitor.newPage();
  await ticketPage.goto(await ticketLinkMailedTo(email));
  await expect(ticketPage.getByText(`gesendet am ${consoleDate}.`)).toBeVisible();
  await visitor.close();

  // The same field in English: the English date and the 12-hour clock.
  await page.getByRole('tab', { name: 'Einstellungen' }).click();
  await page
    .getByRole('banner')
    .getByRole('combobox', { name: 'Sprache' })
    .selectOption({ label: 'English' });
  await expect(page.getByRole('button', { name: /^End date and time/ })).toHaveText('03/20/2027 6:30 PM');
});
