import { randomUUID } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { crc32, deflateSync } from 'node:zlib';
import type { APIRequestContext, Browser, Page } from '@playwright/test';
import {
  expect,
  expectAccessible,
  mailLinks,
  type Owner,
  ownerToken,
  runAdmin,
  runningCampaign,
  signIn,
  test,
} from './fixtures';

/**
 * The campaign ticket conversation (D14): a participant answers, the owner answers by mail, the
 * participant replies with a photo on their private page, the owner reads it, notes and archives;
 * a mass follow-up with a response template (D21) reaches two participants, each in their own
 * words; a mail's "turn off" link asks before it turns anything off.
 */

/** Addresses of one test: a stamp keeps them apart from every other test's on the shared server. */
const address = (name: string, stamp: string) => `${name}-${stamp}@e2e.parley.test`;
const newStamp = () => randomUUID().slice(0, 8);

/** The conversation flags (D8) an operator switches on for the manufacturer. */
const enableConversation = (owner: Owner) =>
  runAdmin(
    'manufacturer:set',
    '--manufacturer-id',
    owner.manufacturerId,
    '--set',
    'canComment=true',
    '--set',
    'canPrivateNote=true',
    '--set',
    'canSaveAnswerWithoutNotification=true',
  );

/** The private ticket link of a mail (`/p/t/<token>`, or its `?mails=off` variant) as a path on the test server. */
const ticketPath = (links: string[], opts: { mailsOff?: boolean } = {}) => {
  const mailsOff = opts.mailsOff ?? false;
  const link = links.find((l) => /\/p\/t\/[^/?]+/.test(l) && l.endsWith('?mails=off') === mailsOff);
  expect(link, `a /p/t/ link${mailsOff ? ' with ?mails=off' : ''}`).toBeDefined();
  const url = new URL(link as string);
  return `${url.pathname}${url.search}`;
};

/** A real PNG of 8×8 teal pixels (signature, IHDR, IDAT, IEND with their CRCs). */
const tinyPng = () => {
  const chunk = (type: string, data: Buffer) => {
    const head = Buffer.alloc(4);
    head.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([head, body, crc]);
  };
  const size = 8;
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header.set([8, 2, 0, 0, 0], 8); // 8 bits, RGB, deflate, no filter, no interlace
  const row = Buffer.concat([
    Buffer.from([0]),
    Buffer.from(Array.from({ length: size }, () => [0, 128, 128]).flat()),
  ]);
  const pixels = Buffer.concat(Array.from({ length: size }, () => row));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(pixels)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
};

/** The console's sign-in, then the dashboard, as a person arrives. */
const signInToConsole = async (page: Page, owner: Owner) => {
  await page.goto('/login');
  await signIn(page, owner);
  // The sign-in page hands over to the console by a page load: generous on a busy machine.
  await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible({ timeout: 30_000 });
};

/** A browser of the participant's own, without signing in. */
const participantPage = async (browser: Browser, baseURL: string | undefined) => {
  const context = await browser.newContext({ locale: 'en-US', baseURL });
  return context.newPage();
};

/** Someone answers the open link through the public survey's own call (setup only). */
const answerByApi = async (
  request: APIRequestContext,
  campaignId: string,
  who: { email: string; firstname?: string; lastname?: string },
  text: string,
) => {
  const survey = await request.get(`/api/public/campaign/${campaignId}`);
  expect(survey.status()).toBe(200);
  const [question] = (await survey.json()).questions as { _id: string }[];
  const answered = await request.post(`/api/public/campaign/${campaignId}/answer`, {
    data: { ...who, submissionId: randomUUID(), answers: [{ questionId: question?._id, text }] },
  });
  expect(answered.status(), await answered.text()).toBe(201);
};

