import { api, type TagGroup } from '@parley/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { makeContact } from '@/testing/contact-fixtures';
import { makeTagGroup, makeTagReport } from '@/testing/tag-fixtures';
import { createTestBackend, type TestBackend } from '@/testing/test-backend';
import { currentUrl, renderApp } from '@/testing/test-utils';

// The lazy route modules are transformed on first use; doing it here keeps the first test's time its own.
beforeAll(async () => {
  await import('@/app/routes/app/connect/tag-groups');
  await import('@/app/routes/app/connect/tag-group');
}, 60_000);

const bikeSurvey = {
  _id: '66666666-6666-4666-8666-666666666666',
  title: 'Bike survey',
  state: 'running' as const,
};
const dealerSurvey = {
  _id: '66666666-6666-4666-8666-666666666667',
  title: 'Dealer survey',
  state: 'running' as const,
};

/** The group calls as the real server answers them, over the groups kept in `state`. */
const serveGroups = (backend: TestBackend, groups: TagGroup[]) => {
  const state = { groups };
  backend.server.on(api.tags.groups, ({ query }) => {
    const search = query.get('search')?.toLowerCase();
    const documents = state.groups.filter((g) => !search || g.title.toLowerCase().includes(search));
    return { body: { documents, total: documents.length } };
  });
  backend.server.on(api.tags.search, () => ({ body: { documents: [], total: 0 } }));
  return state;
};

const bodyOf = (request: { body: unknown } | undefined) => request?.body as Record<string, unknown>;

