import { randomUUID } from 'node:crypto';
import type { APIRequestContext, Locator, Page } from '@playwright/test';
import {
  expect,
  expectAccessible,
  linkPath,
  mailLinks,
  type Owner,
  ownerToken,
  runningCampaign,
  signIn,
  test,
} from './fixtures';

/**
 * Tags and tag groups (D16, D17): a segment made in the console fills a running campaign by itself
 * when contacts get its tags, and every tag action shows what it would do before it does it.
 */

/** An address of this test only: a stamp keeps it apart from every other test's on the shared server. */
const address = (name: string) => `${name}-${randomUUID().slice(0, 8)}@e2e.parley.test`;

type Question = { _id: string; type: string; options: { _id: string; text: string }[] };

/** The owner's API, to set up what a test only looks at (as the console would call it). */
const ownerApi = async (request: APIRequestContext, owner: Owner) => {
  const headers = { 'x-auth-token': await ownerToken(request, owner) };
  return async <T>(method: string, url: string, data?: unknown): Promise<T> => {
    const res = await request.fetch(`/api${url}`, {
      method,
      headers,
      ...(data === undefined ? {} : { data }),
    });
    expect(res.ok(), `${method} ${url}: ${res.status()} ${await res.text()}`).toBe(true);
    return (res.status() === 204 ? {} : await res.json()) as T;
  };
};

/**
 * Someone answers the campaign's open link through the public survey's own calls, and so becomes a
 * contact: free text gets a sentence, a choice question the option named `pick`.
 */
const answerOpenLink = async (
  request: APIRequestContext,
  campaignId: string,
  who: { email: string; firstname: string; lastname: string },
  pick?: string,
) => {
  const survey = await request.get(`/api/public/campaign/${campaignId}`);
  expect(survey.status()).toBe(200);
  const questions = (await survey.json()).questions as Question[];
  const answered = await request.post(`/api/public/campaign/${campaignId}/answer`, {
    data: {
      ...who,
      submissionId: randomUUID(),
      answers: questions.map((q) =>
        q.type === 'FreeText'
          ? { questionId: q._id, text: 'Good as it is.' }
          : { questionId: q._id, optionIds: [q.options.find((o) => o.text === pick)?._id] },
      ),
    },
  });
  expect(answered.status(), await answered.text()).toBe(201);
};

/** The console's sign-in, then the dashboard, as a person arrives. */
const signInToConsole = async (page: Page, owner: Owner) => {
  await page.goto('/login');
  await signIn(page, owner);
  // The sign-in page hands over to the console by a page load.
  await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible();
};

/**
 * Types tags into a tag picker, each confirmed with Enter as its placeholder says; the field
 * empties once it has taken the tag.
 */
const typeTags = async (field: Locator, tags: string[]) => {
  for (const tag of tags) {
    await field.fill(tag);
    await field.press('Enter');
    await expect(field).toHaveValue('');
  }
};

/** The figure a report shows under `label` (its `<dd>` after the `<dt>`). */
const figure = (scope: Locator, label: string) =>
  scope
    .getByRole('term')
    .filter({ hasText: new RegExp(`^${label}$`) })
    .locator('xpath=following-sibling::dd[1]');

