import { type AuthorPost, api, type PublicPost } from '@parley/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { formatDateTime } from '@/lib/format-date';
import { createTestBackend } from '@/testing/test-backend';
import { renderPublicApp } from '@/testing/test-utils';

// The public application and the feedback chunk are transformed on first use; doing it here keeps
// the first test's time its own.
beforeAll(async () => {
  await import('@/public/public-app');
  await import('@/features/participation/components/feedback-page');
}, 60_000);

const manufacturerId = '22222222-2222-4222-8222-222222222222';
const ofManufacturer = { manufacturerId };
const postId = '66666666-6666-4666-8666-000000000001';
const token = 'p'.repeat(43);
const ofToken = { token };
const mediaId = '77777777-7777-4777-8777-777777777777';
const page = {
  manufacturerName: 'Acme Bikes',
  imageUrl: 'https://example.com/logo.png',
  privacyUrl: 'https://acme.example/privacy',
};

const makePost = (over: Partial<PublicPost> = {}): PublicPost => ({
  _id: postId,
  authorName: 'Ada Lovelace',
  text: 'The brakes squeak in the rain.',
  answer: { text: 'New pads are on their way to you.', answeredAt: '2025-03-05T10:00:00.000Z' },
  comments: [
    {
      _id: '88888888-8888-4888-8888-000000000001',
      author: 'author',
      authorName: 'Ada Lovelace',
      text: 'Thank you, they arrived.',
      createdAt: '2025-03-06T09:00:00.000Z',
    },
    {
      _id: '88888888-8888-4888-8888-000000000002',
      author: 'owner',
      authorName: 'Acme Bikes',
      text: 'Glad to hear it!',
      createdAt: '2025-03-06T11:00:00.000Z',
    },
  ],
  createdAt: '2025-03-04T09:05:00.000Z',
  lastActivityAt: '2025-03-06T11:00:00.000Z',
  ...over,
});

const otherPost = (n: number): PublicPost =>
  makePost({
    _id: `66666666-6666-4666-8666-00000000010${n}`,
    authorName: `Writer${n}`,
    text: `Post number ${n}`,
    answer: null,
    comments: [],
  });

const serveFeed = (documents: PublicPost[] = [makePost()], total = documents.length) => {
  const backend = createTestBackend();
  backend.server.on(api.posts.feed, ofManufacturer, () => ({ body: { documents, total, page } }));
  backend.server.on(api.posts.submit, ofManufacturer, () => ({ status: 201, body: { state: 'pending' } }));
  return backend;
};

type User = ReturnType<typeof renderPublicApp>['user'];

const fillIn = async (user: User) => {
  await user.type(screen.getByLabelText(/^Your name/), ' Grace Hopper ');
  await user.type(screen.getByLabelText(/^Email address/), 'Grace@Example.com');
  await user.type(screen.getByLabelText(/^Your feedback/), ' Lovely bikes. ');
  await user.click(screen.getByRole('checkbox', { name: /I agree that Acme Bikes may store my details/ }));
};

const postButton = () => screen.getByRole('button', { name: 'Post feedback' });

