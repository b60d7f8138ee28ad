import { api, type ParticipantComment, type ParticipantTicket } from '@parley/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import { formatDateTime } from '@/lib/format-date';
import { createTestBackend } from '@/testing/test-backend';
import { renderPublicApp } from '@/testing/test-utils';

// The public application and the ticket's lazy view are transformed on first use; doing it here
// keeps the first test's time its own.
beforeAll(async () => {
  await import('@/public/public-app');
  await import('@/features/participation/components/ticket-view');
}, 60_000);

const token = 't'.repeat(43);
const ofToken = { token };
const mediaId = '77777777-7777-4777-8777-777777777777';

const ownerMessage: ParticipantComment = {
  _id: '88888888-8888-4888-8888-000000000001',
  author: 'owner',
  authorName: 'Acme Bikes',
  description: 'Could you send us a photo of the frame?',
  createdAt: '2025-03-05T10:00:00.000Z',
  media: [],
};
const participantMessage: ParticipantComment = {
  _id: '88888888-8888-4888-8888-000000000002',
  author: 'participant',
  authorName: 'Ada',
  description: 'Here it is.',
  createdAt: '2025-03-05T11:30:00.000Z',
  media: [{ _id: mediaId, kind: 'image', contentType: 'image/jpeg', size: 1234 }],
};

const makeTicket = (over: Partial<ParticipantTicket> = {}): ParticipantTicket => ({
  campaign: {
    _id: '99999999-9999-4999-8999-999999999999',
    title: 'Bike survey',
    language: 'en',
    manufacturerName: 'Acme Bikes',
  },
  contact: { email: 'ada@example.com', firstname: 'Ada', lastname: null },
  answers: [
    {
      questionId: '99999999-9999-4999-8999-000000000001',
      type: 'FreeText',
      text: 'What went wrong?',
      optional: false,
      options: [],
      value: { text: 'The frame cracked.' },
      skipped: false,
    },
  ],
  createdAt: '2025-03-04T09:05:00.000Z',
  privacyUrl: null,
  imprintUrl: null,
  manuAnswer: { text: 'We are sorry: we will replace the frame.', answeredAt: '2025-03-04T15:00:00.000Z' },
  comments: [ownerMessage, participantMessage],
  mailsOff: false,
  ...over,
});

const serveTicket = (ticket = makeTicket()) => {
  const backend = createTestBackend();
  backend.server.on(api.participation.ticket, ofToken, () => ({ body: ticket }));
  backend.server.on(api.participation.ticketMails, ofToken, ({ body }) => ({
    body: { mailsOff: (body as { mailsOff: boolean }).mailsOff },
  }));
  return backend;
};

/** A file of the given declared type whose size is said rather than held in memory. */
const fileOf = (name: string, type: string, size: number) => {
  const file = new File(['x'], name, { type });
  Object.defineProperty(file, 'size', { value: size });
  return file;
};

const messages = (name = 'Messages, oldest first') =>
  within(screen.getByRole('list', { name }))
    .getAllByRole('listitem')
    .map((li) => li.textContent);

