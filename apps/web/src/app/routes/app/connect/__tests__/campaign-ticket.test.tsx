import { api, type Manufacturer, type TranslateResult } from '@parley/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { campaignId } from '@/testing/campaign-fixtures';
import { createTestBackend, makeOwner } from '@/testing/test-backend';
import { currentUrl, renderApp } from '@/testing/test-utils';
import {
  makeComment,
  makeTemplate,
  makeTicket,
  questionIds,
  serveTicket,
  ticketId,
} from '@/testing/ticket-fixtures';

beforeAll(async () => {
  await import('@/app/routes/app/connect/campaign-ticket');
}, 60_000);

afterEach(() => {
  Reflect.deleteProperty(URL, 'createObjectURL');
  Reflect.deleteProperty(URL, 'revokeObjectURL');
});

const page = `/connect/campaigns/${campaignId}/tickets/${ticketId}`;
const otherId = (n: number) => `44444444-4444-4444-8444-00000000020${n}`;

const setUp = (
  options: {
    flags?: Partial<Manufacturer>;
    ticket?: Parameters<typeof makeTicket>[0];
    ids?: string[];
    templates?: ReturnType<typeof makeTemplate>[];
  } = {},
) => {
  const owner = makeOwner();
  const backend = createTestBackend({
    owner: { ...owner, manufacturer: { ...owner.manufacturer, ...options.flags } },
  });
  backend.signInStored();
  const state = serveTicket(backend, makeTicket(options.ticket), {
    ids: options.ids,
    templates: options.templates,
  });
  return { backend, state };
};

const allFlags: Partial<Manufacturer> = {
  canComment: true,
  canPrivateNote: true,
  canSaveAnswerWithoutNotification: true,
};

const open = async (url = page) => {
  const view = renderApp(url);
  await screen.findByRole('heading', { level: 1, name: 'Anna Example' });
  return view;
};

const answerField = () =>
  screen.getByRole('textbox', { name: /Answer to the participant|New answer \(replaces the current one\)/ });
const commentField = () => screen.getByRole('textbox', { name: /New message to the participant/ });