describe('the feedback page (/p/f/:manufacturerId): the form', () => {
  it('checks the fields, focusing the first wrong one, then sends the post and thanks', async () => {
    const backend = serveFeed();
    const { user } = renderPublicApp(`/p/f/${manufacturerId}?lang=en`);

    expect(await screen.findByRole('heading', { level: 1, name: 'Feedback for Acme Bikes' })).toBeVisible();
    // The title is set by an effect after the render that shows the heading.
    await waitFor(() => expect(document.title).toBe('Feedback for Acme Bikes'));
    expect(screen.getByRole('main')).toBeVisible();
    const consent = screen.getByRole('checkbox', { name: /I agree that Acme Bikes may store my details/ });
    expect(
      within(consent.closest('label') as HTMLElement).getByRole('link', { name: 'Privacy notice' }),
    ).toHaveAttribute('href', 'https://acme.example/privacy');

    await user.click(postButton());
    const name = screen.getByLabelText(/^Your name/);
    // Preact renders on its own tick after the click: wait for it rather than race it.
    await waitFor(() => expect(name).toHaveFocus());
    expect(name).toHaveAttribute('aria-invalid', 'true');
    expect(name).toHaveAccessibleDescription('Please enter your name.');
    expect(screen.getByLabelText(/^Email address/)).toHaveAccessibleDescription(
      /Please enter your email address\./,
    );
    expect(screen.getByLabelText(/^Your feedback/)).toHaveAccessibleDescription(
      /Please write your feedback\./,
    );
    expect(consent).toHaveAttribute('aria-invalid', 'true');
    expect(consent).toHaveAccessibleDescription('Please agree, so that your feedback can be posted.');
    expect(backend.server.requestsTo(api.posts.submit)).toHaveLength(0);

    await user.type(name, 'Grace2');
    await waitFor(() =>
      expect(name).toHaveAccessibleDescription(
        'Please use letters only (spaces, hyphens and apostrophes are fine).',
      ),
    );
    await user.clear(name);
    await user.type(screen.getByLabelText(/^Your feedback/), 'x');
    await waitFor(() =>
      expect(screen.getByLabelText(/^Your feedback/)).toHaveAccessibleDescription(
        /1 of 5000 characters.*Please write at least 2 characters\./,
      ),
    );
    await user.clear(screen.getByLabelText(/^Your feedback/));
    await fillIn(user);
    expect(await screen.findByText('13 of 5000 characters')).toBeVisible();
    await user.click(postButton());

    const thanks = await screen.findByRole('heading', { name: 'Thank you for your feedback!' });
    await waitFor(() => expect(thanks).toHaveFocus());
    expect(
      screen.getByText(
        'We have emailed a private link to Grace@Example.com. With it you can follow your post, read answers and reply.',
      ),
    ).toBeVisible();
    expect(
      screen.getByText('Your feedback will appear on this page once Acme Bikes has looked at it.'),
    ).toBeVisible();
    expect(backend.server.requestsTo(api.posts.submit, ofManufacturer).map((r) => r.body)).toEqual([
      {
        name: 'Grace Hopper',
        email: 'Grace@Example.com',
        text: 'Lovely bikes.',
        mediaIds: [],
        consent: true,
        language: 'en',
      },
    ]);
  });

  it('has the bot trap: present, named `website`, but off screen, out of the tab order and hidden', async () => {
    serveFeed();
    renderPublicApp(`/p/f/${manufacturerId}?lang=en`);
    await screen.findByRole('heading', { level: 1, name: 'Feedback for Acme Bikes' });
    const trap = document.querySelector('input[name="website"]') as HTMLInputElement;
    expect(trap).not.toBeNull();
    expect(trap).toHaveAttribute('tabindex', '-1');
    expect(trap).toHaveAttribute('autocomplete', 'off');
    expect(trap.closest('[aria-hidden="true"]')).not.toBeNull();
    // Hidden from assistive technology: no textbox by its label.
    expect(screen.queryByRole('textbox', { name: 'Leave this field empty' })).toBeNull();
  });

  it('says a published post is published, and shows it in the feed at once', async () => {
    const backend = serveFeed([]);
    backend.server.on(api.posts.submit, ofManufacturer, () => {
      backend.server.on(api.posts.feed, ofManufacturer, () => ({
        body: { documents: [makePost()], total: 1, page },
      }));
      return { status: 201, body: { state: 'published' } };
    });
    const { user } = renderPublicApp(`/p/f/${manufacturerId}?lang=en`);
    expect(await screen.findByText(/No feedback has been published yet/)).toBeVisible();
    await fillIn(user);
    await user.click(postButton());
    expect(await screen.findByText('Your feedback is published on this page.')).toBeVisible();
    expect(await screen.findByText('The brakes squeak in the rain.')).toBeVisible();
  });

  it('uploads a file first and sends its id; a file can be removed', async () => {
    const backend = serveFeed();
    backend.server.on(api.posts.submitMedia, ofManufacturer, () => ({
      status: 201,
      body: { _id: mediaId, kind: 'image', contentType: 'image/png', size: 2048 },
    }));
    const { user } = renderPublicApp(`/p/f/${manufacturerId}?lang=en`);
    const picker = await screen.findByLabelText('Add photos or videos (optional)');
    // Before sending, the author learns that files stay private (docs/product-decisions.md, "The platform area").
    expect(picker).toHaveAccessibleDescription(/^Seen only by the manufacturer, never on this page\. /);
    expect(
      screen.getByText(/your email address, photos and videos never are\.$/, { selector: 'p, span, div' }),
    ).toBeVisible();
    await user.upload(picker, [
      new File(['png-bytes'], 'brake.png', { type: 'image/png' }),
      new File(['png-bytes'], 'other.png', { type: 'image/png' }),
    ]);
    const files = screen.getByRole('list', { name: 'Files for your post' });
    await waitFor(() => expect(within(files).getAllByText('Uploaded')).toHaveLength(2));
    const uploads = backend.server.requestsTo(api.posts.submitMedia, ofManufacturer);
    expect(uploads.map((r) => (r.body as FormData).get('file'))).toEqual([
      expect.objectContaining({ name: 'brake.png' }),
      expect.objectContaining({ name: 'other.png' }),
    ]);
    await user.click(screen.getByRole('button', { name: 'Remove “other.png”' }));
    expect(within(files).getAllByRole('listitem')).toHaveLength(1);

    await fillIn(user);
    await user.click(postButton());
    await screen.findByRole('heading', { name: 'Thank you for your feedback!' });
    expect(backend.server.requestsTo(api.posts.submit)[0]?.body).toMatchObject({ mediaIds: [mediaId] });
  });

  it('refuses a file of the wrong type before uploading it', async () => {
    const backend = serveFeed();
    renderPublicApp(`/p/f/${manufacturerId}?lang=en`);
    // The picker offers only images and videos; a browser may still hand over anything.
    const user = userEvent.setup({ applyAccept: false });
    const picker = await screen.findByLabelText('Add photos or videos (optional)');
    await user.upload(picker, new File(['pdf'], 'manual.pdf', { type: 'application/pdf' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('“manual.pdf” cannot be attached');
    expect(backend.server.requestsTo(api.posts.submitMedia)).toHaveLength(0);
  });

  it("shows the server's 400 at its field, with its words, and keeps the entries", async () => {
    const backend = serveFeed();
    backend.server.on(api.posts.submit, ofManufacturer, () => ({
      status: 400,
      body: { code: 'validation', message: 'must be letters only', field: 'name' },
    }));
    const { user } = renderPublicApp(`/p/f/${manufacturerId}?lang=en`);
    await screen.findByRole('heading', { level: 1, name: 'Feedback for Acme Bikes' });
    await fillIn(user);
    await user.click(postButton());
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(
      'Your feedback could not be posted. Please check your entries and try again.',
    );
    expect(alert).toHaveTextContent('The server said: must be letters only');
    const name = screen.getByLabelText(/^Your name/);
    expect(name).toHaveAttribute('aria-invalid', 'true');
    await waitFor(() => expect(name).toHaveFocus());
    expect(name).toHaveValue(' Grace Hopper ');
  });

  it('says plainly when too many posts came from here (429)', async () => {
    const backend = serveFeed();
    backend.server.on(api.posts.submit, ofManufacturer, () => ({
      status: 429,
      body: { code: 'rate-limit', message: 'Too many requests' },
    }));
    const { user } = renderPublicApp(`/p/f/${manufacturerId}?lang=en`);
    await screen.findByRole('heading', { level: 1, name: 'Feedback for Acme Bikes' });
    await fillIn(user);
    await user.click(postButton());
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Too many posts have been sent from here or with this email address. Please try again later.',
    );
    expect(screen.getByLabelText(/^Your feedback/)).toHaveValue(' Lovely bikes. ');
  });

  it('speaks German when asked, and sends that language', async () => {
    const backend = serveFeed();
    const { user } = renderPublicApp(`/p/f/${manufacturerId}?lang=de`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Feedback für Acme Bikes' })).toBeVisible();
    expect(screen.getByRole('heading', { name: 'Veröffentlichtes Feedback' })).toBeVisible();
    expect(screen.getByText('Antwort von Acme Bikes')).toBeVisible();
    await user.type(screen.getByLabelText(/^Ihr Name/), 'Grete');
    await user.type(screen.getByLabelText(/^E-Mail-Adresse/), 'grete@example.com');
    await user.type(screen.getByLabelText(/^Ihr Feedback/), 'Sehr gut.');
    await user.click(screen.getByRole('checkbox', { name: /Ich bin einverstanden/ }));
    await user.click(screen.getByRole('button', { name: 'Feedback senden' }));
    expect(await screen.findByRole('heading', { name: 'Vielen Dank für Ihr Feedback!' })).toHaveFocus();
    expect(backend.server.requestsTo(api.posts.submit)[0]?.body).toMatchObject({ language: 'de' });
  });

  it('says so when the page does not exist', async () => {
    createTestBackend();
    renderPublicApp(`/p/f/${manufacturerId}?lang=en`);
    expect(
      await screen.findByRole('heading', { level: 1, name: 'This feedback page does not exist' }),
    ).toBeVisible();
  });
});

describe('the feedback page: the published posts', () => {
  it("shows each post with its author, date, the manufacturer's answer and the comments, never the owner's classification", async () => {
    // An older server still sent the owner's classification: the page never shows it
    // (docs/product-decisions.md, "The platform area").
    serveFeed([{ ...makePost(), manuType: 'complaint' } as PublicPost]);
    renderPublicApp(`/p/f/${manufacturerId}?lang=en`);
    const list = await screen.findByRole('list', { name: 'Feedback posts' });
    const post = within(list).getByRole('article', { name: 'Ada Lovelace' });
    expect(within(post).getByRole('heading', { level: 3, name: 'Ada Lovelace' })).toBeVisible();
    expect(
      within(post).getByText(`Posted on ${formatDateTime('2025-03-04T09:05:00.000Z', 'en')}`),
    ).toBeVisible();
    expect(within(post).queryByText('Complaint')).toBeNull();
    expect(within(post).getByText('The brakes squeak in the rain.')).toBeVisible();
    // Named with the post's author too: two answered posts are two regions of different names.
    const answer = within(post).getByRole('region', { name: 'Answer from Acme Bikes Ada Lovelace' });
    expect(within(post).getByRole('region', { name: 'Comments Ada Lovelace' })).toBeVisible();
    expect(within(answer).getByText('New pads are on their way to you.')).toBeVisible();
    const comments = within(post)
      .getByRole('list', { name: 'Comments, oldest first' })
      .querySelectorAll('li');
    expect([...comments].map((c) => c.textContent)).toEqual([
      `Ada Lovelace${formatDateTime('2025-03-06T09:00:00.000Z', 'en')}Thank you, they arrived.`,
      `Acme Bikes (manufacturer)${formatDateTime('2025-03-06T11:00:00.000Z', 'en')}Glad to hear it!`,
    ]);
    expect(within(post).getByRole('link', { name: 'Link to this post' })).toHaveAttribute(
      'href',
      `/p/f/${manufacturerId}/post/${postId}`,
    );
    // The logo beside the name says nothing more than the name: no alternative text.
    expect(document.querySelector('header img, main img')).toHaveAttribute(
      'src',
      'https://example.com/logo.png',
    );
  });

  it('orders by recent activity on request, and loads more posts a page at a time', async () => {
    const backend = serveFeed();
    backend.server.on(api.posts.feed, ofManufacturer, ({ query }) => {
      const pageNumber = Number(query.get('page'));
      const documents = pageNumber === 1 ? [makePost()] : [otherPost(2)];
      return { body: { documents, total: 2, page } };
    });
    const { user } = renderPublicApp(`/p/f/${manufacturerId}?lang=en`);
    await screen.findByRole('article', { name: 'Ada Lovelace' });
    expect(screen.getByText('2 posts')).toBeVisible();
    expect(screen.getByRole('button', { name: 'Newest first' })).toHaveAttribute('aria-pressed', 'true');

    await user.click(screen.getByRole('button', { name: 'Show more' }));
    const added = await screen.findByRole('article', { name: 'Writer2' });
    await waitFor(() => expect(added).toHaveFocus());
    expect(screen.queryByRole('button', { name: 'Show more' })).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Recent activity first' }));
    expect(screen.getByRole('button', { name: 'Recent activity first' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    await screen.findByRole('article', { name: 'Ada Lovelace' });
    const queries = backend.server.requestsTo(api.posts.feed).map((r) => r.query.toString());
    expect(queries).toEqual([
      'sort=newest&page=1&limit=10',
      'sort=newest&page=2&limit=10',
      'sort=activity&page=1&limit=10',
    ]);
    // The manufacturer stays on screen while the other order loads.
    expect(screen.getByRole('heading', { level: 1, name: 'Feedback for Acme Bikes' })).toBeVisible();
  });

  it('reports a post with a reason and the reporter’s address, then says where the confirmation link went', async () => {
    const backend = serveFeed();
    const report = { manufacturerId, postId };
    backend.server.on(api.posts.publicReport, report, () => ({ status: 204 }));
    const { user } = renderPublicApp(`/p/f/${manufacturerId}?lang=en`);

    await user.click(await screen.findByRole('button', { name: 'Report the post by Ada Lovelace' }));
    const reason = screen.getByLabelText('Reason (optional)');
    await waitFor(() => expect(reason).toHaveFocus());
    await user.type(reason, ' Rude words ');
    // The address is required: a report counts only once it is confirmed through it.
    await user.click(screen.getByRole('button', { name: 'Send report' }));
    const email = screen.getByLabelText(/^Your email address/);
    expect(email).toHaveAccessibleDescription(
      'We email you a link to confirm your report. Your address is never shown. Please enter your email address.',
    );
    await waitFor(() => expect(email).toHaveFocus());
    await user.type(email, 'grace@');
    await user.click(screen.getByRole('button', { name: 'Send report' }));
    expect(screen.getByText('Please enter a valid email address, such as name@example.com.')).toBeVisible();
    expect(backend.server.requestsTo(api.posts.publicReport)).toHaveLength(0);

    await user.type(email, 'Example.com ');
    await user.click(screen.getByRole('button', { name: 'Send report' }));
    const sent = await screen.findByText(
      'Thank you. We have emailed a link to grace@Example.com: your report counts once you open it and confirm.',
    );
    await waitFor(() => expect(sent).toHaveFocus());
    expect(backend.server.requestsTo(api.posts.publicReport, report).map((r) => r.body)).toEqual([
      { email: 'grace@Example.com', reason: 'Rude words', language: 'en' },
    ]);
  });

  it('sends no reason when none is given, and says when there were too many reports', async () => {
    const backend = serveFeed();
    let status = 429;
    backend.server.on(api.posts.publicReport, () =>
      status === 429 ? { status, body: { code: 'rate-limit', message: 'Too many' } } : { status },
    );
    const { user } = renderPublicApp(`/p/f/${manufacturerId}?lang=en`);
    await user.click(await screen.findByRole('button', { name: 'Report the post by Ada Lovelace' }));
    await user.type(screen.getByLabelText(/^Your email address/), 'ada@example.com');
    await user.click(screen.getByRole('button', { name: 'Send report' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Too many reports have been sent from here or to this address. Please try again later.',
    );
    status = 204;
    await user.click(screen.getByRole('button', { name: 'Send report' }));
    await screen.findByText(/^Thank you\. We have emailed a link to ada@example\.com/);
    expect(backend.server.requestsTo(api.posts.publicReport).map((r) => r.body)).toEqual([
      { email: 'ada@example.com', language: 'en' },
      { email: 'ada@example.com', language: 'en' },
    ]);
  });
});

describe('a report’s confirmation (/p/f/:manufacturerId/report/:token)', () => {
  const confirmation = (confirmed = false) => ({
    manufacturerId,
    postId,
    page,
    post: { authorName: 'Ada Lovelace', excerpt: 'The brakes squeak in the rain.' },
    confirmed,
  });

  it('shows the reported post and confirms the report only when asked', async () => {
    const backend = createTestBackend();
    backend.server.on(api.posts.reportConfirmation, ofToken, () => ({ body: confirmation() }));
    backend.server.on(api.posts.reportConfirm, ofToken, () => ({ status: 204 }));
    const { user } = renderPublicApp(`/p/f/${manufacturerId}/report/${token}?lang=en`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Confirm your report' })).toBeVisible();
    expect(screen.getByText('You reported this post on the feedback page of Acme Bikes:')).toBeVisible();
    expect(screen.getByText('The brakes squeak in the rain.')).toBeVisible();
    await waitFor(() => expect(document.title).toBe('Confirm your report'));
    // Opening the link confirms nothing: a mail scanner opens links too.
    expect(backend.server.requestsTo(api.posts.reportConfirm)).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Confirm report' }));
    const done = await screen.findByText('Thank you: your report is confirmed. We will look at the post.');
    await waitFor(() => expect(done).toHaveFocus());
    expect(screen.queryByRole('button', { name: 'Confirm report' })).toBeNull();
    expect(backend.server.requestsTo(api.posts.reportConfirm, ofToken)).toHaveLength(1);
    expect(screen.getByRole('link', { name: 'All feedback for Acme Bikes' })).toHaveAttribute(
      'href',
      `/p/f/${manufacturerId}`,
    );
  });

  it('speaks the language of the page the report came from, and says a confirmed report is confirmed', async () => {
    const backend = createTestBackend();
    backend.server.on(api.posts.reportConfirmation, ofToken, () => ({ body: confirmation(true) }));
    renderPublicApp(`/p/f/${manufacturerId}/report/${token}?lang=de`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Ihre Meldung bestätigen' })).toBeVisible();
    expect(screen.getByText('Diese Meldung ist bereits bestätigt. Vielen Dank.')).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Meldung bestätigen' })).toBeNull();
  });

  it('says a link that expired or whose post was reviewed meanwhile is not valid when confirming', async () => {
    const backend = createTestBackend();
    backend.server.on(api.posts.reportConfirmation, ofToken, () => ({ body: confirmation() }));
    backend.server.on(api.posts.reportConfirm, ofToken, () => ({
      status: 404,
      body: { code: 'not-found', message: 'report not found' },
    }));
    const { user } = renderPublicApp(`/p/f/${manufacturerId}/report/${token}?lang=en`);
    await user.click(await screen.findByRole('button', { name: 'Confirm report' }));
    expect(
      await screen.findByRole('heading', { level: 1, name: 'This link is not valid (any more)' }),
    ).toHaveFocus();
  });

  it('says a link that names no report is not valid', async () => {
    createTestBackend();
    renderPublicApp(`/p/f/${manufacturerId}/report/${token}?lang=en`);
    expect(
      await screen.findByRole('heading', { level: 1, name: 'This link is not valid (any more)' }),
    ).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Confirm report' })).toBeNull();
  });
});

describe('a post of the feedback page (/p/f/:manufacturerId/post/:postId)', () => {
  const ofPost = { manufacturerId, postId };

  it('shows the post with its answer and comments, the report link and the way back', async () => {
    const backend = createTestBackend();
    backend.server.on(api.posts.publicPost, ofPost, () => ({ body: { ...makePost(), page } }));
    renderPublicApp(`/p/f/${manufacturerId}/post/${postId}?lang=en`);
    const post = await screen.findByRole('article', { name: 'Ada Lovelace' });
    expect(within(post).getByRole('heading', { level: 2, name: 'Ada Lovelace' })).toBeVisible();
    expect(within(post).getByText('New pads are on their way to you.')).toBeVisible();
    expect(within(post).getByText('Glad to hear it!')).toBeVisible();
    expect(within(post).getByRole('button', { name: 'Report the post by Ada Lovelace' })).toBeVisible();
    expect(screen.getByRole('link', { name: 'All feedback for Acme Bikes' })).toHaveAttribute(
      'href',
      `/p/f/${manufacturerId}`,
    );
  });

  it('says kindly that a post is not public (any more)', async () => {
    createTestBackend();
    renderPublicApp(`/p/f/${manufacturerId}/post/${postId}?lang=en`);
    expect(
      await screen.findByRole('heading', { level: 1, name: 'This post is not public (any more)' }),
    ).toBeVisible();
    expect(screen.getByRole('link', { name: 'See all feedback' })).toHaveAttribute(
      'href',
      `/p/f/${manufacturerId}`,
    );
  });

  it('is no page for an address with more or other parts', async () => {
    createTestBackend();
    renderPublicApp(`/p/f/${manufacturerId}/other/${postId}`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Parley' })).toBeVisible();
  });
});

describe("the author's own post (/p/f/:manufacturerId/mine/:token)", () => {
  const makeAuthorPost = (over: Partial<AuthorPost> = {}): AuthorPost => ({
    ...makePost(),
    manufacturerId,
    manufacturerName: 'Acme Bikes',
    state: 'pending',
    language: 'en',
    media: [{ _id: mediaId, kind: 'image', contentType: 'image/png', size: 9 }],
    mailsOff: false,
    ...over,
  });

  const serveAuthor = (post = makeAuthorPost()) => {
    const backend = createTestBackend();
    backend.server.on(api.posts.authorPost, ofToken, () => ({ body: post }));
    backend.server.on(api.posts.authorMedia, { token, mediaId }, () => ({ body: 'image-bytes' }));
    backend.server.on(api.posts.authorMails, ofToken, ({ body }) => ({
      body: { mailsOff: (body as { mailsOff: boolean }).mailsOff },
    }));
    return backend;
  };

  it('shows the post in waiting with its media, answer and comments, and sends a comment', async () => {
    vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:media-1');
    vi.spyOn(URL, 'revokeObjectURL').mockReturnValue(undefined);
    const backend = serveAuthor();
    backend.server.on(api.posts.authorComment, ofToken, ({ body }) => ({
      status: 201,
      body: {
        _id: '88888888-8888-4888-8888-000000000003',
        author: 'author',
        authorName: 'Ada Lovelace',
        text: (body as { text: string }).text,
        createdAt: '2025-03-07T08:00:00.000Z',
      },
    }));
    const { user } = renderPublicApp(`/p/f/${manufacturerId}/mine/${token}`);

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Your feedback for Acme Bikes' }),
    ).toBeVisible();
    expect(
      screen.getByText(
        'Your feedback waits for review: it appears on the public page once Acme Bikes has looked at it.',
      ),
    ).toBeVisible();
    expect(await screen.findByRole('img', { name: 'Your image 1' })).toHaveAttribute('src', 'blob:media-1');
    expect(backend.server.requestsTo(api.posts.authorMedia, { token, mediaId })).toHaveLength(1);
    expect(screen.getByText('New pads are on their way to you.')).toBeVisible();

    await user.click(screen.getByRole('button', { name: 'Send comment' }));
    expect(screen.getByRole('textbox', { name: 'Your comment' })).toHaveAccessibleDescription(
      /Please write a comment\./,
    );
    await user.type(screen.getByRole('textbox', { name: 'Your comment' }), '  One more thing  ');
    await user.click(screen.getByRole('button', { name: 'Send comment' }));
    expect(await screen.findByText('Your comment has been sent.')).toBeVisible();
    expect(backend.server.requestsTo(api.posts.authorComment, ofToken).map((r) => r.body)).toEqual([
      { text: 'One more thing' },
    ]);
    const comments = screen.getByRole('list', { name: 'Comments, oldest first' }).querySelectorAll('li');
    expect(comments).toHaveLength(3);
    expect(comments[2]?.textContent).toBe(
      `You${formatDateTime('2025-03-07T08:00:00.000Z', 'en')}One more thing`,
    );
    expect(comments[0]?.textContent).toMatch(/^You/);
  });

  it('links a published post to its public page, in the post’s language', async () => {
    serveAuthor(makeAuthorPost({ state: 'published', language: 'de', media: [] }));
    renderPublicApp(`/p/f/${manufacturerId}/mine/${token}?lang=en`);
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Ihr Feedback für Acme Bikes' }),
    ).toBeVisible();
    expect(screen.getByRole('link', { name: 'Auf der öffentlichen Seite ansehen' })).toHaveAttribute(
      'href',
      `/p/f/${manufacturerId}/post/${postId}`,
    );
  });

  it('says a hidden post is not public', async () => {
    serveAuthor(makeAuthorPost({ state: 'reported', media: [] }));
    renderPublicApp(`/p/f/${manufacturerId}/mine/${token}`);
    expect(await screen.findByText(/^Your feedback is not public\./)).toBeVisible();
  });

  it('turns the mails off and on with the switch', async () => {
    const backend = serveAuthor(makeAuthorPost({ media: [] }));
    const { user } = renderPublicApp(`/p/f/${manufacturerId}/mine/${token}`);
    const mailSwitch = await screen.findByRole('switch', { name: 'Emails about this post' });
    expect(mailSwitch).toBeChecked();
    await user.click(mailSwitch);
    await waitFor(() => expect(mailSwitch).not.toBeChecked());
    expect(mailSwitch).toHaveAccessibleDescription(
      'Off: you get no emails about this post. New answers appear on this page.',
    );
    await user.click(mailSwitch);
    await waitFor(() => expect(mailSwitch).toBeChecked());
    expect(backend.server.requestsTo(api.posts.authorMails, ofToken).map((r) => r.body)).toEqual([
      { mailsOff: true },
      { mailsOff: false },
    ]);
  });

  it('asks, from the unsubscribe link (?mails=off), whether to stop the mails, and does', async () => {
    const backend = serveAuthor(makeAuthorPost({ media: [] }));
    const { user } = renderPublicApp(`/p/f/${manufacturerId}/mine/${token}?mails=off`);
    expect(await screen.findByRole('heading', { name: 'Stop emails about this post?' })).toBeVisible();
    expect(backend.server.requestsTo(api.posts.authorMails)).toHaveLength(0);
    await user.click(screen.getByRole('button', { name: 'Stop emails' }));
    expect(await screen.findByRole('heading', { name: 'Emails turned off' })).toHaveFocus();
    expect(screen.getByRole('switch', { name: 'Emails about this post' })).not.toBeChecked();
    expect(backend.server.requestsTo(api.posts.authorMails, ofToken).map((r) => r.body)).toEqual([
      { mailsOff: true },
    ]);
  });

  it('says a link that names no post is not valid', async () => {
    createTestBackend();
    renderPublicApp(`/p/f/${manufacturerId}/mine/${token}?lang=en`);
    expect(await screen.findByRole('heading', { level: 1, name: 'This link is not valid' })).toBeVisible();
  });
});