describe('tag groups page', () => {
  it('lists the groups with their condition, tags, members and linked campaigns, searched in the address', async () => {
    const backend = createTestBackend();
    backend.signInStored();
    serveGroups(backend, [
      makeTagGroup({
        title: 'Northern dealers',
        description: 'Every dealer in the north',
        condition: 'and',
        tags: ['dealer', 'north'],
        memberCount: 12,
        campaigns: [dealerSurvey],
      }),
      makeTagGroup({ title: 'Press', condition: 'or', tags: ['press'], memberCount: 1 }),
    ]);
    const { user } = renderApp('/connect/tag-groups');

    expect(await screen.findByRole('heading', { level: 1, name: 'Tag groups' })).toBeVisible();
    const dealers = within(
      (await screen.findByRole('link', { name: 'Northern dealers' })).closest('tr') as HTMLElement,
    );
    expect(dealers.getByText('Every dealer in the north')).toBeVisible();
    expect(dealers.getByText('All tags')).toBeVisible();
    const tags = dealers.getByRole('list', { name: 'Tags of Northern dealers' });
    expect(
      within(tags)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['dealer', 'north']);
    expect(dealers.getByText('12 members')).toBeVisible();
    expect(dealers.getByRole('link', { name: 'Dealer survey' })).toHaveAttribute(
      'href',
      `/connect/campaigns/${dealerSurvey._id}`,
    );
    const press = within(screen.getByRole('link', { name: 'Press' }).closest('tr') as HTMLElement);
    expect(press.getByText('Any tag')).toBeVisible();
    expect(press.getByText('1 member')).toBeVisible();
    expect(backend.server.requestsTo(api.tags.groups)[0]?.url).toBe(
      '/api/tag/tag-group?page=1&limit=20&sort=title',
    );

    await user.type(screen.getByRole('textbox', { name: 'Search' }), 'pre');
    await waitFor(() =>
      expect(backend.server.requestsTo(api.tags.groups).at(-1)?.url).toBe(
        '/api/tag/tag-group?page=1&limit=20&sort=title&search=pre',
      ),
    );
    await waitFor(() => expect(screen.queryByRole('link', { name: 'Northern dealers' })).toBeNull());
    expect(currentUrl()).toBe('/connect/tag-groups?q=pre');
  });

  it('says so when there is no group yet, and offers to create one', async () => {
    const backend = createTestBackend();
    backend.signInStored();
    serveGroups(backend, []);
    const { user } = renderApp('/connect/tag-groups');

    expect(await screen.findByText('No tag groups yet')).toBeVisible();
    const buttons = screen.getAllByRole('button', { name: 'New tag group' });
    expect(buttons).toHaveLength(2);
    await user.click(buttons.at(-1) as HTMLElement);
    expect(await screen.findByRole('dialog', { name: 'New tag group' })).toBeVisible();
  });

  it('says when the groups cannot be loaded', async () => {
    const backend = createTestBackend();
    backend.signInStored();
    backend.server.on(api.tags.groups, () => ({ status: 500, body: { code: 'internal', message: 'Down' } }));
    renderApp('/connect/tag-groups');

    expect(await screen.findByRole('button', { name: 'Try again' })).toBeVisible();
  });

  it('checks a new group’s title, then creates it with its condition and tags and opens it', async () => {
    const backend = createTestBackend();
    backend.signInStored();
    serveGroups(backend, []);
    const created = makeTagGroup({ title: 'VIP', condition: 'or', tags: ['vip', 'gold'] });
    backend.server.on(api.tags.create, () => ({ status: 201, body: created }));
    backend.server.on(api.tags.group, { id: created._id }, () => ({ body: created }));
    backend.server.on(api.tags.members, { id: created._id }, () => ({ body: { documents: [], total: 0 } }));
    backend.server.on(api.campaigns.names, () => ({ body: { documents: [] } }));
    const { user } = renderApp('/connect/tag-groups');

    await user.click((await screen.findAllByRole('button', { name: 'New tag group' }))[0] as HTMLElement);
    const dialog = within(await screen.findByRole('dialog', { name: 'New tag group' }));
    await user.click(dialog.getByRole('button', { name: 'Create tag group' }));
    expect(await dialog.findByText('Enter a title for the tag group.')).toBeVisible();
    expect(backend.server.requestsTo(api.tags.create)).toHaveLength(0);

    await user.type(dialog.getByRole('textbox', { name: /^Title/ }), '  VIP ');
    expect(dialog.queryByText('Enter a title for the tag group.')).toBeNull();
    await user.click(dialog.getByRole('radio', { name: /Any of its tags/ }));
    await user.type(dialog.getByRole('combobox', { name: 'Tags' }), 'VIP, Gold{Enter}');
    await user.click(dialog.getByRole('button', { name: 'Create tag group' }));

    await waitFor(() => expect(backend.server.requestsTo(api.tags.create)).toHaveLength(1));
    expect(bodyOf(backend.server.requestsTo(api.tags.create)[0])).toEqual({
      title: 'VIP',
      description: '',
      condition: 'or',
      tags: ['vip', 'gold'],
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'VIP' })).toBeVisible();
    expect(currentUrl()).toBe(`/connect/tag-groups/${created._id}`);
  });

  it('deletes a group after showing what it would do, then sends it for real', async () => {
    const backend = createTestBackend();
    backend.signInStored();
    const vip = makeTagGroup({ title: 'VIP', tags: ['vip'], memberCount: 12 });
    const state = serveGroups(backend, [vip, makeTagGroup({ title: 'Press' })]);
    backend.server.on(api.tags.remove, { id: vip._id }, ({ body }) => {
      const { callForCheck } = body as { callForCheck: boolean };
      if (!callForCheck) state.groups = state.groups.filter((g) => g._id !== vip._id);
      return {
        body: makeTagReport({
          check: callForCheck,
          contacts: 12,
          groups: [{ _id: vip._id, title: 'VIP', gained: 0, lost: 12, memberCount: 0 }],
        }),
      };
    });
    const { user } = renderApp('/connect/tag-groups');

    await user.click(await screen.findByRole('button', { name: 'Delete VIP' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Delete the tag group “VIP”?' }));
    expect(bodyOf(backend.server.requestsTo(api.tags.remove)[0])).toEqual({ callForCheck: true });
    expect(dialog.getByText('1 tag group would lose 12 members.')).toBeVisible();
    expect(dialog.getByText(/^VIP/)).toBeVisible();
    expect(dialog.getByText('0 would join, 12 would leave, 0 members afterwards')).toBeInTheDocument();
    expect(state.groups).toHaveLength(2);
    // A deletion: keeping things as they are has the focus.
    expect(dialog.getByRole('button', { name: 'Cancel' })).toHaveFocus();

    await user.click(dialog.getByRole('button', { name: 'Delete tag group' }));
    await waitFor(() => expect(backend.server.requestsTo(api.tags.remove)).toHaveLength(2));
    expect(bodyOf(backend.server.requestsTo(api.tags.remove)[1])).toEqual({ callForCheck: false });
    const notice = await screen.findByRole('alert');
    expect(notice).toHaveTextContent('Tag group “VIP” deleted');
    expect(notice).toHaveTextContent('1 tag group lost 12 members.');
    await waitFor(() => expect(screen.queryByRole('link', { name: 'VIP' })).toBeNull());
    expect(screen.getByRole('link', { name: 'Press' })).toBeVisible();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    // The row's button has gone: the focus goes to "New tag group", not to the page's start.
    await waitFor(() => expect(screen.getByRole('button', { name: 'New tag group' })).toHaveFocus());
  });

  it('sends nothing when the preview is cancelled, and says why a check was refused', async () => {
    const backend = createTestBackend();
    backend.signInStored();
    const vip = makeTagGroup({ title: 'VIP' });
    const gone = makeTagGroup({ title: 'Gone' });
    serveGroups(backend, [vip, gone]);
    backend.server.on(api.tags.remove, { id: vip._id }, () => ({ body: makeTagReport() }));
    const { user } = renderApp('/connect/tag-groups');

    await user.click(await screen.findByRole('button', { name: 'Delete VIP' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Delete the tag group “VIP”?' }));
    expect(dialog.getByText('Nothing would change: no contact is affected.')).toBeVisible();
    await user.click(dialog.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(backend.server.requestsTo(api.tags.remove)).toHaveLength(1);

    // No handler for this group: the server answers 404.
    await user.click(screen.getByRole('button', { name: 'Delete Gone' }));
    const notice = await screen.findByRole('alert');
    expect(notice).toHaveTextContent('The tag group could not be deleted');
    expect(notice).toHaveTextContent('This record does not exist (any more).');
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});

describe('tag group page', () => {
  const serveGroup = (backend: TestBackend, group: TagGroup) => {
    const state = { group };
    backend.server.on(api.tags.group, { id: group._id }, () => ({ body: state.group }));
    backend.server.on(api.tags.members, { id: group._id }, () => ({
      body: {
        documents: [
          makeContact({
            _id: '99999999-9999-4999-8999-000000000123',
            email: 'ada@example.com',
            firstname: 'Ada',
            lastname: 'Lovelace',
            tags: ['vip', 'other'],
          }),
        ],
        total: 1,
      },
    }));
    backend.server.on(api.tags.search, () => ({ body: { documents: [], total: 0 } }));
    backend.server.on(api.campaigns.names, () => ({ body: { documents: [bikeSurvey, dealerSurvey] } }));
    return state;
  };

  it('shows the group’s tags, linked campaigns and members, each member a link to the contact', async () => {
    const backend = createTestBackend();
    backend.signInStored();
    const group = makeTagGroup({ title: 'VIP', tags: ['vip'], memberCount: 1, campaigns: [bikeSurvey] });
    serveGroup(backend, group);
    renderApp(`/connect/tag-groups/${group._id}`);

    expect(await screen.findByRole('heading', { level: 1, name: 'VIP' })).toBeVisible();
    await waitFor(() => expect(document.title).toMatch(/^VIP – Tag group/));
    expect(screen.getByRole('button', { name: 'Remove tag “vip”' })).toBeVisible();
    expect(screen.getByRole('button', { name: 'Unlink the campaign “Bike survey”' })).toBeVisible();
    const members = await screen.findByRole('table', { name: 'Members of the tag group' });
    expect(within(members).getByRole('link', { name: 'Ada Lovelace' })).toHaveAttribute(
      'href',
      '/connect/contacts/99999999-9999-4999-8999-000000000123',
    );
    // Only the group's tags: why the contact is a member.
    expect(within(members).getByRole('list', { name: 'Matching tags of ada@example.com' })).toHaveTextContent(
      'vip',
    );
    expect(within(members).queryByText('other')).toBeNull();
  });

  it('adds tags after showing who would join and be invited', async () => {
    const backend = createTestBackend();
    backend.signInStored();
    const group = makeTagGroup({ title: 'VIP', condition: 'or', tags: ['vip'], campaigns: [bikeSurvey] });
    const state = serveGroup(backend, group);
    backend.server.on(api.tags.addTags, { id: group._id }, ({ body }) => {
      const { callForCheck, tags } = body as { callForCheck: boolean; tags: string[] };
      if (!callForCheck)
        state.group = { ...state.group, tags: [...state.group.tags, ...tags], memberCount: 3 };
      return {
        body: makeTagReport({
          check: callForCheck,
          contacts: 3,
          groups: [{ _id: group._id, title: 'VIP', gained: 3, lost: 0, memberCount: 3 }],
          invitations: 2,
          campaigns: [{ ...bikeSurvey, invitations: 2 }],
          problems: [{ code: 'contact/7', message: 'unsubscribed', count: 1 }],
        }),
      };
    });
    const { user } = renderApp(`/connect/tag-groups/${group._id}`);

    await user.type(await screen.findByRole('combobox', { name: 'Add tags' }), 'Gold{Enter}');
    await user.click(screen.getByRole('button', { name: 'Add tag' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Add the tag “gold”?' }));
    expect(bodyOf(backend.server.requestsTo(api.tags.addTags)[0])).toEqual({
      tags: ['gold'],
      callForCheck: true,
    });
    expect(
      dialog.getByText('1 tag group would gain 3 members and 2 invitations to 1 campaign would be sent.'),
    ).toBeVisible();
    expect(dialog.getByText('“Bike survey”: 2 invitations')).toBeVisible();
    expect(dialog.getByText('1 contact would not be invited')).toBeVisible();

    await user.click(dialog.getByRole('button', { name: 'Add' }));
    await waitFor(() => expect(backend.server.requestsTo(api.tags.addTags)).toHaveLength(2));
    expect(bodyOf(backend.server.requestsTo(api.tags.addTags)[1])).toEqual({
      tags: ['gold'],
      callForCheck: false,
    });
    expect(await screen.findByRole('alert')).toHaveTextContent(
      '1 tag group gained 3 members and 2 invitations to 1 campaign were sent.',
    );
    expect(await screen.findByRole('button', { name: 'Remove tag “gold”' })).toBeVisible();
  });

  it('links running campaigns after a check, offering only those not linked yet', async () => {
    const backend = createTestBackend();
    backend.signInStored();
    const group = makeTagGroup({ title: 'VIP', tags: ['vip'], campaigns: [bikeSurvey] });
    serveGroup(backend, group);
    backend.server.on(api.tags.linkCampaigns, { id: group._id }, ({ body }) => ({
      body: makeTagReport({
        check: (body as { callForCheck: boolean }).callForCheck,
        contacts: 4,
        invitations: 4,
        campaigns: [{ ...dealerSurvey, invitations: 4 }],
      }),
    }));
    const { user } = renderApp(`/connect/tag-groups/${group._id}`);

    await user.click(await screen.findByRole('button', { name: 'Link campaigns' }));
    expect(await screen.findByText('Choose at least one campaign.')).toBeVisible();
    await user.click(screen.getByRole('combobox', { name: 'Link running campaigns' }));
    expect(screen.queryByRole('option', { name: 'Bike survey' })).toBeNull();
    await user.click(await screen.findByRole('option', { name: 'Dealer survey' }));
    await user.click(screen.getByRole('button', { name: 'Link campaigns' }));

    const dialog = within(await screen.findByRole('dialog', { name: 'Link the group to this campaign?' }));
    expect(dialog.getByText('4 invitations to 1 campaign would be sent.')).toBeVisible();
    await user.click(dialog.getByRole('button', { name: 'Link and invite' }));
    await waitFor(() => expect(backend.server.requestsTo(api.tags.linkCampaigns)).toHaveLength(2));
    expect(bodyOf(backend.server.requestsTo(api.tags.linkCampaigns)[1])).toEqual({
      campaignIds: [dealerSurvey._id],
      callForCheck: false,
    });
    expect(await screen.findByRole('alert')).toHaveTextContent('Campaigns linked');
  });

  it('saves a new title at once, and checks a new condition first', async () => {
    const backend = createTestBackend();
    backend.signInStored();
    const group = makeTagGroup({ title: 'VIP', tags: ['vip', 'gold'], condition: 'and' });
    const state = serveGroup(backend, group);
    backend.server.on(api.tags.update, { id: group._id }, ({ body }) => {
      const b = body as { callForCheck: boolean; title?: string; condition?: 'and' | 'or' };
      if (!b.callForCheck) {
        state.group = {
          ...state.group,
          ...(b.title ? { title: b.title } : {}),
          ...(b.condition ? { condition: b.condition } : {}),
          updatedAt: new Date().toISOString(),
        };
      }
      return {
        body: makeTagReport({
          check: b.callForCheck,
          contacts: 5,
          groups: [{ _id: group._id, title: 'VIP', gained: 5, lost: 0, memberCount: 5 }],
        }),
      };
    });
    const { user } = renderApp(`/connect/tag-groups/${group._id}`);

    const title = await screen.findByRole('textbox', { name: /^Title/ });
    await user.clear(title);
    await user.type(title, 'Top customers');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(backend.server.requestsTo(api.tags.update)).toHaveLength(1));
    expect(bodyOf(backend.server.requestsTo(api.tags.update)[0])).toEqual({
      title: 'Top customers',
      updatedAt: group.updatedAt,
      callForCheck: false,
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Top customers' })).toBeVisible();

    await user.click(screen.getByRole('radio', { name: /Any of its tags/ }));
    await user.click(screen.getByRole('button', { name: 'Check and save' }));
    const dialog = within(
      await screen.findByRole('dialog', { name: 'Change the condition to “Any of its tags”?' }),
    );
    expect(bodyOf(backend.server.requestsTo(api.tags.update)[1])).toMatchObject({
      condition: 'or',
      callForCheck: true,
    });
    expect(dialog.getByText('1 tag group would gain 5 members.')).toBeVisible();
    await user.click(dialog.getByRole('button', { name: 'Save condition' }));
    await waitFor(() => expect(backend.server.requestsTo(api.tags.update)).toHaveLength(3));
    expect(bodyOf(backend.server.requestsTo(api.tags.update)[2])).toMatchObject({
      condition: 'or',
      callForCheck: false,
    });
  });
});
