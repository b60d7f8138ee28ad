import { api, type Manufacturer } from '@parley/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { makePostListItem, servePostFeed } from '@/testing/post-fixtures';
import { createTestBackend, makeOwner, type TestBackend } from '@/testing/test-backend';
import { currentUrl, renderApp } from '@/testing/test-utils';

// The lazy route module is transformed on first use; doing it here keeps the first test's time its own.
beforeAll(async () => {
  await import('@/app/routes/app/platform/tickets');
}, 60_000);

const anna = makePostListItem({
  authorName: 'Anna',
  excerpt: 'The brakes squeak after the rain.',
  state: 'pending',
  hasNew: true,
  commentCount: 3,
  mediaCount: 2,
  publicReports: 0,
  publishAt: '2025-03-07T09:00:00.000Z',
  createdAt: '2025-03-04T12:00:00.000Z',
});
const ben = makePostListItem({
  authorName: 'Ben',
  excerpt: 'Great saddle, thanks!',
  state: 'published',
  manuType: 'praise',
  answered: true,
  publicReports: 4,
  createdAt: '2025-03-02T12:00:00.000Z',
  lastActivityAt: '2025-03-05T12:00:00.000Z',
});
const cleo = makePostListItem({
  authorName: 'Cleo',
  excerpt: 'Spam spam spam',
  state: 'reported',
  createdAt: '2025-03-01T12:00:00.000Z',
});

const setUp = (
  options: { flags?: Partial<Manufacturer>; posts?: ReturnType<typeof makePostListItem>[] } = {},
) => {
  const owner = makeOwner();
  const backend = createTestBackend({
    owner: { ...owner, manufacturer: { ...owner.manufacturer, ...options.flags } },
  });
  backend.signInStored();
  const feed = servePostFeed(backend, options.posts ?? [anna, ben, cleo]);
  return { backend, feed };
};

const lastQuery = (backend: TestBackend) => backend.server.requestsTo(api.posts.list).at(-1)?.query;
const rowOf = (name: string) => screen.getByRole('link', { name }).closest('tr') as HTMLElement;

