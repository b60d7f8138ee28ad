import { api } from '@parley/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { campaignId, makeCampaign, makeQuestion, serveCampaign } from '@/testing/campaign-fixtures';
import { makeTagGroup, makeTagReport } from '@/testing/tag-fixtures';
import { createTestBackend, type TestBackend } from '@/testing/test-backend';
import { renderApp } from '@/testing/test-utils';

const page = `/connect/campaigns/${campaignId}`;

// The campaign page's lazy module (with the date picker) is transformed on first use; doing it
// here keeps the first test's time its own on a busy machine.
beforeAll(async () => {
  await import('@/app/routes/app/connect/campaign');
}, 60_000);

const serveTagSearch = (backend: TestBackend) =>
  backend.server.on(api.tags.search, () => ({
    body: { documents: [{ tag: 'vip', contactCount: 12 }], total: 1 },
  }));

/** A tag call answering its check, then the change, with `invitations` sent to this campaign. */
const report = (callForCheck: boolean, invitations = 0) =>
  makeTagReport({
    check: callForCheck,
    contacts: 12,
    tagged: 12,
    groups: [
      { _id: 'eeeeeeee-eeee-4eee-8eee-000000000042', title: 'VIP', gained: 12, lost: 0, memberCount: 30 },
    ],
    invitations,
    campaigns: invitations > 0 ? [{ _id: campaignId, title: 'Bike survey', invitations }] : [],
  });

const checkOf = (body: unknown) => (body as { callForCheck: boolean }).callForCheck;

describe('campaign tags', () => {
  it('adds campaign tags, also to those who answered already, after a check', async () => {
    const backend = createTestBackend();
    backend.signInStored();
    const state = serveCampaign(
      backend,
      makeCampaign({ state: 'running', hasStarted: true, ticketCount: 12 }),
    );
    serveTagSearch(backend);
    backend.server.on(api.tags.addCampaignTags, { id: campaignId }, ({ body }) => {
      if (!checkOf(body)) state.campaign = { ...state.campaign, tags: ['vip'] };
      return { body: report(checkOf(body), 1) };
    });
    const { user } = renderApp(page);

    expect(await screen.findByText('No campaign tags yet.')).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Add tags' }));
    const picker = await screen.findByRole('dialog', { name: 'Add campaign tags' });
    await user.type(within(picker).getByRole('combobox', { name: /^Tags to add/ }), 'VIP{Enter}');
    const past = within(picker).getByRole('switch', { name: /^Also tag those who answered already/ });
    expect(past).toHaveAccessibleDescription('12 answers so far.');
    await user.click(past);
    await user.click(within(picker).getByRole('button', { name: 'Check' }));

    const confirm = await screen.findByRole('dialog', { name: 'Add this campaign tag?' });
    expect(
      within(confirm).getByText('Participants from now on and those who answered already get the tag vip.'),
    ).toBeVisible();
    expect(
      within(confirm).getByText(
        'These 12 contacts would get tags, 1 tag group would gain 12 members, and 1 invitation to 1 campaign would be sent.',
      ),
    ).toBeVisible();
    await user.click(within(confirm).getByRole('button', { name: 'Add tags' }));

    expect(await screen.findByText('Campaign tags added')).toBeVisible();
    expect(
      backend.server.requestsTo(api.tags.addCampaignTags, { id: campaignId }).map((r) => r.body),
    ).toEqual([
      { tags: ['vip'], applyToPast: true, callForCheck: true },
      { tags: ['vip'], applyToPast: true, callForCheck: false },
    ]);
    // The campaign is read again: its tag shows.
    expect(await screen.findByRole('button', { name: 'Remove tag “vip”' })).toBeVisible();
  });

  it('removes a campaign tag after a check', async () => {
    const backend = createTestBackend();
    backend.signInStored();
    serveCampaign(backend, makeCampaign({ state: 'running', tags: ['vip', 'fair'] }));
    backend.server.on(api.tags.removeCampaignTags, { id: campaignId }, ({ body }) => ({
      body: makeTagReport({ check: checkOf(body) }),
    }));
    const { user } = renderApp(page);

    await user.click(await screen.findByRole('button', { name: 'Remove tag “fair”' }));
    const confirm = await screen.findByRole('dialog', { name: 'Remove the campaign tag “fair”?' });
    expect(
      within(confirm).getByText(
        'Later participants will not get it. Contacts keep the tags they already got.',
      ),
    ).toBeVisible();
    await user.click(within(confirm).getByRole('button', { name: 'Remove tag' }));

    expect(await screen.findByText('Campaign tag removed')).toBeVisible();
    expect(backend.server.requestsTo(api.tags.removeCampaignTags).map((r) => r.body)).toEqual([
      { tags: ['fair'], callForCheck: true },
      { tags: ['fair'], callForCheck: false },
    ]);
  });

  it('keeps an archived campaign’s tags as they are and says why', async () => {
    const backend = createTestBackend();
    backend.signInStored();
    serveCampaign(backend, makeCampaign({ state: 'archived', archivedFrom: 'ended', tags: ['vip'] }));
    renderApp(page);

    expect(await screen.findByText('This campaign is archived: its tags cannot change.')).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Add tags' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Remove tag “vip”' })).toBeNull();
    expect(screen.getByText('The campaign is archived: tag groups cannot be linked.')).toBeVisible();
    expect(screen.getByRole('button', { name: 'Link tag groups' })).toBeDisabled();
  });
});