describe("the participant's ticket page: answer and conversation", () => {
  it("shows the answers, the owner's answer with its date and the conversation oldest first", async () => {
    serveTicket();
    renderPublicApp(`/p/t/${token}`);

    expect(await screen.findByRole('heading', { level: 1, name: 'Bike survey' })).toBeVisible();
    expect(await screen.findByText('The frame cracked.')).toBeVisible();

    const answer = screen.getByRole('region', { name: 'The answer of Acme Bikes' });
    expect(within(answer).getByText('We are sorry: we will replace the frame.')).toBeVisible();
    expect(
      within(answer).getByText(`Answered on ${formatDateTime('2025-03-04T15:00:00.000Z', 'en')}`),
    ).toBeVisible();

    // The owner's message under the manufacturer's name, the participant's own as "You".
    expect(messages()).toEqual([
      `Acme Bikes${formatDateTime(ownerMessage.createdAt, 'en')}Could you send us a photo of the frame?`,
      `You${formatDateTime(participantMessage.createdAt, 'en')}Here it is.`,
    ]);
    // Media by the private link's token in the address (a plain <img> loads it).
    expect(screen.getByRole('img', { name: 'Image 1 of the message' })).toHaveAttribute(
      'src',
      `/api/public/ticket/${token}/media/${mediaId}`,
    );
  });

  it('says there are no messages yet and shows no owner answer when there is none', async () => {
    serveTicket(makeTicket({ manuAnswer: null, comments: [] }));
    renderPublicApp(`/p/t/${token}`);
    expect(await screen.findByText(/No messages yet\. .* write to Acme Bikes below\./)).toBeVisible();
    expect(screen.queryByRole('region', { name: 'The answer of Acme Bikes' })).toBeNull();
  });

  it('speaks the campaign’s language', async () => {
    serveTicket(makeTicket({ campaign: { ...makeTicket().campaign, language: 'de' } }));
    renderPublicApp(`/p/t/${token}`);
    expect(await screen.findByRole('heading', { name: 'Die Antwort von Acme Bikes' })).toBeVisible();
    expect(screen.getByRole('heading', { name: 'Unterhaltung' })).toBeVisible();
    expect(screen.getByRole('button', { name: 'Nachricht senden' })).toBeVisible();
    expect(messages('Nachrichten, älteste zuerst')[1]).toMatch(/^Sie/);
  });
});