test('a participant answers, the owner answers by mail, the participant replies with a photo, the owner reads, notes and archives', async ({
  page,
  owner,
  browser,
  baseURL,
}, testInfo) => {
  test.slow();
  await enableConversation(owner);
  const title = 'Saddle survey';
  const campaignId = await runningCampaign(page.request, owner, title);
  const greta = address('greta', newStamp());
  const maker = (await page.request.get(`/api/public/campaign/${campaignId}`).then((r) => r.json()))
    .manufacturerName as string;

  // Greta answers the survey's open link in a browser of her own.
  const participant = await participantPage(browser, baseURL);
  await participant.goto(`/p/c/${campaignId}`);
  await participant.getByRole('textbox', { name: /^Email address/ }).fill(greta);
  await participant.getByRole('textbox', { name: /^First name/ }).fill('Greta');
  await participant.getByRole('textbox', { name: /^Last name/ }).fill('Lind');
  await participant.getByRole('button', { name: 'Start the survey' }).click();
  await expect(participant.getByRole('heading', { name: 'What should we improve?' })).toBeVisible();
  await participant.getByRole('textbox').fill('The saddle squeaks on cold mornings.');
  await participant.getByRole('button', { name: 'Send answers' }).click();
  await expect(participant.getByRole('heading', { name: 'Thank you!' })).toBeVisible();

  // The owner finds her ticket in the inbox, reached through the navigation.
  await signInToConsole(page, owner);
  await page.getByRole('link', { name: 'Inbox', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Inbox' })).toBeVisible();
  const inbox = page.getByRole('table', { name: 'Tickets of all campaigns' });
  const row = inbox.getByRole('row').filter({ hasText: greta });
  await expect(row).toContainText('The saddle squeaks on cold mornings.');
  await expect(row).toContainText('Unanswered');
  await expectAccessible(page, 'the inbox');
  await row.getByRole('link', { name: 'Greta Lind' }).click();

  // The ticket: the answer, written and mailed.
  await expect(page.getByRole('heading', { level: 1, name: 'Greta Lind' })).toBeVisible();
  await expect(page.getByText(`Campaign “${title}” · received`)).toBeVisible();
  await expect(page.getByText('You have not answered yet.')).toBeVisible();
  const notify = page.getByRole('checkbox', { name: 'Notify participant by email' });
  await expect(notify).toBeChecked();
  // The page's key "r" takes the owner to the answer's field.
  await page.keyboard.press('r');
  const answerField = page.getByRole('textbox', { name: 'Answer to the participant' });
  await expect(answerField).toBeFocused();
  await page.keyboard.type('Thank you {{contact.firstname}}, a new saddle clamp is on its way to you.');
  // The placeholder is previewed as Greta will read it.
  await expect(
    page.getByRole('region', { name: 'Preview: how the participant reads your answer' }),
  ).toContainText('Thank you Greta, a new saddle clamp is on its way to you.');
  await expectAccessible(page, 'a ticket with an answer being written');
  await page.getByRole('button', { name: 'Save and email' }).click();
  await expect(page.getByText('Answer saved and emailed to the participant.')).toBeVisible();
  await expect(page.getByText('Current answer')).toBeVisible();
  await expect(page.getByText('Thank you Greta, a new saddle clamp is on its way to you.')).toBeVisible();
  // The field is emptied and now offers to replace the answer.
  await expect(page.getByRole('textbox', { name: 'New answer (replaces the current one)' })).toHaveValue('');
  await expect(page.getByText('Mailed', { exact: true })).toBeVisible();

  // The answer reaches Greta's mailbox with her private link, which she opens in her browser.
  const answerMail = await mailLinks(greta, { containing: 'a new saddle clamp is on its way' });
  await participant.goto(ticketPath(answerMail));
  await expect(participant.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await expect(participant.getByText(`Thank you: your email address ${greta} is confirmed.`)).toBeVisible();
  const ownerAnswer = participant.getByRole('region', { name: `The answer of ${maker}` });
  await expect(ownerAnswer).toContainText('Thank you Greta, a new saddle clamp is on its way to you.');
  await expect(participant.getByText(/^No messages yet\./)).toBeVisible();
  await expectAccessible(participant, 'the participant’s ticket page');

  // She writes back and attaches a photo (a real PNG from this test's folder).
  await participant.getByRole('textbox', { name: 'Your message' }).fill('Thanks! Here is the old clamp.');
  const photo = path.join(testInfo.outputPath(), 'old-clamp.png');
  await mkdir(path.dirname(photo), { recursive: true });
  await writeFile(photo, tinyPng());
  await participant.getByLabel('Add photos or videos').setInputFiles(photo);
  const files = participant.getByRole('list', { name: 'Files for your message' });
  await expect(files.getByRole('listitem')).toHaveCount(1);
  await expect(files).toContainText('old-clamp.png');
  await expect(files).toContainText('Uploaded');
  await expectAccessible(participant, 'the reply form with a photo');
  await participant.getByRole('button', { name: 'Send message' }).click();
  await expect(participant.getByText('Your message has been sent.')).toBeVisible();
  const thread = participant.getByRole('list', { name: 'Messages, oldest first' });
  const sent = thread.getByRole('listitem').filter({ hasText: 'Thanks! Here is the old clamp.' });
  await expect(sent).toContainText('You');
  const sentImage = sent.getByRole('img', { name: 'Image 1 of the message' });
  await expect(sentImage).toBeVisible();
  await expect.poll(() => sentImage.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(8);
  await expect(files).toHaveCount(0);
  // Still there after a reload, read from the server by the private link.
  await participant.reload();
  await expect(sentImage).toBeVisible();
  await expect.poll(() => sentImage.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(8);
  await expectAccessible(participant, 'the participant’s ticket page after the reply');

  // The owner's inbox marks the ticket as new, and so does the "New messages" filter.
  await page.getByRole('link', { name: 'Inbox', exact: true }).click();
  await expect(row.getByRole('img', { name: 'New messages' })).toBeVisible();
  await expect(row).toContainText('Answered');
  // The filters live in the address: a box is checked once the router has moved (a transition),
  // not at the click itself, so Playwright's check() would give up too early.
  const newOnly = page.getByRole('checkbox', { name: 'New messages' });
  await newOnly.click();
  await expect(newOnly).toBeChecked();
  await expect(page).toHaveURL(/newComments=true/);
  // Only hers: the header row and one ticket.
  await expect(inbox.getByRole('row')).toHaveCount(2);
  await expect(row).toBeVisible();
  await expectAccessible(page, 'the inbox with a new message');
  await row.getByRole('link', { name: 'Greta Lind' }).click();

  // The reply, marked new, with the photo shown in place (fetched with the owner's token).
  await expect(page.getByRole('heading', { level: 1, name: 'Greta Lind' })).toBeVisible();
  await expect(page.getByText('1 new message from the participant')).toBeVisible();
  const reply = page
    .getByRole('list', { name: 'Messages' })
    .getByRole('article', { name: /^Message from Greta Lind \(participant\)/ });
  await expect(reply).toContainText('Thanks! Here is the old clamp.');
  await expect(reply.getByText('New', { exact: true })).toBeVisible();
  const image = reply.getByRole('img', { name: /^Image 1 from Greta Lind/ });
  await expect(image).toHaveAttribute('src', /^blob:/);
  await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(8);
  await expectAccessible(page, 'a ticket with the participant’s reply');

  // A private note for the team.
  const note = page.getByRole('textbox', { name: 'Note for your team' });
  await note.fill('Clamp sent on Monday, check back in a week.');
  await page.getByRole('button', { name: 'Save note' }).click();
  await expect(page.getByText('Note saved.')).toBeVisible();

  // Archived: read-only, every write control disabled and saying why.
  await page.getByRole('button', { name: 'Archive', exact: true }).click();
  await expect(page.getByText('This ticket is archived')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Restore' })).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'New answer (replaces the current one)' })).toBeDisabled();
  await expect(page.getByRole('textbox', { name: 'New message to the participant' })).toBeDisabled();
  await expect(note).toBeDisabled();
  await expect(note).toHaveValue('Clamp sent on Monday, check back in a week.');
  for (const name of ['Save and email', 'Send message', 'Save note']) {
    const button = page.getByRole('button', { name, exact: true });
    await expect(button).toHaveAttribute('aria-disabled', 'true');
    await expect(button).toHaveAccessibleDescription('The ticket is archived. Restore it to make changes.');
  }
  await expect(page.getByRole('button', { name: 'Edit this answer' })).toBeDisabled();
  await expectAccessible(page, 'an archived ticket');
  // The archive and the note hold on the server.
  await page.reload();
  await expect(page.getByText('This ticket is archived')).toBeVisible();
  await expect(note).toHaveValue('Clamp sent on Monday, check back in a week.');
  await expect(note).toBeDisabled();

  // It left the inbox's default view, and is under Archived.
  await page.getByRole('link', { name: 'Inbox', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Inbox' })).toBeVisible();
  await expect(page.getByText('No answers yet')).toBeVisible();
  await expect(inbox.getByRole('row').filter({ hasText: greta })).toHaveCount(0);
  // The view switch's radios are hidden behind their labels: a person clicks the label.
  const views = page.getByRole('radiogroup', { name: 'Show' });
  await views.getByText('Archived', { exact: true }).click();
  await expect(views.getByRole('radio', { name: 'Archived' })).toBeChecked();
  await expect(page).toHaveURL(/archived=true/);
  await expect(row).toBeVisible();
  await expect(row).toContainText('Archived');
  await expect(row.getByRole('img', { name: 'New messages' })).toHaveCount(0);
  await participant.context().close();
});

test('a mass follow-up with a response template reaches two participants, each in their own words', async ({
  page,
  owner,
}) => {
  test.slow();
  await enableConversation(owner);
  const title = 'Fit survey';
  const campaignId = await runningCampaign(page.request, owner, title);
  const stamp = newStamp();
  const hanna = address('hanna', stamp);
  const anon = address('anon', stamp);
  await answerByApi(
    page.request,
    campaignId,
    { email: hanna, firstname: 'Hanna', lastname: 'Berg' },
    'Too low.',
  );
  await answerByApi(page.request, campaignId, { email: anon }, 'Fine.');

  // A response template with a placeholder and its fallback, on the templates page.
  await signInToConsole(page, owner);
  await page.getByRole('link', { name: 'Response templates', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Response templates' })).toBeVisible();
  await page.getByRole('button', { name: 'New template' }).first().click();
  const create = page.getByRole('dialog', { name: 'New response template' });
  await create.getByRole('textbox', { name: /^Title/ }).fill('Saddle check');
  await create
    .getByRole('textbox', { name: /^Text/ })
    .fill('Hello {{contact.firstname|there}}, did the new saddle fit?');
  await expect(create.getByRole('region', { name: 'Preview with sample values' })).toHaveText(
    'Hello Anna, did the new saddle fit?',
  );
  await create.getByRole('checkbox', { name: 'As for a contact without a name' }).check();
  await expect(create.getByRole('region', { name: 'Preview with sample values' })).toHaveText(
    'Hello there, did the new saddle fit?',
  );
  await expectAccessible(page, 'the new template dialog');
  await create.getByRole('button', { name: 'Create template' }).click();
  await expect(create).toBeHidden();
  await expect(page.getByText('Template created')).toBeVisible();
  await expect(
    page
      .getByRole('table', { name: 'Response templates' })
      .getByRole('row')
      .filter({ hasText: 'Saddle check' }),
  ).toContainText('Hello {{contact.firstname|there}}');

  // The campaign's tickets, on its participants tab.
  await page.getByRole('link', { name: 'Campaigns', exact: true }).click();
  await page.getByRole('link', { name: title }).click();
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await page.getByRole('tab', { name: 'Participants' }).click();
  const tickets = page.getByRole('table', { name: 'Participants who answered' });
  await expect(tickets.getByRole('row').filter({ hasText: hanna })).toContainText('Hanna Berg');
  await expect(tickets.getByRole('row').filter({ hasText: anon })).toBeVisible();
  await expectAccessible(page, 'the campaign’s tickets');

  // Both chosen, the follow-up dialog opened from the bar over the list.
  await tickets.getByRole('checkbox', { name: 'Select Hanna Berg' }).check();
  await tickets.getByRole('checkbox', { name: `Select ${anon}` }).check();
  await expect(page.getByRole('status').filter({ hasText: 'chosen' })).toHaveText('2 tickets chosen');
  await page
    .getByRole('group', { name: 'Actions for the chosen tickets' })
    .getByRole('button', { name: 'Follow up the chosen tickets' })
    .click();
  const dialog = page.getByRole('dialog', { name: `Mass follow-up in “${title}”` });
  await expect(dialog.getByRole('radio', { name: 'The 2 chosen tickets' })).toBeChecked();

  // The template goes in through the picker, found by searching and chosen by keyboard.
  await dialog.getByRole('button', { name: 'Insert template' }).click();
  const search = page.getByRole('textbox', { name: 'Search templates' });
  await expect(search).toBeFocused();
  await search.fill('saddle');
  const pick = page.getByRole('button', { name: 'Insert template “Saddle check”' });
  await expectAccessible(page, 'the template picker');
  await pick.focus();
  await page.keyboard.press('Enter');
  await expect(pick).toBeHidden();
  const followUp = dialog.getByRole('textbox', { name: 'Follow-up' });
  await expect(followUp).toHaveValue('Hello {{contact.firstname|there}}, did the new saddle fit?');

  // The preview, participant by participant: her first name for Hanna, the fallback for the other.
  const previewFor = dialog.getByRole('combobox', { name: 'As this participant gets it' });
  await previewFor.selectOption({ label: 'Hanna Berg' });
  await expect(dialog.getByRole('region', { name: 'Follow-up as Hanna Berg gets it' })).toHaveText(
    'Hello Hanna, did the new saddle fit?',
  );
  await previewFor.selectOption({ label: anon });
  await expect(dialog.getByRole('region', { name: `Follow-up as ${anon} gets it` })).toHaveText(
    'Hello there, did the new saddle fit?',
  );
  await expect(dialog.getByRole('switch', { name: 'Mail the participants' })).toBeChecked();
  await expectAccessible(page, 'the mass follow-up dialog');

  await dialog.getByRole('button', { name: 'Send…' }).click();
  await expect(dialog.getByText('Send this follow-up to 2 tickets?')).toBeVisible();
  await dialog.getByRole('button', { name: 'Send to 2 tickets' }).click();
  await expect(dialog.getByRole('status')).toHaveText('Done: the follow-up is in all 2 tickets.', {
    timeout: 30_000,
  });
  await expect(dialog.getByRole('progressbar', { name: 'Follow-up progress' })).toHaveAttribute(
    'aria-valuenow',
    '100',
  );
  await expectAccessible(page, 'the mass follow-up, done');
  await dialog.getByRole('button', { name: 'Close', exact: true }).last().click();
  await expect(dialog).toBeHidden();

  // Each participant's mail holds their own text, and each ticket the follow-up.
  await mailLinks(hanna, { containing: '> Hello Hanna, did the new saddle fit?' });
  await mailLinks(anon, { containing: '> Hello there, did the new saddle fit?' });
  for (const to of [hanna, anon]) {
    await expect(tickets.getByRole('row').filter({ hasText: to })).toContainText('1 message');
  }
  // The follow-up in the ticket, marked as one on the owner's tinted message.
  await tickets.getByRole('row').filter({ hasText: hanna }).getByRole('link', { name: 'Hanna Berg' }).click();
  await expect(page.getByText('Mass follow-up', { exact: true })).toBeVisible();
  // The ticket as it ends up: its heading is there once the participant's details have come.
  await expect(page.getByRole('heading', { level: 1, name: 'Hanna Berg' })).toBeVisible();
  await expectAccessible(page, 'a ticket with a mass follow-up');
});

test('the mail’s “turn off” link asks first, and turns the conversation’s mails off only after the click', async ({
  page,
  owner,
  browser,
  baseURL,
}) => {
  const title = 'Quiet survey';
  const campaignId = await runningCampaign(page.request, owner, title);
  const ida = address('ida', newStamp());
  await answerByApi(page.request, campaignId, { email: ida, firstname: 'Ida' }, 'Quieter brakes.');

  // The owner's answer (the console's call) mails Ida a link to turn these mails off.
  const headers = { 'x-auth-token': await ownerToken(page.request, owner) };
  const list = await page.request.get('/api/campaignTicket/all', { headers, params: { campaignId } });
  expect(list.status()).toBe(200);
  const [ticket] = (await list.json()).documents as { _id: string }[];
  const ticketId = ticket?._id as string;
  const mailsOff = async () => {
    const res = await page.request.get(`/api/campaignTicket/${ticketId}`, { headers });
    expect(res.status()).toBe(200);
    return (await res.json()).mailsOff as boolean;
  };
  const answered = await page.request.put(`/api/campaignTicket/${ticketId}/answer`, {
    headers,
    data: { manuAnswer: 'New brake pads fix that.', notify: true },
  });
  expect(answered.status(), await answered.text()).toBe(200);
  const offLink = ticketPath(await mailLinks(ida, { containing: 'New brake pads fix that.' }), {
    mailsOff: true,
  });
  expect(offLink).toMatch(/^\/p\/t\/[^?]+\?mails=off$/);

  // Opening the link (as a mail scanner would) changes nothing: the page asks.
  const participant = await participantPage(browser, baseURL);
  await participant.goto(offLink);
  const ask = participant.getByRole('region', { name: 'Stop emails about this conversation?' });
  await expect(ask).toContainText(`about “${title}”`);
  const mailsSwitch = participant.getByRole('switch', { name: 'Emails about this conversation' });
  await expect(mailsSwitch).toBeChecked();
  await expect(participant.getByText(/^On: we email you when/)).toBeVisible();
  expect(await mailsOff()).toBe(false);
  await expectAccessible(participant, 'the stop-mails banner');

  await ask.getByRole('button', { name: 'Stop emails' }).click();
  const done = participant.getByRole('heading', { name: 'Emails turned off' });
  await expect(done).toBeVisible();
  await expect(done).toBeFocused();
  await expect(ask).toBeHidden();
  await expect(mailsSwitch).not.toBeChecked();
  await expect(participant.getByText(/^Off: you get no emails about this conversation/)).toBeVisible();
  expect(await mailsOff()).toBe(true);
  await expectAccessible(participant, 'the stop-mails confirmation');
  // The same link again says they are off already, with nothing to confirm.
  await participant.reload();
  await expect(
    participant.getByText(/^Emails about this conversation are already turned off\./),
  ).toBeVisible();
  await expect(participant.getByRole('button', { name: 'Stop emails' })).toHaveCount(0);

  // The owner's next answer is saved without a mail, and the ticket page says why.
  const again = await page.request.put(`/api/campaignTicket/${ticketId}/answer`, {
    headers,
    data: { manuAnswer: 'One more thing about the brakes.', notify: true },
  });
  expect(again.status(), await again.text()).toBe(200);
  expect((await again.json()).notified).toBe(false);
  await signInToConsole(page, owner);
  await page.goto(`/connect/campaigns/${campaignId}/tickets/${ticketId}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Ida' })).toBeVisible();
  await expect(
    page.getByText('The participant has turned off emails about this conversation.'),
  ).toBeVisible();
  await expect(page.getByText('Saved without mail', { exact: true })).toBeVisible();
  await participant.context().close();
});