test('a tag group linked to a running campaign invites a contact who gets its tags in the contact table', async ({
  page,
  owner,
}) => {
  test.slow();
  // Ada answered the welcome survey's open link, so she is a contact; the VIP survey is the one
  // the group fills.
  const welcome = await runningCampaign(page.request, owner, 'Welcome survey');
  const vipSurvey = await runningCampaign(page.request, owner, 'VIP survey');
  const ada = address('ada');
  await answerOpenLink(page.request, welcome, { email: ada, firstname: 'Ada', lastname: 'Lovelace' });

  await signInToConsole(page, owner);
  await page.getByRole('link', { name: 'Tag groups', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Tag groups', level: 1 })).toBeVisible();
  await expect(page.getByText('No tag groups yet')).toBeVisible();
  await expectAccessible(page, 'the empty tag groups page');

  // A new group: all of the tags vip and berlin.
  await page.getByRole('button', { name: 'New tag group' }).first().click();
  const form = page.getByRole('dialog', { name: 'New tag group' });
  await form.getByRole('textbox', { name: /^Title/ }).fill('vip and berlin');
  await form.getByRole('textbox', { name: /^Description/ }).fill('Our best customers in Berlin.');
  await expect(form.getByRole('radio', { name: 'All of its tags' })).toBeChecked();
  await form.getByRole('radio', { name: 'All of its tags' }).check();
  await typeTags(form.getByRole('combobox', { name: 'Tags' }), ['vip', 'berlin']);
  await expectAccessible(page, 'the new tag group form');
  await form.getByRole('button', { name: 'Create tag group' }).click();
  await expect(form).toBeHidden();

  // The group's own page: its tags, no member yet, no campaign.
  await expect(page.getByRole('heading', { name: 'vip and berlin', level: 1 })).toBeVisible();
  await expect(page.getByText('Tag group created')).toBeVisible();
  const groupTags = page.getByRole('list', { name: 'Tags of vip and berlin' });
  await expect(groupTags.getByRole('listitem')).toHaveText(['berlin', 'vip']);
  await expect(page.getByText('0 members').first()).toBeVisible();
  const groupUrl = page.url();

  // Linked to the running VIP survey, through the check: nobody to invite yet.
  await page.getByRole('combobox', { name: 'Link running campaigns' }).click();
  await page.getByRole('option', { name: 'VIP survey' }).click();
  await page.getByRole('button', { name: 'Link campaigns' }).click();
  const linkCheck = page.getByRole('dialog', { name: 'Link the group to this campaign?' });
  await expect(linkCheck.getByText('Its members are invited now')).toBeVisible();
  await expect(linkCheck.getByText('Nothing would change: no contact is affected.')).toBeVisible();
  await expect(figure(linkCheck, 'Invitations')).toHaveText('0');
  await expectAccessible(page, 'the link check');
  await linkCheck.getByRole('button', { name: 'Link and invite' }).click();
  await expect(linkCheck).toBeHidden();
  const linked = page.getByRole('region', { name: 'Linked campaigns' });
  await expect(linked.getByRole('link', { name: 'VIP survey' })).toBeVisible();
  await expectAccessible(page, 'the tag group page, linked');

  // Ada in the contact table: selected, and given both tags.
  await page.getByRole('link', { name: 'Contacts', exact: true }).click();
  const contacts = page.getByRole('table', { name: 'Contacts' });
  const row = contacts.getByRole('row').filter({ hasText: ada });
  await row.getByRole('checkbox', { name: 'Select Ada Lovelace' }).check();
  await expect(page.getByRole('status').filter({ hasText: '1 selected' })).toBeVisible();
  await page
    .getByRole('group', { name: 'Actions for the selected' })
    .getByRole('button', { name: 'Add tags' })
    .click();
  const picker = page.getByRole('dialog', { name: 'Add tags to 1 contact' });
  await typeTags(picker.getByRole('combobox', { name: 'Tags to add' }), ['vip', 'berlin']);
  await expectAccessible(page, 'the add-tags dialog');
  await picker.getByRole('button', { name: 'Check' }).click();

  // The preview: she would join the group and be invited to its campaign.
  const preview = page.getByRole('dialog', { name: 'Add these tags to 1 contact?' });
  await expect(preview.getByText('Adds the tags vip, berlin.')).toBeVisible();
  // One sentence says it all (its wording aside): tags, the group joined, the campaign invited to.
  await expect(preview).toContainText(/contact would get tags.*1 tag group.*1 campaign/);
  await expect(figure(preview, 'Tagged')).toHaveText('1');
  await expect(figure(preview, 'Invitations')).toHaveText('1');
  await expect(
    preview.getByRole('list', { name: 'Tag groups whose members would change' }),
  ).toMatchAriaSnapshot('- listitem: "vip and berlin: 1 would join, 0 would leave, 1 member afterwards"');
  const perCampaign = preview.getByRole('list', { name: 'Invitations per campaign' });
  await expect(perCampaign.getByRole('listitem')).toHaveCount(1);
  await expect(perCampaign).toContainText(/VIP survey.*: 1 invitation$/);
  await expectAccessible(page, 'the add-tags preview');
  await preview.getByRole('button', { name: 'Add tags' }).click();
  await expect(preview).toBeHidden();
  await expect(page.getByText('Tags added')).toBeVisible();
  await expect(row.getByText('vip', { exact: true })).toBeVisible();
  await expect(row.getByText('berlin', { exact: true })).toBeVisible();

  // Her invitation to the VIP survey arrives.
  const invitation = linkPath(await mailLinks(ada, { containing: 'VIP survey' }), 'i');
  expect(invitation).toMatch(/^\/p\/i\//);

  // Her page shows the invitation and why it was made: the group.
  await row.getByRole('link', { name: 'Ada Lovelace' }).click();
  await expect(page.getByRole('heading', { name: 'Ada Lovelace', level: 1 })).toBeVisible();
  const campaigns = page.getByRole('table', { name: 'Campaigns' });
  const vipRow = campaigns.getByRole('row').filter({ hasText: 'VIP survey' });
  await expect(vipRow).toContainText(
    'Invited through tag group “vip and berlin” after the tags berlin, vip were added by hand.',
  );
  await expect(vipRow.getByRole('link', { name: '“vip and berlin”' })).toBeVisible();
  await expectAccessible(page, 'the contact page with the invitation origin');

  // The group counts her now.
  await vipRow.getByRole('link', { name: '“vip and berlin”' }).click();
  await expect(page).toHaveURL(groupUrl);
  await expect(page.getByText('1 member').first()).toBeVisible();
  await expect(page.getByRole('table', { name: 'Members of the tag group' })).toContainText(ada);

  // The campaign's settings list the group among its tag groups.
  await linked.getByRole('link', { name: 'VIP survey' }).click();
  await expect(page).toHaveURL(new RegExp(`/connect/campaigns/${vipSurvey}`));
  const settings = page.getByRole('table', { name: 'Tag groups' });
  const groupRow = settings.getByRole('row').filter({ hasText: 'vip and berlin' });
  await expect(groupRow).toContainText('1 member');
  await expect(groupRow.getByRole('button', { name: 'Unlink “vip and berlin”' })).toBeVisible();
});

test('an option’s new tag goes to those who picked it already, after a preview that counts them', async ({
  page,
  owner,
}) => {
  test.slow();
  const api = await ownerApi(page.request, owner);
  const campaign = await api<{ _id: string }>('POST', '/campaign', { title: 'Bike survey' });
  await api('POST', `/campaign/${campaign._id}/question`, {
    type: 'SingleChoice',
    text: 'Which bike do you ride?',
    options: [{ text: 'Racing bike' }, { text: 'City bike' }],
  });
  await api('POST', `/campaign/${campaign._id}/start`);
  // A group of racers (racer or speed), linked to a running race survey: whoever gets the tag
  // is invited to it.
  const raceSurvey = await runningCampaign(page.request, owner, 'Race survey');
  const racers = await api<{ _id: string }>('POST', '/tag/tag-group', {
    title: 'Racers',
    condition: 'or',
    tags: ['racer', 'speed'],
  });
  await api('POST', `/tag/tag-group/${racers._id}/campaign`, { campaignIds: [raceSurvey] });
  // Two people picked the racing bike, one the city bike.
  const ben = address('ben');
  const cleo = address('cleo');
  const dora = address('dora');
  await answerOpenLink(
    page.request,
    campaign._id,
    { email: ben, firstname: 'Ben', lastname: 'Becker' },
    'Racing bike',
  );
  await answerOpenLink(
    page.request,
    campaign._id,
    { email: cleo, firstname: 'Cleo', lastname: 'Clark' },
    'Racing bike',
  );
  await answerOpenLink(
    page.request,
    campaign._id,
    { email: dora, firstname: 'Dora', lastname: 'Diaz' },
    'City bike',
  );

  await signInToConsole(page, owner);
  await page.getByRole('link', { name: 'Campaigns', exact: true }).click();
  await page.getByRole('link', { name: 'Bike survey' }).click();
  await page.getByRole('tab', { name: 'Questions' }).click();
  await page.getByRole('button', { name: 'Edit tags of “Racing bike”' }).click();
  const dialog = page.getByRole('dialog', { name: 'Tags of “Racing bike”' });
  // The picker suggests the group's tags; once one is added, the other's suggestion does not lie
  // over the switch below.
  const tags = dialog.getByRole('combobox', { name: 'Tags' });
  await tags.click();
  await expect(page.getByRole('option', { name: /^speed\s*0 contacts$/ })).toBeVisible();
  await typeTags(tags, ['racer']);
  await expect(page.getByRole('listbox', { name: 'Tags' })).toBeHidden();
  const toPast = dialog.getByRole('switch', {
    name: 'Also give these tags to those who picked this option already',
  });
  await expect(toPast).toHaveAccessibleDescription(/3 answers so far/);
  await toPast.check();
  await expectAccessible(page, 'the option tags dialog');
  // Saving now would be blind: the check comes first.
  await expect(dialog.getByRole('button', { name: 'Save tags' })).toBeDisabled();
  await dialog.getByRole('button', { name: 'Check' }).click();

  await expect(dialog.getByRole('heading', { name: 'What would happen' })).toBeVisible();
  // Said to screen readers too, as the dialog's status.
  await expect(dialog.getByRole('status')).toHaveText(/2 contacts would get tags.*1 tag group.*1 campaign/i);
  await expect(figure(dialog, 'Contacts reached')).toHaveText('2');
  await expect(figure(dialog, 'Tagged')).toHaveText('2');
  await expect(figure(dialog, 'Invitations')).toHaveText('2');
  // Shown as "+2 / −0 → 2", said to screen readers in words.
  const groupChanges = dialog.getByRole('list', { name: 'Tag groups whose members would change' });
  await expect(groupChanges).toContainText('Racers: +2 / −0 → 2');
  await expect(groupChanges).toMatchAriaSnapshot(
    '- listitem: "Racers: 2 would join, 0 would leave, 2 members afterwards"',
  );
  await expect(dialog.getByRole('list', { name: 'Invitations per campaign' })).toHaveText(
    /^“?Race survey”?: 2 invitations$/,
  );
  await expectAccessible(page, 'the option tags preview');
  await dialog.getByRole('button', { name: 'Save tags' }).click();
  await expect(dialog).toBeHidden();
  await expect(
    page.getByText("The option's tags were saved and given to those who picked it already."),
  ).toBeVisible();
  // The option shows its tag.
  await expect(page.getByRole('list', { name: 'Tags of “Racing bike”' })).toHaveText('racer');

  // The group invites Ben to its race survey (its job runs just after the tags were given).
  expect(linkPath(await mailLinks(ben, { containing: 'Race survey' }), 'i')).toMatch(/^\/p\/i\//);

  // Ben has the tag now; Dora, who rode the city bike, has not.
  await page.getByRole('link', { name: 'Contacts', exact: true }).click();
  const contacts = page.getByRole('table', { name: 'Contacts' });
  await expect(contacts.getByRole('row').filter({ hasText: ben })).toContainText('racer');
  const doraRow = contacts.getByRole('row').filter({ hasText: dora });
  await expect(doraRow).toBeVisible();
  await expect(doraRow).not.toContainText('racer');
  await contacts.getByRole('link', { name: 'Ben Becker' }).click();
  await expect(page.getByRole('heading', { name: 'Ben Becker', level: 1 })).toBeVisible();
  await expect(page.getByRole('list', { name: 'Tags' })).toContainText('racer');
  // His page says why he was invited to the race survey.
  await expect(
    page.getByRole('table', { name: 'Campaigns' }).getByRole('row').filter({ hasText: 'Race survey' }),
  ).toContainText(
    "Invited through tag group “Racers” after an answer option's tag racer was given to those who had picked it.",
  );
});

test('deleting a tag group shows what it would do first, and the German console names tag groups in German', async ({
  page,
  owner,
}) => {
  const api = await ownerApi(page.request, owner);
  await api('POST', '/tag/tag-group', { title: 'Dealers north', condition: 'or', tags: ['dealer', 'north'] });
  await api('POST', '/tag/tag-group', { title: 'Newsletter', tags: ['newsletter'] });

  await signInToConsole(page, owner);
  await page.getByRole('link', { name: 'Tag groups', exact: true }).click();
  const groups = page.getByRole('table', { name: 'Tag groups' });
  await expect(groups.getByRole('row').filter({ hasText: 'Dealers north' })).toContainText('Any tag');

  await groups.getByRole('button', { name: 'Delete Dealers north' }).click();
  const check = page.getByRole('dialog', { name: 'Delete the tag group “Dealers north”?' });
  await expect(check.getByText('Its contacts keep their tags')).toBeVisible();
  await expect(check.getByRole('heading', { name: 'What would happen' })).toBeVisible();
  await expect(check.getByText('Nothing would change: no contact is affected.')).toBeVisible();
  // Deleting is the unsafe choice: Cancel has the focus.
  await expect(check.getByRole('button', { name: 'Cancel' })).toBeFocused();
  await expectAccessible(page, 'the delete check');
  await check.getByRole('button', { name: 'Delete tag group' }).click();
  await expect(check).toBeHidden();
  await expect(page.getByText('Tag group “Dealers north” deleted')).toBeVisible();
  await expect(groups.getByRole('row').filter({ hasText: 'Dealers north' })).toHaveCount(0);
  await expect(groups.getByRole('link', { name: 'Newsletter' })).toBeVisible();

  // In German.
  await page.getByRole('combobox', { name: 'Language' }).selectOption({ label: 'Deutsch' });
  await expect(page.getByRole('heading', { name: 'Tag-Gruppen', level: 1 })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Neue Tag-Gruppe' })).toBeVisible();
  const german = page.getByRole('table', { name: 'Tag-Gruppen' });
  await expect(german.getByRole('columnheader', { name: 'Bedingung' })).toBeVisible();
  await expect(german.getByRole('row').filter({ hasText: 'Newsletter' })).toContainText('Alle Tags');
  await expectAccessible(page, 'the German tag groups page');
  await page.getByRole('button', { name: 'Neue Tag-Gruppe' }).click();
  const form = page.getByRole('dialog', { name: 'Neue Tag-Gruppe' });
  await expect(form.getByRole('radio', { name: 'Alle ihre Tags' })).toBeChecked();
  // A title is unique whatever its case: the field says so, and takes the focus.
  const title = form.getByRole('textbox', { name: /^Titel/ });
  await title.fill('newsletter');
  await form.getByRole('button', { name: 'Tag-Gruppe anlegen' }).click();
  await expect(title).toHaveAccessibleDescription(/Es gibt schon eine Tag-Gruppe mit diesem Titel/);
  await expect(title).toBeFocused();
  await expect(form).toBeVisible();
  await expectAccessible(page, 'the German form with a title taken');
});