describe("the participant's ticket page: replying", () => {
  it('uploads a file, then sends the message with its id and shows it in the conversation', async () => {
    const backend = serveTicket();
    backend.server.on(api.participation.ticketMediaUpload, ofToken, () => ({
      status: 201,
      body: { _id: mediaId, kind: 'image', contentType: 'image/png', size: 2048 },
    }));
    backend.server.on(api.participation.ticketComment, ofToken, ({ body }) => ({
      status: 201,
      body: {
        _id: '88888888-8888-4888-8888-000000000003',
        author: 'participant',
        authorName: 'Ada',
        description: (body as { description: string }).description,
        createdAt: '2025-03-06T08:00:00.000Z',
        media: [{ _id: mediaId, kind: 'image', contentType: 'image/png', size: 2048 }],
      } satisfies ParticipantComment,
    }));
    const { user } = renderPublicApp(`/p/t/${token}`);

    const picker = await screen.findByLabelText('Add photos or videos');
    await user.upload(picker, new File(['png-bytes'], 'frame.png', { type: 'image/png' }));
    const files = screen.getByRole('list', { name: 'Files for your message' });
    expect(await within(files).findByText('Uploaded')).toBeVisible();
    const [uploaded] = backend.server.requestsTo(api.participation.ticketMediaUpload, ofToken);
    const form = uploaded?.body as FormData | undefined;
    expect(form?.get('file')).toHaveProperty('name', 'frame.png');
    expect(backend.server.requestsTo(api.participation.ticketComment)).toHaveLength(0);

    const text = screen.getByRole('textbox', { name: 'Your message' });
    await user.type(text, '  The new photo  ');
    expect(screen.getByText('17 of 5000 characters')).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Send message' }));

    expect(await screen.findByText('Your message has been sent.')).toBeVisible();
    expect(backend.server.requestsTo(api.participation.ticketComment, ofToken).map((r) => r.body)).toEqual([
      { description: 'The new photo', mediaIds: [mediaId] },
    ]);
    expect(messages()).toHaveLength(3);
    expect(messages()[2]).toBe(`You${formatDateTime('2025-03-06T08:00:00.000Z', 'en')}The new photo`);
    // The form is empty again for the next message.
    expect(text).toHaveValue('');
    expect(screen.queryByRole('list', { name: 'Files for your message' })).toBeNull();
  });

  it('refuses a file of the wrong type or too large before uploading anything', async () => {
    const backend = serveTicket();
    renderPublicApp(`/p/t/${token}`);
    // The picker offers only images and videos; a browser may still hand over anything.
    const user = userEvent.setup({ applyAccept: false });

    const picker = await screen.findByLabelText('Add photos or videos');
    await user.upload(picker, [
      fileOf('manual.pdf', 'application/pdf', 2048),
      fileOf('holiday.mp4', 'video/mp4', 50 * 1024 * 1024 + 1),
      fileOf('huge.jpg', 'image/jpeg', 10 * 1024 * 1024 + 1),
    ]);

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(
      '“manual.pdf” cannot be attached: only images (PNG, JPEG, WebP, GIF) and videos (MP4, WebM, MOV) can.',
    );
    expect(alert).toHaveTextContent(
      '“holiday.mp4” is too large: images may have up to 10 MB, videos up to 50 MB.',
    );
    expect(alert).toHaveTextContent('“huge.jpg” is too large');
    expect(screen.queryByRole('list', { name: 'Files for your message' })).toBeNull();
    expect(backend.server.requestsTo(api.participation.ticketMediaUpload)).toHaveLength(0);
  });

  it('takes at most five files per message', async () => {
    const backend = serveTicket();
    let n = 0;
    backend.server.on(api.participation.ticketMediaUpload, ofToken, () => {
      n += 1;
      return {
        status: 201,
        body: {
          _id: `77777777-7777-4777-8777-00000000000${n}`,
          kind: 'image',
          contentType: 'image/png',
          size: 9,
        },
      };
    });
    const { user } = renderPublicApp(`/p/t/${token}`);
    const picker = await screen.findByLabelText('Add photos or videos');
    await user.upload(
      picker,
      Array.from({ length: 6 }, (_, i) => new File(['png'], `p${i}.png`, { type: 'image/png' })),
    );
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'At most 5 files can be attached to one message.',
    );
    await waitFor(() =>
      expect(
        within(screen.getByRole('list', { name: 'Files for your message' })).getAllByText('Uploaded'),
      ).toHaveLength(5),
    );
    expect(backend.server.requestsTo(api.participation.ticketMediaUpload)).toHaveLength(5);
  });

  it('says when the server refuses an upload for too many files, and the file can be removed', async () => {
    const backend = serveTicket();
    backend.server.on(api.participation.ticketMediaUpload, ofToken, () => ({
      status: 429,
      body: { code: 'rate-limit', message: 'Too many requests' },
    }));
    const { user } = renderPublicApp(`/p/t/${token}`);
    await user.upload(
      await screen.findByLabelText('Add photos or videos'),
      new File(['png'], 'frame.png', { type: 'image/png' }),
    );
    expect(
      await screen.findByText(
        'Too many files or messages have been sent from here. Please wait a few minutes and try again.',
      ),
    ).toBeVisible();

    // Sending now would leave the file out: the form says so instead.
    await user.type(screen.getByRole('textbox', { name: 'Your message' }), 'Hello');
    await user.click(screen.getByRole('button', { name: 'Send message' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Some files could not be uploaded.');
    expect(backend.server.requestsTo(api.participation.ticketComment)).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Remove “frame.png”' }));
    expect(screen.queryByRole('list', { name: 'Files for your message' })).toBeNull();
  });

  it('says when the server refuses an image for its pixels, which only the server can read', async () => {
    const backend = serveTicket();
    backend.server.on(api.participation.ticketMediaUpload, ofToken, () => ({
      status: 400,
      body: { code: 'file/too-many-pixels', message: 'The image is 30000 × 30000 px', field: 'file' },
    }));
    const { user } = renderPublicApp(`/p/t/${token}`);
    await user.upload(
      await screen.findByLabelText('Add photos or videos'),
      new File(['png'], 'panorama.png', { type: 'image/png' }),
    );
    expect(
      await screen.findByText(
        '“panorama.png” has too many pixels: images may have up to 64 megapixels. Please send a smaller version.',
      ),
    ).toBeVisible();
  });

  it('asks for a text or a file before sending, and says a refused message in the form', async () => {
    const backend = serveTicket();
    backend.server.on(api.participation.ticketComment, ofToken, () => ({
      status: 429,
      body: { code: 'rate-limit', message: 'Too many requests' },
    }));
    const { user } = renderPublicApp(`/p/t/${token}`);
    const send = await screen.findByRole('button', { name: 'Send message' });
    await user.click(send);
    expect(await screen.findByText('Please write a message or attach a file.')).toBeVisible();
    expect(screen.getByRole('textbox', { name: 'Your message' })).toHaveFocus();
    expect(backend.server.requestsTo(api.participation.ticketComment)).toHaveLength(0);

    await user.type(screen.getByRole('textbox', { name: 'Your message' }), 'Hello');
    await user.click(send);
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Too many files or messages have been sent from here.',
    );
    expect(screen.getByRole('textbox', { name: 'Your message' })).toHaveValue('Hello');
  });
});

describe("the participant's ticket page: emails about the conversation", () => {
  it('turns the emails off and on again with the switch', async () => {
    const backend = serveTicket();
    const { user } = renderPublicApp(`/p/t/${token}`);
    const toggle = await screen.findByRole('switch', { name: 'Emails about this conversation' });
    expect(toggle).toBeChecked();
    expect(screen.getByText('On: we email you when Acme Bikes writes to you here.')).toBeVisible();

    await user.click(toggle);
    await waitFor(() => expect(toggle).not.toBeChecked());
    expect(screen.getByText(/^Off: you get no emails about this conversation\./)).toBeVisible();
    await user.click(toggle);
    await waitFor(() => expect(toggle).toBeChecked());
    expect(backend.server.requestsTo(api.participation.ticketMails, ofToken).map((r) => r.body)).toEqual([
      { mailsOff: true },
      { mailsOff: false },
    ]);
  });

  it('opened from the unsubscribe link, asks first and turns the emails off only on the click', async () => {
    const backend = serveTicket();
    const { user } = renderPublicApp(`/p/t/${token}?mails=off`);

    const banner = await screen.findByRole('region', { name: 'Stop emails about this conversation?' });
    expect(
      within(banner).getByText(
        /You will get no more emails when Acme Bikes writes to you about “Bike survey”\./,
      ),
    ).toBeVisible();
    // Opening the link (as a mail scanner does) changes nothing.
    expect(backend.server.requestsTo(api.participation.ticketMails)).toHaveLength(0);
    expect(screen.getByRole('switch', { name: 'Emails about this conversation' })).toBeChecked();

    await user.click(within(banner).getByRole('button', { name: 'Stop emails' }));
    expect(await screen.findByRole('heading', { name: 'Emails turned off' })).toHaveFocus();
    expect(screen.getByText(/^You will get no more emails about this conversation\./)).toBeVisible();
    expect(backend.server.requestsTo(api.participation.ticketMails, ofToken).map((r) => r.body)).toEqual([
      { mailsOff: true },
    ]);
    expect(screen.getByRole('switch', { name: 'Emails about this conversation' })).not.toBeChecked();
    expect(screen.queryByRole('button', { name: 'Stop emails' })).toBeNull();
  });

  it('says so when the emails were off already, with nothing to confirm', async () => {
    const backend = serveTicket(makeTicket({ mailsOff: true }));
    renderPublicApp(`/p/t/${token}?mails=off`);
    expect(await screen.findByText(/^Emails about this conversation are already turned off\./)).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Stop emails' })).toBeNull();
    expect(backend.server.requestsTo(api.participation.ticketMails)).toHaveLength(0);
  });

  it('keeps the question when turning the emails off failed', async () => {
    const backend = serveTicket();
    backend.server.on(api.participation.ticketMails, ofToken, () => ({
      status: 500,
      body: { code: 'internal', message: 'Failed' },
    }));
    const { user } = renderPublicApp(`/p/t/${token}?mails=off`);
    await user.click(await screen.findByRole('button', { name: 'Stop emails' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('The emails could not be turned off.');
    expect(screen.getByRole('button', { name: 'Stop emails' })).toBeVisible();
    expect(backend.server.requestsTo(api.participation.ticketMails)).toHaveLength(1);
  });
});