describe('campaign ticket page', () => {
  it('opens the ticket marking its messages seen, with the participant, campaign, date and new messages', async () => {
    const { backend } = setUp({
      ticket: {
        comments: [
          makeComment({ description: 'Old question', isNew: false }),
          makeComment({ description: 'Fresh question', isNew: true }),
          makeComment({
            author: 'owner',
            authorName: 'Mia Colleague',
            description: 'We are on it.',
            massFollowUp: true,
          }),
        ],
      },
    });
    await open();

    const [request] = backend.server.requestsTo(api.tickets.get, { id: ticketId });
    expect(request?.query.get('shouldMarkCommentsAndMediaAsSeen')).toBe('true');
    expect(document.title).toBe('Ticket from Anna Example · Parley');
    expect(screen.getByText(/Campaign “Bike survey” · received 03\/04\/2025/)).toBeVisible();
    const messages = screen.getByRole('list', { name: 'Messages' });
    const items = within(messages).getAllByRole('article');
    expect(items).toHaveLength(3);
    expect(within(items[0] as HTMLElement).queryByText('New')).toBeNull();
    expect(within(items[1] as HTMLElement).getByText('New')).toBeVisible();
    expect(within(items[2] as HTMLElement).getByText('Mass follow-up')).toBeVisible();
    expect(within(items[2] as HTMLElement).getByText('Team')).toBeVisible();
    expect(screen.getByText('1 new message from the participant')).toBeVisible();
    // Only one's own messages can be deleted.
    expect(screen.queryByRole('button', { name: /Delete your message/ })).toBeNull();
  });

  it('says so when the ticket does not exist', async () => {
    const backend = createTestBackend();
    backend.signInStored();
    backend.server.on(api.tickets.ids, () => ({ body: { ids: [], truncated: false } }));
    renderApp(page);
    expect(await screen.findByRole('heading', { level: 1, name: 'Ticket not found' })).toBeVisible();
  });

  it('says where the owner chooses how the answer and a message differ', async () => {
    setUp({ flags: allFlags });
    await open();
    expect(answerField()).toHaveAccessibleDescription(
      /^Your one answer, shown above the conversation on the participant's ticket page; saving a new one replaces it\. For a follow-up question or a reply, write a message in the conversation instead\./,
    );
    expect(commentField()).toHaveAccessibleDescription(
      'Adds a message to the conversation under your answer, which stays as it is. The participant gets it by email, sees it on their ticket page and can reply.',
    );
  });

  describe('the answer', () => {
    it('is mailed by default; without the silent-save feature the choice stays on, disabled, and says why', async () => {
      const { backend } = setUp();
      const { user } = await open();

      const notify = screen.getByRole('checkbox', { name: 'Notify participant by email' });
      expect(notify).toBeChecked();
      expect(notify).toHaveAttribute('aria-disabled', 'true');
      expect(notify).toHaveAccessibleDescription(
        'Saving an answer without an email is not enabled for your account.',
      );
      await user.click(notify);
      expect(notify).toBeChecked();

      await user.type(answerField(), 'Thanks, we will fix the brakes.');
      await user.click(screen.getByRole('button', { name: 'Save and email' }));

      expect(await screen.findByText('Answer saved and emailed to the participant.')).toBeVisible();
      expect(backend.server.requestsTo(api.tickets.answer).map((r) => r.body)).toEqual([
        { manuAnswer: 'Thanks, we will fix the brakes.', notify: true },
      ]);
      expect(screen.getByText('Current answer')).toBeVisible();
      expect(screen.getByText('Mailed')).toBeVisible();
      expect(screen.getByText(/By Olivia Owner on 03\/06\/2025/)).toBeVisible();
      expect(answerField()).toHaveValue('');
    });

    it('can be saved without a mail when the account may', async () => {
      const { backend } = setUp({ flags: allFlags });
      const { user } = await open();

      const notify = screen.getByRole('checkbox', { name: 'Notify participant by email' });
      expect(notify).not.toHaveAttribute('aria-disabled');
      await user.click(notify);
      expect(notify).not.toBeChecked();
      await user.type(answerField(), 'Noted internally.');
      await user.click(screen.getByRole('button', { name: 'Save without email' }));

      expect(await screen.findByText('Answer saved without an email.')).toBeVisible();
      expect(backend.server.requestsTo(api.tickets.answer).map((r) => r.body)).toEqual([
        { manuAnswer: 'Noted internally.', notify: false },
      ]);
      expect(screen.getByText('Saved without mail')).toBeVisible();
    });

    it('is checked before sending: empty, or with an unknown placeholder', async () => {
      const { backend } = setUp();
      const { user } = await open();

      await user.click(screen.getByRole('button', { name: 'Save and email' }));
      expect(await screen.findByText('Write something first.')).toBeVisible();
      await user.type(answerField(), 'Hi {{{{contact.nickname}}');
      await user.click(screen.getByRole('button', { name: 'Save and email' }));
      expect(await screen.findByText(/Unknown placeholder: \{\{contact\.nickname\}\}/)).toBeVisible();
      expect(backend.server.requestsTo(api.tickets.answer)).toHaveLength(0);
    });
  });

  describe('comments', () => {
    it('posts a comment and deletes one’s own after confirming', async () => {
      const { backend } = setUp({ flags: allFlags });
      const { user } = await open();

      await user.type(commentField(), 'Could you send a photo?');
      await user.click(screen.getByRole('button', { name: 'Send message' }));

      const messages = await screen.findByRole('list', { name: 'Messages' });
      expect(await within(messages).findByText('Could you send a photo?')).toBeVisible();
      expect(backend.server.requestsTo(api.tickets.comment).map((r) => r.body)).toEqual([
        { description: 'Could you send a photo?' },
      ]);
      expect(commentField()).toHaveValue('');
      expect(screen.getByText('Message sent.')).toBeVisible();

      await user.click(within(messages).getByRole('button', { name: /Delete your message of 03\/06\/2025/ }));
      const dialog = await screen.findByRole('dialog', { name: 'Delete this message?' });
      expect(within(dialog).getByRole('button', { name: 'Cancel' })).toHaveFocus();
      await user.click(within(dialog).getByRole('button', { name: 'Delete message' }));

      await waitFor(() => expect(screen.queryByText('Could you send a photo?')).toBeNull());
      const [deletion] = backend.server.requestsTo(api.tickets.deleteComment);
      expect(deletion?.params).toEqual({ id: ticketId, cid: expect.any(String) });
      expect(screen.getByText('No messages yet.')).toBeVisible();
    });

    it('shows the server’s refusal of the text under the field', async () => {
      const { backend } = setUp({ flags: allFlags });
      backend.server.on(api.tickets.comment, () => ({
        status: 400,
        body: { code: 'validation', field: 'description', message: 'is an unknown placeholder: {{shop}}' },
      }));
      const { user } = await open();

      await user.type(commentField(), 'See you');
      await user.click(screen.getByRole('button', { name: 'Send message' }));
      expect(
        await screen.findByText('The server refused this text: is an unknown placeholder: {{shop}}'),
      ).toBeVisible();
      expect(commentField()).toHaveValue('See you');
      expect(screen.queryByText('The message could not be sent')).toBeNull();
    });

    it('stays visible but disabled, saying why, when comments are not enabled', async () => {
      const { backend } = setUp();
      const { user } = await open();

      expect(commentField()).toBeDisabled();
      const send = screen.getByRole('button', { name: 'Send message' });
      expect(send).toHaveAttribute('aria-disabled', 'true');
      expect(send).toHaveAccessibleDescription('Comments are not enabled for your account.');
      await user.click(send);
      expect(backend.server.requestsTo(api.tickets.comment)).toHaveLength(0);
    });
  });

  describe('the private note', () => {
    it('is saved for the owners only', async () => {
      const { backend } = setUp({ flags: allFlags });
      const { user } = await open();

      expect(
        screen.getByText('Only the owners of your account see this note. The participant never does.'),
      ).toBeVisible();
      await user.type(screen.getByRole('textbox', { name: /Note for your team/ }), 'Called her on Monday.');
      await user.click(screen.getByRole('button', { name: 'Save note' }));

      expect(await screen.findByText('Note saved.')).toBeVisible();
      expect(backend.server.requestsTo(api.tickets.privateNote).map((r) => r.body)).toEqual([
        { privateNote: 'Called her on Monday.' },
      ]);
    });

    it('is disabled with the reason when private notes are not enabled', async () => {
      setUp();
      await open();
      expect(screen.getByRole('textbox', { name: /Note for your team/ })).toBeDisabled();
      expect(screen.getByRole('button', { name: 'Save note' })).toHaveAccessibleDescription(
        'Private notes are not enabled for your account.',
      );
    });
  });

  describe('archiving', () => {
    it('makes every write control read-only until the ticket is restored', async () => {
      const { backend } = setUp({
        flags: allFlags,
        ticket: { comments: [makeComment({ author: 'owner', own: true, description: 'Mine' })] },
      });
      const { user } = await open();

      await user.click(screen.getByRole('button', { name: 'Archive' }));
      expect(await screen.findByText('This ticket is archived')).toBeVisible();
      expect(backend.server.requestsTo(api.tickets.ignore).map((r) => r.body)).toEqual([{ ignore: true }]);

      const reason = 'The ticket is archived. Restore it to make changes.';
      expect(answerField()).toBeDisabled();
      expect(screen.getByRole('button', { name: 'Save and email' })).toHaveAccessibleDescription(reason);
      expect(commentField()).toBeDisabled();
      expect(screen.getByRole('button', { name: 'Send message' })).toHaveAttribute('aria-disabled', 'true');
      expect(screen.getByRole('textbox', { name: /Note for your team/ })).toBeDisabled();
      expect(screen.getByRole('button', { name: 'Thumbs up for answer 1' })).toBeDisabled();
      expect(screen.getAllByRole('button', { name: 'Insert template' })[0]).toBeDisabled();
      const remove = screen.getByRole('button', { name: /Delete your message/ });
      expect(remove).toHaveAttribute('aria-disabled', 'true');
      await user.click(remove);
      expect(screen.queryByRole('dialog')).toBeNull();

      // Restoring stays possible, here by its key.
      fireEvent.keyDown(document.body, { key: 'e' });
      await waitFor(() => expect(screen.queryByText('This ticket is archived')).toBeNull());
      expect(backend.server.requestsTo(api.tickets.ignore).map((r) => r.body)).toEqual([
        { ignore: true },
        { ignore: false },
      ]);
      expect(answerField()).toBeEnabled();
      expect(screen.getByRole('button', { name: 'Archive' })).toBeVisible();
    });
  });

  describe('ratings', () => {
    it('toggles thumbs up and down at once, and clears the pressed one', async () => {
      const { backend } = setUp();
      const { user } = await open();

      const up = screen.getByRole('button', { name: 'Thumbs up for answer 1' });
      const down = screen.getByRole('button', { name: 'Thumbs down for answer 1' });
      expect(up).toHaveAttribute('aria-pressed', 'false');
      await user.click(up);
      expect(up).toHaveAttribute('aria-pressed', 'true');
      await user.click(down);
      await waitFor(() => expect(down).toHaveAttribute('aria-pressed', 'true'));
      expect(up).toHaveAttribute('aria-pressed', 'false');
      await user.click(down);
      await waitFor(() => expect(down).toHaveAttribute('aria-pressed', 'false'));

      const calls = backend.server.requestsTo(api.tickets.rate);
      expect(calls.map((r) => [r.params.x, r.body])).toEqual([
        [questionIds.text, { vote: 'up' }],
        [questionIds.text, { vote: 'down' }],
        [questionIds.text, { vote: null }],
      ]);
    });

    it('takes a refused vote back and says why', async () => {
      const { backend } = setUp();
      let answer: () => void = () => undefined;
      backend.server.on(
        api.tickets.rate,
        () =>
          new Promise((resolve) => {
            answer = () => resolve({ status: 409, body: { code: 'ticket/archived', message: 'archived' } });
          }),
      );
      const { user } = await open();

      const up = screen.getByRole('button', { name: 'Thumbs up for answer 2' });
      await user.click(up);
      expect(up).toHaveAttribute('aria-pressed', 'true');
      answer();
      expect(await screen.findByText('The rating could not be saved')).toBeVisible();
      expect(screen.getByText('The ticket is archived. Restore it first.')).toBeVisible();
      await waitFor(() => expect(up).toHaveAttribute('aria-pressed', 'false'));
    });
  });

  describe('next and previous', () => {
    it('step through the ids of the list’s filter, keeping it in the address', async () => {
      const { backend } = setUp({ ids: [otherId(1), ticketId, otherId(2)] });
      backend.server.on(api.tickets.get, { id: otherId(2) }, () => ({
        body: makeTicket({
          _id: otherId(2),
          contact: {
            _id: '99999999-9999-4999-8999-000000000002',
            email: 'ben@example.com',
            firstname: 'Ben',
            lastname: null,
          },
        }),
      }));
      const search = '?unanswered=true&sort=oldest&rating=up';
      const { user } = await open(`${page}${search}`);

      const nav = screen.getByRole('navigation', { name: 'Tickets in this list' });
      expect(await within(nav).findByText('2 of 3')).toBeVisible();
      const [ids] = backend.server.requestsTo(api.tickets.ids);
      expect(ids?.params).toEqual({ campaignId });
      expect(Object.fromEntries(ids?.query ?? [])).toEqual({
        unanswered: 'true',
        sort: 'oldest',
        rating: 'up',
      });
      expect(within(nav).getByRole('link', { name: 'Previous ticket' })).toHaveAttribute(
        'href',
        `/connect/campaigns/${campaignId}/tickets/${otherId(1)}${search}`,
      );

      await user.click(within(nav).getByRole('link', { name: 'Next ticket' }));
      expect(await screen.findByRole('heading', { level: 1, name: 'Ben' })).toBeVisible();
      expect(document.title).toBe('Ticket from Ben · Parley');
      expect(currentUrl()).toBe(`/connect/campaigns/${campaignId}/tickets/${otherId(2)}${search}`);
      expect(await screen.findByText('Ticket 3 of 3: Ben')).toBeInTheDocument();
      expect(screen.getByRole('button', { name: 'Next ticket' })).toBeDisabled();

      // k goes back (the ids are not asked again).
      fireEvent.keyDown(document.body, { key: 'k' });
      expect(await screen.findByRole('heading', { level: 1, name: 'Anna Example' })).toBeVisible();
      expect(currentUrl()).toBe(`${page}${search}`);
      expect(backend.server.requestsTo(api.tickets.ids)).toHaveLength(1);
    });

    it('in the inbox step across campaigns, the address following the ticket’s campaign', async () => {
      const otherCampaign = '66666666-6666-4666-8666-000000000002';
      const { backend } = setUp({ ids: [ticketId, otherId(3)] });
      backend.server.on(api.tickets.get, { id: otherId(3) }, () => ({
        body: makeTicket({ _id: otherId(3), campaignId: otherCampaign, campaignTitle: 'Helmet survey' }),
      }));
      await open(`${page}?inbox=1&archived=all`);

      expect(await screen.findByText('1 of 2')).toBeVisible();
      expect(backend.server.requestsTo(api.tickets.ids)[0]?.params).toEqual({ campaignId: 'all' });
      expect(screen.getByRole('link', { name: 'Back to the inbox' })).toHaveAttribute(
        'href',
        '/connect/tickets?archived=all',
      );
      fireEvent.keyDown(document.body, { key: 'ArrowRight', altKey: true });
      expect(await screen.findByText(/Campaign “Helmet survey”/)).toBeVisible();
      await waitFor(() =>
        expect(currentUrl()).toBe(
          `/connect/campaigns/${otherCampaign}/tickets/${otherId(3)}?inbox=1&archived=all`,
        ),
      );
    });

    it('never fire while typing in a field; r and c go to the answer and the comment', async () => {
      setUp({ flags: allFlags, ids: [ticketId, otherId(2)] });
      const { user } = await open();
      await screen.findByText('1 of 2');

      fireEvent.keyDown(document.body, { key: 'r' });
      expect(answerField()).toHaveFocus();
      await user.keyboard('jk');
      expect(answerField()).toHaveValue('jk');
      expect(currentUrl()).toBe(page);

      fireEvent.keyDown(document.body, { key: 'c' });
      expect(commentField()).toHaveFocus();

      await user.click(screen.getByRole('button', { name: 'Keyboard shortcuts' }));
      const help = await screen.findByRole('table', { name: 'Keyboard shortcuts' });
      expect(within(help).getByText('Archive or restore')).toBeVisible();
    });
  });

  describe('templates', () => {
    it('inserts a template at the cursor and previews the text as the participant reads it', async () => {
      setUp({
        templates: [
          makeTemplate({ title: 'Danke', language: 'de', text: 'Danke, {{contact.firstname}}!' }),
          makeTemplate({ title: 'Thanks', language: 'en', text: 'Thank you, {{contact.firstname}}!' }),
        ],
      });
      const { user } = await open();

      await user.type(answerField(), 'Hallo. ');
      const [picker] = screen.getAllByRole('button', { name: 'Insert template' });
      await user.click(picker as HTMLElement);
      const popover = await screen.findByRole('dialog', { name: 'Insert template' });
      // The ticket's language (German) first.
      expect(await within(popover).findByRole('button', { name: 'Insert template “Danke”' })).toBeVisible();
      expect(within(popover).queryByRole('button', { name: 'Insert template “Thanks”' })).toBeNull();
      await user.click(within(popover).getByRole('button', { name: 'Insert template “Danke”' }));

      await waitFor(() => expect(answerField()).toHaveValue('Hallo. Danke, {{contact.firstname}}!'));
      const preview = screen.getByRole('region', { name: 'Preview: how the participant reads your answer' });
      expect(within(preview).getByText('Hallo. Danke, Anna!')).toBeVisible();
    });
  });

  describe('translation', () => {
    const serveTranslation = (
      backend: ReturnType<typeof setUp>['backend'],
      answer: (texts: string[]) => TranslateResult,
    ) =>
      backend.server.on(api.translation.translate, ({ body }) => ({
        body: answer((body as { texts: string[] }).texts),
      }));

    it('shows a free-text answer and a participant message translated into the console’s language, and hides it again', async () => {
      const { backend } = setUp({
        ticket: { comments: [makeComment({ description: 'Wo bleibt die Antwort?' })] },
      });
      serveTranslation(backend, (texts) => ({
        success: true,
        data: {
          suggestions: texts.map((text) => ({
            originalText: text,
            originalTextLanguage: 'de',
            translatedText: `EN: ${text}`,
            translatedTextLanguage: 'en',
          })),
        },
      }));
      const { user } = await open();

      const button = screen.getByRole('button', { name: 'Translate answer 1' });
      await user.click(button);
      const region = await screen.findByRole('region', { name: 'Translation into English' });
      expect(within(region).getByText('EN: Die Bremsen quietschen.')).toBeVisible();
      expect(backend.server.requestsTo(api.translation.translate).map((r) => r.body)).toEqual([
        { sourceLanguage: 'de', targetLanguage: 'en', texts: ['Die Bremsen quietschen.'] },
      ]);
      await user.click(screen.getByRole('button', { name: 'Hide the translation of answer 1' }));
      expect(screen.queryByText('EN: Die Bremsen quietschen.')).toBeNull();

      await user.click(screen.getByRole('button', { name: /Translate the message from Anna Example/ }));
      expect(await screen.findByText('EN: Wo bleibt die Antwort?')).toBeVisible();
    });

    it('says “Translation failed” with the reason, also when no translation comes back', async () => {
      const { backend } = setUp();
      serveTranslation(backend, () => ({
        success: false,
        code: 'translation/provider-failed',
        reason: 'The translation provider refused the text.',
      }));
      const { user } = await open();

      await user.click(screen.getByRole('button', { name: 'Translate answer 1' }));
      expect(await screen.findByText('Translation failed')).toBeVisible();
      expect(screen.getByText('The translation provider refused the text.')).toBeVisible();
      expect(screen.queryByRole('region', { name: /Translation into/ })).toBeNull();

      serveTranslation(backend, () => ({ success: true, data: { suggestions: [] } }));
      await user.click(screen.getByRole('button', { name: 'Translate answer 1' }));
      expect(await screen.findByText('The translation service returned no translation.')).toBeVisible();
    });

    it('translates the owner’s draft into the participant’s language, with undo', async () => {
      const { backend } = setUp();
      serveTranslation(backend, () => ({
        success: true,
        data: {
          suggestions: [
            {
              originalText: 'Thank you!',
              originalTextLanguage: 'en',
              translatedText: 'Vielen Dank!',
              translatedTextLanguage: 'de',
            },
          ],
        },
      }));
      const { user } = await open();

      await user.type(answerField(), 'Thank you!');
      const [translate] = screen.getAllByRole('button', { name: 'Translate into German' });
      await user.click(translate as HTMLElement);
      await waitFor(() => expect(answerField()).toHaveValue('Vielen Dank!'));
      expect(backend.server.requestsTo(api.translation.translate).at(-1)?.body).toEqual({
        sourceLanguage: 'en',
        targetLanguage: 'de',
        texts: ['Thank you!'],
      });
      await user.click(screen.getByRole('button', { name: 'Undo translation' }));
      expect(answerField()).toHaveValue('Thank you!');
    });
  });

  describe('media', () => {
    it('loads a participant’s attachments with the token and shows them through object URLs', async () => {
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
      const { backend } = setUp({ ticket: { comments: [makeComment({ media: [image, video] })] } });
      backend.server.on(api.tickets.media, ({ params }) => ({ body: `bytes of ${params.mediaId}` }));
      let n = 0;
      const createObjectURL = vi.fn((_: Blob) => {
        n += 1;
        return `blob:media-${n}`;
      });
      const revokeObjectURL = vi.fn();
      Object.assign(URL, { createObjectURL, revokeObjectURL });
      const { unmount } = await open();

      const img = await screen.findByRole('img', { name: /^Image 1 from Anna Example, 03\/05\/2025/ });
      expect(img.getAttribute('src')).toMatch(/^blob:media-/);
      const player = await screen.findByLabelText(/^Video 2 from Anna Example, 03\/05\/2025/);
      expect(player.tagName).toBe('VIDEO');
      expect(player).toHaveAttribute('controls');
      const requests = backend.server.requestsTo(api.tickets.media);
      expect(requests.map((r) => r.params.mediaId).sort()).toEqual([image._id, video._id]);
      expect(requests.every((r) => r.headers.get('x-auth-token'))).toBe(true);
      const blobs = await Promise.all(createObjectURL.mock.calls.map(([blob]) => blob.text()));
      expect(blobs.sort()).toEqual([`"bytes of ${image._id}"`, `"bytes of ${video._id}"`]);

      unmount();
      expect(revokeObjectURL).toHaveBeenCalledTimes(2);
    });
  });
});