describe("a campaign's tag groups", () => {
  it('lists the linked groups, links more after a check and unlinks one', async () => {
    const backend = createTestBackend();
    backend.signInStored();
    serveCampaign(backend, makeCampaign({ state: 'running', hasStarted: true }));
    const linked = makeTagGroup({
      title: 'Dealers',
      condition: 'or',
      tags: ['dealer', 'north'],
      memberCount: 4,
      campaigns: [{ _id: campaignId, title: 'Bike survey', state: 'running' }],
    });
    const other = makeTagGroup({ title: 'VIP', tags: ['vip'], memberCount: 30 });
    backend.server.on(api.tags.groups, ({ query }) => ({
      body:
        query.get('campaignId') === campaignId
          ? { documents: [linked], total: 1 }
          : { documents: [linked, other], total: 2 },
    }));
    backend.server.on(api.tags.linkGroups, { id: campaignId }, ({ body }) => ({
      body: report(checkOf(body), 30),
    }));
    backend.server.on(api.tags.unlinkCampaigns, { id: linked._id }, ({ body }) => ({
      body: makeTagReport({ check: checkOf(body) }),
    }));
    const { user } = renderApp(page);

    const table = await screen.findByRole('table', { name: 'Tag groups' });
    const row = (await within(table).findByRole('link', { name: 'Dealers' })).closest('tr') as HTMLElement;
    expect(within(table).getByRole('link', { name: 'Dealers' })).toHaveAttribute(
      'href',
      `/connect/tag-groups/${linked._id}`,
    );
    expect(within(row).getByText('Has any of these tags:')).toBeVisible();
    expect(within(row).getByText('4 members')).toBeVisible();

    await user.click(screen.getByRole('button', { name: 'Link tag groups' }));
    const picker = await screen.findByRole('dialog', { name: 'Link tag groups' });
    await user.click(within(picker).getByRole('combobox', { name: /^Tag groups/ }));
    const listbox = await screen.findByRole('listbox');
    // A group linked already is not offered again.
    expect(within(listbox).queryByRole('option', { name: /Dealers/ })).toBeNull();
    await user.click(within(listbox).getByRole('option', { name: /^VIP/ }));
    await user.click(within(picker).getByRole('button', { name: 'Check' }));

    const confirm = await screen.findByRole('dialog', { name: 'Link this tag group?' });
    expect(within(confirm).getByText('“Bike survey”: 30 invitations')).toBeVisible();
    await user.click(within(confirm).getByRole('button', { name: 'Link' }));
    expect(await screen.findByText('Tag groups linked')).toBeVisible();
    expect(backend.server.requestsTo(api.tags.linkGroups).map((r) => r.body)).toEqual([
      { tagGroupIds: [other._id], callForCheck: true },
      { tagGroupIds: [other._id], callForCheck: false },
    ]);

    await user.click(screen.getByRole('button', { name: 'Unlink “Dealers”' }));
    const unlink = await screen.findByRole('dialog', { name: 'Unlink the tag group “Dealers”?' });
    await user.click(within(unlink).getByRole('button', { name: 'Unlink' }));
    expect(await screen.findByText('Tag group unlinked')).toBeVisible();
    expect(backend.server.requestsTo(api.tags.unlinkCampaigns).map((r) => r.body)).toEqual([
      { campaignIds: [campaignId], callForCheck: true },
      { campaignIds: [campaignId], callForCheck: false },
    ]);
  });

  it('pages the linked groups', async () => {
    const backend = createTestBackend();
    backend.signInStored();
    serveCampaign(backend, makeCampaign({ state: 'running', hasStarted: true }));
    const groups = Array.from({ length: 21 }, (_, i) =>
      makeTagGroup({ title: `Region ${String(i + 1).padStart(2, '0')}`, tags: ['region'] }),
    );
    backend.server.on(api.tags.groups, ({ query }) => {
      const page = Number(query.get('page') ?? 1);
      const limit = Number(query.get('limit') ?? 20);
      return { body: { documents: groups.slice((page - 1) * limit, page * limit), total: groups.length } };
    });
    const { user } = renderApp(page);

    const table = await screen.findByRole('table', { name: 'Tag groups' });
    expect(await within(table).findByRole('link', { name: 'Region 20' })).toBeVisible();
    expect(within(table).queryByRole('link', { name: 'Region 21' })).toBeNull();
    expect(screen.getByText('21 linked tag groups')).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Page 2' }));
    expect(await within(table).findByRole('link', { name: 'Region 21' })).toBeVisible();
  });

  it('links no tag group to a draft and says why', async () => {
    const backend = createTestBackend();
    backend.signInStored();
    serveCampaign(backend, makeCampaign());
    renderApp(page);

    expect(await screen.findByText('No tag groups linked')).toBeVisible();
    expect(screen.getByRole('button', { name: 'Link tag groups' })).toBeDisabled();
    expect(
      screen.getByText('Tag groups can be linked once the campaign runs: start it first.'),
    ).toBeVisible();
  });
});

