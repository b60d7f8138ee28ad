import { api, type Manufacturer } from '@parley/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { makePost, makePostComment, postId, servePost, servePostFeed } from '@/testing/post-fixtures';
import { createTestBackend, makeOwner } from '@/testing/test-backend';
import { currentUrl, renderApp } from '@/testing/test-utils';
import { makeTemplate } from '@/testing/ticket-fixtures';

// The lazy route module is transformed on first use; doing it here keeps the first test's time its own.
beforeAll(async () => {
  await import('@/app/routes/app/platform/ticket');
}, 60_000);

afterEach(() => {
  Reflect.deleteProperty(URL, 'createObjectURL');
  Reflect.deleteProperty(URL, 'revokeObjectURL');
});

const page = `/platform/tickets/${postId}`;

const allFlags: Partial<Manufacturer> = { canComment: true, canPrivateNote: true, canUnpublish: true };

const setUp = (
  options: {
    flags?: Partial<Manufacturer>;
    post?: Parameters<typeof makePost>[0];
    templates?: ReturnType<typeof makeTemplate>[];
  } = {},
) => {
  const owner = makeOwner();
  const backend = createTestBackend({
    owner: { ...owner, manufacturer: { ...owner.manufacturer, ...options.flags } },
  });
  backend.signInStored();
  const state = servePost(backend, makePost(options.post), { templates: options.templates });
  return { backend, state };
};

const open = async () => {
  const view = renderApp(page);
  await screen.findByRole('heading', { level: 1, name: 'Anna' });
  return view;
};

const actions = () => screen.getByRole('group', { name: "Change the post's state" });