describe('the platform feed', () => {
  it('shows a search’s count that stopped as “1000+ posts”', async () => {
    const { backend } = setUp();
    const many = Array.from({ length: 20 }, (_, i) => makePostListItem({ authorName: `Author ${i}` }));
    backend.server.on(api.posts.list, () => ({
      body: {
        documents: many,
        total: 1000,
        totalAtLeast: true,
        counts: { pending: 1000, published: 0, unpublished: 0, reported: 0 },
      },
    }));
    renderApp('/platform/tickets');
    expect(await screen.findByText('1000+ posts')).toBeVisible();
  });

  it('shows each post’s author, excerpt, state, classification, counts, unread marker and auto-publish date, with the counts by state', async () => {
    const { backend } = setUp();
    renderApp('/platform/tickets');

    const table = await screen.findByRole('table', { name: 'Posts' });
    await within(table).findByRole('link', { name: 'Anna' });
    expect(lastQuery(backend)?.get('feed_type')).toBe('small');
    expect(lastQuery(backend)?.getAll('states[]')).toEqual([]);

    const annaRow = within(rowOf('Anna'));
    expect(annaRow.getByRole('img', { name: 'New from the author' })).toBeVisible();
    expect(annaRow.getByText('The brakes squeak after the rain.')).toBeVisible();
    expect(annaRow.getByText('Pending')).toBeVisible();
    expect(annaRow.getByText('Not classified')).toBeVisible();
    expect(annaRow.getByText('3 comments')).toBeInTheDocument();
    expect(annaRow.getByText('2 images or videos')).toBeInTheDocument();
    expect(annaRow.getByText(/Publishes on 03\/07\/2025/)).toBeVisible();
    expect(screen.getByRole('link', { name: 'Anna' })).toHaveAttribute(
      'href',
      `/platform/tickets/${anna._id}`,
    );

    const benRow = within(rowOf('Ben'));
    expect(benRow.queryByRole('img', { name: 'New from the author' })).toBeNull();
    expect(benRow.getByText('Published')).toBeVisible();
    expect(benRow.getByText('Praise')).toBeVisible();
    expect(benRow.getByText('4 reports by visitors')).toBeInTheDocument();

    expect(screen.getByRole('tab', { name: /^All\s*3 posts$/ })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tab', { name: /^Pending\s*1 post$/ })).toBeVisible();
    expect(screen.getByRole('tab', { name: /^Unpublished\s*0 posts$/ })).toBeVisible();
  });

  it('keeps the state, the filters and the order in the address and sends them', async () => {
    const { backend } = setUp();
    const { user } = renderApp('/platform/tickets');
    await screen.findByRole('link', { name: 'Anna' });

    await user.click(screen.getByRole('tab', { name: /^Reported/ }));
    await waitFor(() => expect(currentUrl()).toBe('/platform/tickets?state=reported'));
    await waitFor(() => expect(lastQuery(backend)?.getAll('states[]')).toEqual(['reported']));
    expect(await screen.findByRole('link', { name: 'Cleo' })).toBeVisible();
    expect(screen.queryByRole('link', { name: 'Anna' })).toBeNull();

    await user.click(screen.getByRole('tab', { name: /^All/ }));
    await user.selectOptions(screen.getByRole('combobox', { name: 'Classification' }), 'none');
    await user.click(screen.getByRole('checkbox', { name: 'Unanswered only' }));
    await user.click(screen.getByRole('checkbox', { name: 'New from the author' }));
    await user.selectOptions(screen.getByRole('combobox', { name: 'Order' }), 'activity');
    await waitFor(() =>
      expect(currentUrl()).toBe(
        '/platform/tickets?manuType=none&unanswered=true&newComments=true&sort=activity',
      ),
    );
    await waitFor(() => {
      const query = lastQuery(backend);
      expect(query?.get('manuType')).toBe('none');
      expect(query?.get('unanswered')).toBe('true');
      expect(query?.get('newComments')).toBe('true');
      expect(query?.get('sort')).toBe('activity');
    });
    expect(await screen.findByRole('link', { name: 'Anna' })).toBeVisible();
    expect(screen.queryByRole('link', { name: 'Cleo' })).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Clear filters' }));
    await user.click(screen.getByRole('checkbox', { name: 'Reported by visitors' }));
    await user.type(screen.getByRole('searchbox', { name: 'Search' }), 'saddle');
    await waitFor(() =>
      expect(currentUrl()).toBe('/platform/tickets?reported=true&search=saddle&sort=activity'),
    );
    await waitFor(() => expect(lastQuery(backend)?.get('search')).toBe('saddle'));
    expect(lastQuery(backend)?.get('reported')).toBe('true');
    expect(await screen.findByRole('link', { name: 'Ben' })).toBeVisible();
  });

  it('opens with the filters of its address', async () => {
    const { backend } = setUp();
    renderApp('/platform/tickets?state=published&manuType=praise&sort=oldest');

    expect(await screen.findByRole('link', { name: 'Ben' })).toBeVisible();
    const query = lastQuery(backend);
    expect(query?.getAll('states[]')).toEqual(['published']);
    expect(query?.get('manuType')).toBe('praise');
    expect(query?.get('sort')).toBe('oldest');
    expect(screen.getByRole('tab', { name: /^Published/ })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('combobox', { name: 'Classification' })).toHaveValue('praise');
  });

  it('publishes the chosen posts after a confirmation and says which were skipped', async () => {
    const { backend } = setUp();
    const { user } = renderApp('/platform/tickets');
    await screen.findByRole('link', { name: 'Anna' });

    await user.click(screen.getByRole('checkbox', { name: 'Choose the post by Anna' }));
    await user.click(screen.getByRole('checkbox', { name: 'Choose the post by Ben' }));
    expect(screen.getByText('2 posts chosen')).toBeVisible();
    const actions = screen.getByRole('group', { name: 'Actions for the chosen posts' });
    await user.click(within(actions).getByRole('button', { name: 'Publish' }));

    const dialog = await screen.findByRole('dialog', { name: 'Publish 2 posts?' });
    await user.click(within(dialog).getByRole('button', { name: 'Publish' }));

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('1 post published');
    expect(alert).toHaveTextContent('Skipped, as its state does not allow it: Ben.');
    expect(backend.server.requestsTo(api.posts.bulk).map((r) => r.body)).toEqual([
      { action: 'publish', ids: [anna._id, ben._id] },
    ]);
    // The feed is read again, with the new counts.
    expect(await screen.findByRole('tab', { name: /^Published\s*2 posts$/ })).toBeVisible();
    expect(screen.queryByText('2 posts chosen')).toBeNull();
  });

  it('keeps Unpublish visible but refused, saying why, without canUnpublish', async () => {
    const { backend } = setUp();
    const { user } = renderApp('/platform/tickets');
    await screen.findByRole('link', { name: 'Anna' });

    await user.click(screen.getByRole('checkbox', { name: 'Choose the post by Anna' }));
    const unpublish = screen.getByRole('button', { name: 'Unpublish' });
    expect(unpublish).toHaveAttribute('aria-disabled', 'true');
    expect(unpublish).toHaveAccessibleDescription('Unpublishing posts is not enabled for your account.');
    await user.click(unpublish);
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(backend.server.requestsTo(api.posts.bulk)).toHaveLength(0);
  });

  it('unpublishes the chosen posts with canUnpublish', async () => {
    const { backend } = setUp({ flags: { canUnpublish: true } });
    const { user } = renderApp('/platform/tickets');
    await screen.findByRole('link', { name: 'Anna' });

    await user.click(screen.getByRole('checkbox', { name: 'Choose every post on this page' }));
    await user.click(screen.getByRole('button', { name: 'Unpublish' }));
    const dialog = await screen.findByRole('dialog', { name: 'Unpublish 3 posts?' });
    await user.click(within(dialog).getByRole('button', { name: 'Unpublish' }));

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('2 posts unpublished');
    expect(alert).toHaveTextContent('Skipped, as its state does not allow it: Cleo.');
    expect(backend.server.requestsTo(api.posts.bulk)[0]?.body).toEqual({
      action: 'unpublish',
      ids: [anna._id, ben._id, cleo._id],
    });
  });

  it('says when there are no posts yet, and when none matches the filters', async () => {
    setUp({ posts: [] });
    const { user } = renderApp('/platform/tickets');

    expect(await screen.findByText('No posts yet')).toBeVisible();
    await user.click(screen.getByRole('checkbox', { name: 'Unanswered only' }));
    expect(await screen.findByText('No post matches')).toBeVisible();
    await user.click(screen.getAllByRole('button', { name: 'Clear filters' })[0] as HTMLElement);
    expect(await screen.findByText('No posts yet')).toBeVisible();
    expect(currentUrl()).toBe('/platform/tickets');
  });

  it('works for an owner without connect, in the platform area', async () => {
    const backend = createTestBackend({ owner: makeOwner({ isParleyConnectEnabled: false }) });
    backend.signInStored();
    servePostFeed(backend, [anna]);
    renderApp('/platform/tickets');

    expect(await screen.findByRole('link', { name: 'Anna' })).toBeVisible();
    const nav = screen.getByRole('navigation', { name: 'Main navigation' });
    expect(within(nav).getByRole('link', { name: 'Tickets & posts' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    await waitFor(() =>
      expect(backend.server.requestsTo(api.history.me)[0]?.query.get('product')).toBe('platform'),
    );
  });
});