describe('option tags', () => {
  it('gives the tags to past pickers only after showing what it would do', async () => {
    const backend = createTestBackend();
    backend.signInStored();
    const question = makeQuestion('Your bike?', ['City', 'Mountain']);
    const city = question.options[0];
    if (!city) throw new Error('no option');
    serveCampaign(backend, makeCampaign({ state: 'running', hasStarted: true, ticketCount: 5 }), [question]);
    serveTagSearch(backend);
    const params = { id: campaignId, qid: question._id, oid: city._id };
    backend.server.on(api.tags.simulate, params, () => ({ body: report(true, 2) }));
    backend.server.on(api.questions.optionTags, params, ({ body }) => ({
      body: {
        ...question,
        options: question.options.map((o) =>
          o._id === city._id ? { ...o, tags: (body as { tags: string[] }).tags } : o,
        ),
      },
    }));
    const { user } = renderApp(`${page}?tab=questions`);

    await user.click(await screen.findByRole('button', { name: 'Edit tags of “City”' }));
    const dialog = await screen.findByRole('dialog', { name: 'Tags of “City”' });
    await user.type(within(dialog).getByRole('combobox', { name: /^Tags/ }), 'urban{Enter}');
    await user.click(
      within(dialog).getByRole('switch', {
        name: /^Also give these tags to those who picked this option already/,
      }),
    );
    // Saving waits for the check.
    expect(within(dialog).getByRole('button', { name: 'Save tags' })).toBeDisabled();
    await user.click(within(dialog).getByRole('button', { name: 'Check' }));

    // Shown in the report, and said to screen readers.
    expect(await within(dialog).findByRole('heading', { name: 'What would happen' })).toBeVisible();
    const summary =
      'These 12 contacts would get tags, 1 tag group would gain 12 members, and 2 invitations to 1 campaign would be sent.';
    expect(within(dialog).getAllByText(summary)).toHaveLength(2);
    expect(backend.server.requestsTo(api.tags.simulate)[0]?.query.getAll('tags[]')).toEqual(['urban']);
    expect(backend.server.requestsTo(api.questions.optionTags)).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'Save tags' }));

    expect(
      await screen.findByText("The option's tags were saved and given to those who picked it already."),
    ).toBeVisible();
    expect(backend.server.requestsTo(api.questions.optionTags).map((r) => r.body)).toEqual([
      { tags: ['urban'], applyToPast: true },
    ]);
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Tags of “City”' })).toBeNull());
  });

  it('saves the tags for later pickers only without a check', async () => {
    const backend = createTestBackend();
    backend.signInStored();
    const question = makeQuestion('Your bike?', ['City', 'Mountain']);
    serveCampaign(backend, makeCampaign({ state: 'draft' }), [question]);
    serveTagSearch(backend);
    backend.server.on(api.questions.optionTags, () => ({ body: question }));
    const { user } = renderApp(`${page}?tab=questions`);

    await user.click(await screen.findByRole('button', { name: 'Edit tags of “Mountain”' }));
    const dialog = await screen.findByRole('dialog', { name: 'Tags of “Mountain”' });
    // Nobody answered a draft: nothing to give to past pickers.
    expect(within(dialog).queryByRole('switch')).toBeNull();
    await user.type(within(dialog).getByRole('combobox', { name: /^Tags/ }), 'offroad{Enter}');
    await user.click(within(dialog).getByRole('button', { name: 'Save tags' }));

    expect(await screen.findByText("The option's tags were saved.")).toBeVisible();
    expect(backend.server.requestsTo(api.questions.optionTags).map((r) => r.body)).toEqual([
      { tags: ['offroad'], applyToPast: false },
    ]);
    expect(backend.server.requestsTo(api.tags.simulate)).toHaveLength(0);
  });
});