describe('the post page', () => {
  it('shows the author, the post, its comments with new ones marked, the state log and the visitors’ reports', async () => {
    setUp({
      post: {
        publishAt: '2025-03-07T09:00:00.000Z',
        publicReports: 2,
        reports: [
          { reason: 'Rude words', at: '2025-03-05T10:00:00.000Z' },
          { reason: null, at: '2025-03-05T09:00:00.000Z' },
        ],
        comments: [
          makePostComment({ text: 'Old question' }),
          makePostComment({ text: 'Fresh question', isNew: true }),
          makePostComment({ author: 'owner', authorName: 'Mia Colleague', text: 'We are on it.' }),
        ],
      },
    });
    await open();

    expect(document.title).toBe('Post by Anna · Parley');
    expect(screen.getByText('The brakes squeak after the rain. Is that normal?')).toBeVisible();
    expect(screen.getByText('anna@example.com')).toBeVisible();
    expect(screen.getByText(/Auto-publish will publish this post on 03\/07\/2025/)).toBeVisible();
    const comments = screen.getByRole('list', { name: 'Comments' });
    const items = within(comments).getAllByRole('article');
    expect(items).toHaveLength(3);
    expect(within(items[0] as HTMLElement).queryByText('New')).toBeNull();
    expect(within(items[1] as HTMLElement).getByText('New')).toBeVisible();
    expect(within(items[2] as HTMLElement).getByText('Mia Colleague')).toBeVisible();
    expect(screen.getByText('1 new comment from the author')).toBeVisible();
    expect(screen.queryByRole('button', { name: /Delete your comment/ })).toBeNull();

    const log = screen.getByRole('region', { name: 'State log' });
    expect(within(log).getByText('Posted as Pending')).toBeVisible();
    expect(within(log).getByText(/^Automatically, 03\/04\/2025/)).toBeVisible();
    const reports = screen.getByRole('region', { name: "Visitors' reports (2)" });
    expect(within(reports).getByText('Rude words')).toBeVisible();
    expect(within(reports).getByText('No reason given')).toBeVisible();
  });

  it('says so when the post does not exist', async () => {
    const backend = createTestBackend();
    backend.signInStored();
    renderApp(page);
    expect(await screen.findByRole('heading', { level: 1, name: 'Post not found' })).toBeVisible();
  });

  it('loads the author’s media with the token and shows them through object URLs', async () => {
    const image = {
      _id: 'eeeeeeee-eeee-4eee-8eee-000000000001',
      kind: 'image' as const,
      contentType: 'image/png',
      size: 10,
    };
    const video = {
      _id: 'eeeeeeee-eeee-4eee-8eee-000000000002',
      kind: 'video' as const,
      contentType: 'video/mp4',
      size: 10,
    };
    const { backend } = setUp({ post: { media: [image, video], mediaCount: 2 } });
    backend.server.on(api.posts.media, ({ params }) => ({ body: `bytes of ${params.mediaId}` }));
    let n = 0;
    const createObjectURL = vi.fn((_: Blob) => {
      n += 1;
      return `blob:media-${n}`;
    });
    const revokeObjectURL = vi.fn();
    Object.assign(URL, { createObjectURL, revokeObjectURL });
    const { unmount } = await open();

    const img = await screen.findByRole('img', { name: /^Image 1 from Anna, 03\/04\/2025/ });
    expect(img.getAttribute('src')).toMatch(/^blob:media-/);
    const player = await screen.findByLabelText(/^Video 2 from Anna/);
    expect(player.tagName).toBe('VIDEO');
    const requests = backend.server.requestsTo(api.posts.media, { id: postId });
    expect(requests.map((r) => r.params.mediaId).sort()).toEqual([image._id, video._id]);
    expect(requests.every((r) => r.headers.get('x-auth-token'))).toBe(true);
    unmount();
    expect(revokeObjectURL).toHaveBeenCalledTimes(2);
  });

  describe('the state', () => {
    it('offers what a pending post allows; without canUnpublish Unpublish stays, refused, saying why', async () => {
      const { backend } = setUp();
      const { user } = await open();

      const group = within(actions());
      expect(group.getByRole('button', { name: 'Publish' })).toBeVisible();
      expect(group.getByRole('button', { name: 'Report' })).toBeVisible();
      const unpublish = group.getByRole('button', { name: 'Unpublish' });
      expect(unpublish).toHaveAttribute('aria-disabled', 'true');
      expect(unpublish).toHaveAccessibleDescription('Unpublishing posts is not enabled for your account.');
      await user.click(unpublish);
      expect(screen.queryByRole('dialog')).toBeNull();
      expect(backend.server.requestsTo(api.posts.unpublish)).toHaveLength(0);
    });

    it('publishes after a confirmation, then offers what a published post allows', async () => {
      const { backend } = setUp({ flags: allFlags });
      const { user } = await open();

      await user.click(within(actions()).getByRole('button', { name: 'Publish' }));
      const dialog = await screen.findByRole('dialog', { name: 'Publish this post?' });
      await user.click(within(dialog).getByRole('button', { name: 'Publish' }));

      expect(await screen.findByRole('alert')).toHaveTextContent('Post published');
      expect(backend.server.requestsTo(api.posts.publish, { id: postId })).toHaveLength(1);
      const group = within(actions());
      await waitFor(() => expect(group.queryByRole('button', { name: 'Publish' })).toBeNull());
      expect(group.getByRole('button', { name: 'Unpublish' })).not.toHaveAttribute('aria-disabled');
      expect(group.getByRole('button', { name: 'Report' })).toBeVisible();
      const log = screen.getByRole('region', { name: 'State log' });
      expect(within(log).getByText('Pending → Published')).toBeVisible();
      expect(within(log).getByText(/^Olivia Owner, 03\/06\/2025/)).toBeVisible();
    });

    it('unpublishes with canUnpublish', async () => {
      const { backend } = setUp({ flags: allFlags, post: { state: 'published' } });
      const { user } = await open();

      expect(within(actions()).queryByRole('button', { name: 'Publish' })).toBeNull();
      await user.click(within(actions()).getByRole('button', { name: 'Unpublish' }));
      const dialog = await screen.findByRole('dialog', { name: 'Unpublish this post?' });
      await user.click(within(dialog).getByRole('button', { name: 'Unpublish' }));
      expect(await screen.findByRole('alert')).toHaveTextContent('Post unpublished');
      expect(backend.server.requestsTo(api.posts.unpublish, { id: postId })).toHaveLength(1);
    });

    it('deletes the post for good after a confirmation that focuses Cancel, then shows the feed', async () => {
      const { backend, state } = setUp({ flags: allFlags, post: { state: 'published' } });
      servePostFeed(backend, []);
      const { user } = await open();

      await user.click(screen.getByRole('button', { name: 'Delete' }));
      const dialog = await screen.findByRole('dialog', { name: 'Delete this post for good?' });
      expect(within(dialog).getByText(/goes with its comments, photos and videos/)).toBeVisible();
      await waitFor(() => expect(within(dialog).getByRole('button', { name: 'Cancel' })).toHaveFocus());
      await user.click(within(dialog).getByRole('button', { name: 'Delete post' }));

      expect(await screen.findByRole('alert')).toHaveTextContent('Post deleted');
      expect(backend.server.requestsTo(api.posts.remove, { id: postId })).toHaveLength(1);
      expect(state.deleted).toBe(true);
      await waitFor(() => expect(currentUrl()).toBe('/platform/tickets'));
    });

    it('keeps Delete visible but refused, saying why, without canUnpublish', async () => {
      const { backend } = setUp();
      const { user } = await open();

      const remove = screen.getByRole('button', { name: 'Delete' });
      expect(remove).toHaveAttribute('aria-disabled', 'true');
      expect(remove).toHaveAccessibleDescription(
        'Deleting posts is not enabled for your account (it needs unpublishing).',
      );
      await user.click(remove);
      expect(screen.queryByRole('dialog')).toBeNull();
      expect(backend.server.requestsTo(api.posts.remove)).toHaveLength(0);
    });

    it('reports with the reason asked for', async () => {
      const { backend } = setUp();
      const { user } = await open();

      await user.click(within(actions()).getByRole('button', { name: 'Report' }));
      const dialog = await screen.findByRole('dialog', { name: 'Report this post?' });
      await user.click(within(dialog).getByRole('button', { name: 'Report' }));
      expect(within(dialog).getByText('At least 2 characters')).toBeVisible();
      expect(backend.server.requestsTo(api.posts.report)).toHaveLength(0);

      await user.type(within(dialog).getByRole('textbox', { name: /Reason/ }), 'Insults staff');
      await user.click(within(dialog).getByRole('button', { name: 'Report' }));
      expect(await screen.findByText('Post reported')).toBeVisible();
      expect(backend.server.requestsTo(api.posts.report).map((r) => r.body)).toEqual([
        { reason: 'Insults staff' },
      ]);
      // A reported post can only be published again.
      expect(within(actions()).getByRole('button', { name: 'Publish' })).toBeVisible();
      expect(within(actions()).queryByRole('button', { name: 'Report' })).toBeNull();
      expect(screen.getByText(/This post is reported/)).toBeVisible();
    });

    it('keeps the dialog and the typed reason when reporting fails for another reason', async () => {
      const { backend } = setUp();
      backend.server.on(api.posts.report, () => ({
        status: 500,
        body: { code: 'internal', message: 'Boom' },
      }));
      const { user } = await open();

      await user.click(within(actions()).getByRole('button', { name: 'Report' }));
      const dialog = await screen.findByRole('dialog', { name: 'Report this post?' });
      await user.type(within(dialog).getByRole('textbox', { name: /Reason/ }), 'Insults staff');
      await user.click(within(dialog).getByRole('button', { name: 'Report' }));
      await waitFor(() => expect(backend.server.requestsTo(api.posts.report)).toHaveLength(1));
      expect(await screen.findByRole('alert')).toBeVisible();
      expect(screen.getByRole('dialog', { name: 'Report this post?' })).toBeVisible();
      expect(within(dialog).getByRole('textbox', { name: /Reason/ })).toHaveValue('Insults staff');
    });

    it('says when the state changed meanwhile, and reads the post again', async () => {
      const { backend, state } = setUp();
      const { user } = await open();
      // Another owner published it meanwhile; the page still shows it pending.
      state.post = { ...state.post, state: 'published' };

      await user.click(within(actions()).getByRole('button', { name: 'Report' }));
      state.post = { ...state.post, state: 'reported' };
      const dialog = await screen.findByRole('dialog', { name: 'Report this post?' });
      await user.type(within(dialog).getByRole('textbox', { name: /Reason/ }), 'Spam');
      await user.click(within(dialog).getByRole('button', { name: 'Report' }));

      const alert = (await screen.findByText("The post's state could not be changed")).closest(
        '[role="alert"]',
      );
      expect(alert).toHaveTextContent(/The post's state has changed in the meantime/);
      await waitFor(() => expect(backend.server.requestsTo(api.posts.get)).toHaveLength(2));
      await waitFor(() => expect(within(actions()).queryByRole('button', { name: 'Report' })).toBeNull());
    });
  });

  describe('the answer', () => {
    it('is saved, changed and removed; the author is mailed', async () => {
      const { backend } = setUp();
      const { user } = await open();

      const field = screen.getByRole('textbox', { name: 'Answer' });
      await user.type(field, 'Thanks, we will check the brakes.');
      await user.click(screen.getByRole('button', { name: 'Save and email' }));
      expect(await screen.findByText('Answer saved; the author is mailed.')).toBeVisible();
      expect(screen.getByText('Shown under the post')).toBeVisible();
      expect(screen.getByText(/By Olivia Owner on 03\/06\/2025/)).toBeVisible();

      await user.click(screen.getByRole('button', { name: 'Remove answer' }));
      const dialog = await screen.findByRole('dialog', { name: 'Remove your answer?' });
      await user.click(within(dialog).getByRole('button', { name: 'Remove answer' }));
      expect(await screen.findByText('Answer removed.')).toBeVisible();
      expect(screen.getByText('You have not answered yet.')).toBeVisible();
      expect(backend.server.requestsTo(api.posts.answer, { id: postId }).map((r) => r.body)).toEqual([
        { answer: 'Thanks, we will check the brakes.' },
        { answer: '' },
      ]);
    });

    it('takes a response template with the author’s name filled in', async () => {
      setUp({
        templates: [
          makeTemplate({ title: 'Thanks', language: 'en', text: 'Thank you, {{contact.firstname}}!' }),
        ],
      });
      const { user } = await open();

      const [picker] = screen.getAllByRole('button', { name: 'Insert template' });
      await user.click(picker as HTMLElement);
      const popover = await screen.findByRole('dialog', { name: 'Insert template' });
      await user.click(await within(popover).findByRole('button', { name: 'Insert template “Thanks”' }));
      await waitFor(() =>
        expect(screen.getByRole('textbox', { name: 'Answer' })).toHaveValue('Thank you, Anna!'),
      );
    });
  });

  describe('comments', () => {
    it('stay visible but refused, saying why, without canComment', async () => {
      const { backend } = setUp({
        post: { comments: [makePostComment({ author: 'owner', own: true, text: 'Mine' })] },
      });
      const { user } = await open();

      const field = screen.getByRole('textbox', { name: 'New comment' });
      expect(field).toBeDisabled();
      expect(field).toHaveAccessibleDescription('Comments are not enabled for your account.');
      const send = screen.getByRole('button', { name: 'Send comment' });
      expect(send).toHaveAttribute('aria-disabled', 'true');
      expect(send).toHaveAccessibleDescription('Comments are not enabled for your account.');
      const remove = screen.getByRole('button', { name: /Delete your comment/ });
      expect(remove).toHaveAttribute('aria-disabled', 'true');
      await user.click(remove);
      expect(screen.queryByRole('dialog')).toBeNull();
      expect(backend.server.requestsTo(api.posts.comment)).toHaveLength(0);
    });

    it('are sent and one’s own deleted with canComment', async () => {
      const { backend } = setUp({ flags: allFlags });
      const { user } = await open();

      await user.type(screen.getByRole('textbox', { name: 'New comment' }), 'We are looking into it.');
      await user.click(screen.getByRole('button', { name: 'Send comment' }));
      expect(await screen.findByText('Comment sent.')).toBeVisible();
      expect(backend.server.requestsTo(api.posts.comment, { id: postId }).map((r) => r.body)).toEqual([
        { text: 'We are looking into it.' },
      ]);
      const list = screen.getByRole('list', { name: 'Comments' });
      expect(within(list).getByText('We are looking into it.')).toBeVisible();

      await user.click(within(list).getByRole('button', { name: /Delete your comment/ }));
      const dialog = await screen.findByRole('dialog', { name: 'Delete this comment?' });
      await user.click(within(dialog).getByRole('button', { name: 'Delete comment' }));
      expect(await screen.findByText('Comment deleted.')).toBeVisible();
      expect(backend.server.requestsTo(api.posts.deleteComment)).toHaveLength(1);
      expect(screen.queryByRole('list', { name: 'Comments' })).toBeNull();
    });
  });

  describe('the private note', () => {
    it('stays visible but refused, saying why, without canPrivateNote', async () => {
      setUp();
      await open();
      const field = screen.getByRole('textbox', { name: 'Note' });
      expect(field).toBeDisabled();
      expect(field).toHaveAccessibleDescription('Private notes are not enabled for your account.');
      expect(screen.getByRole('button', { name: 'Save note' })).toHaveAttribute('aria-disabled', 'true');
    });

    it('is saved with canPrivateNote', async () => {
      const { backend } = setUp({ flags: allFlags });
      const { user } = await open();
      await user.type(screen.getByRole('textbox', { name: 'Note' }), 'Call her back.');
      await user.click(screen.getByRole('button', { name: 'Save note' }));
      expect(await screen.findByText('Note saved.')).toBeVisible();
      expect(backend.server.requestsTo(api.posts.privateNote, { id: postId }).map((r) => r.body)).toEqual([
        { privateNote: 'Call her back.' },
      ]);
    });
  });

  it('classifies the post and trusts its author', async () => {
    const { backend } = setUp();
    const { user } = await open();

    await user.selectOptions(screen.getByRole('combobox', { name: /Classification/ }), 'complaint');
    await waitFor(() =>
      expect(backend.server.requestsTo(api.posts.manuType).map((r) => r.body)).toEqual([
        { manuType: 'complaint' },
      ]),
    );
    expect(await screen.findByText('Complaint', { selector: '.mantine-Badge-label' })).toBeVisible();
    await user.selectOptions(screen.getByRole('combobox', { name: /Classification/ }), '');
    await waitFor(() =>
      expect(backend.server.requestsTo(api.posts.manuType).at(-1)?.body).toEqual({ manuType: null }),
    );

    await user.click(screen.getByRole('switch', { name: /Trust this author/ }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Author trusted');
    expect(backend.server.requestsTo(api.posts.trust, { id: postId }).map((r) => r.body)).toEqual([
      { trusted: true },
    ]);
    expect(screen.getByText('Trusted')).toBeVisible();
  });
});
