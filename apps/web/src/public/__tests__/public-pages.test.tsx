import { api, type ParticipantTicket, type PublicSurvey } from '@parley/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { makeSurvey, surveyId } from '@/features/participation/__tests__/survey-fixtures';
import { draftKey } from '@/features/participation/lib/survey-draft';
import { formatDateTime } from '@/lib/format-date';
import { createTestBackend, defaultConfig } from '@/testing/test-backend';
import { currentUrl, renderPublicApp } from '@/testing/test-utils';

// Mantine's autosizing textarea listens for web fonts; jsdom has no document.fonts.
if (!('fonts' in document)) {
  Object.defineProperty(document, 'fonts', {
    value: { addEventListener: () => undefined, removeEventListener: () => undefined },
  });
}

// The public application is transformed on first use; doing it here keeps the first test's time its own.
beforeAll(async () => {
  await import('@/public/public-app');
}, 60_000);

const ofSurvey = { id: surveyId };

const serve = (survey: PublicSurvey = makeSurvey()) => {
  const backend = createTestBackend();
  backend.server.on(api.participation.survey, ofSurvey, () => ({ body: survey }));
  backend.server.on(api.participation.submit, ofSurvey, () => ({
    status: 201,
    body: { stored: true, campaignEnded: false },
  }));
  backend.server.on(api.participation.checkEmail, ofSurvey, () => ({ status: 204 }));
  return backend;
};

const heading = (name: string | RegExp) => screen.findByRole('heading', { level: 2, name });

const startWith = async (user: ReturnType<typeof renderPublicApp>['user'], email: string) => {
  await user.type(await screen.findByLabelText(/Email address/), email);
  await user.click(screen.getByRole('button', { name: 'Start the survey' }));
};

describe('the survey page (/p/c/:campaignId)', () => {
  it('goes on from the email step whatever the address, and says on sending that it answered already and was mailed', async () => {
    const backend = serve(makeSurvey({ questions: [makeSurvey().questions[3]!] }));
    backend.server.on(api.participation.submit, ofSurvey, () => ({
      status: 409,
      body: {
        code: 'survey/already-answered',
        message: 'This email address has already answered this survey.',
      },
    }));
    const { user } = renderPublicApp(`/p/c/${surveyId}`);
    // The check says nothing about the address (docs/product-decisions.md, "Participation").
    await startWith(user, 'Ada@Example.com');
    expect(backend.server.requestsTo(api.participation.checkEmail, ofSurvey)[0]?.body).toEqual({
      email: 'Ada@Example.com',
    });
    await user.type(await screen.findByRole('textbox', { name: 'Anything else?' }), 'again');
    await user.click(screen.getByRole('button', { name: 'Send answers' }));

    expect(await screen.findByRole('alert')).toHaveTextContent(
      'This address has already answered this survey. We have emailed it the link to its answers.',
    );
    expect(screen.queryByRole('heading', { name: 'Thank you!' })).toBeNull();
    expect(screen.getByRole('textbox', { name: 'Anything else?' })).toHaveValue('again');
  });

  it('goes on to the questions even when an older server refuses the address at the email step', async () => {
    const backend = serve();
    backend.server.on(api.participation.checkEmail, ofSurvey, () => ({
      status: 409,
      body: {
        code: 'survey/already-answered',
        message: 'This email address has already answered this survey.',
      },
    }));
    const { user } = renderPublicApp(`/p/c/${surveyId}`);
    await startWith(user, 'ada@example.com');
    expect(await heading('Do you ride?')).toBeVisible();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('asks the email, then each question on the path with checks, and sends the answers once', async () => {
    const backend = serve();
    const { user } = renderPublicApp(`/p/c/${surveyId}`);

    expect(await screen.findByRole('heading', { level: 1, name: 'Bike survey' })).toBeVisible();
    expect(screen.getByText('Tell us about your rides.')).toBeVisible();
    expect(screen.getByRole('link', { name: 'Privacy notice' })).toHaveAttribute(
      'href',
      'https://example.com/privacy',
    );
    // Public: no detour through /login.
    expect(currentUrl()).toBe(`/p/c/${surveyId}`);

    await startWith(user, 'not-an-email');
    expect(
      await screen.findByText('Please enter a valid email address, such as name@example.com.'),
    ).toBeVisible();
    await user.clear(screen.getByLabelText(/Email address/));
    await user.type(screen.getByLabelText(/Email address/), 'ada@example.com');
    await user.type(screen.getByLabelText('First name (optional)'), 'Ada');
    await user.click(screen.getByRole('button', { name: 'Start the survey' }));

    const first = await heading('Do you ride?');
    expect(first).toHaveFocus();
    expect(screen.getByText('Question 1 of 4')).toBeVisible();
    expect(screen.getByRole('group', { name: 'Do you ride?' })).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('Please choose one option.')).toBeVisible();
    await user.click(screen.getByRole('radio', { name: 'Yes' }));
    expect(screen.queryByText('Please choose one option.')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Next' }));

    expect(await heading('Which bikes?')).toHaveFocus();
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('Please choose at least one option.')).toBeVisible();
    await user.click(screen.getByRole('checkbox', { name: 'City' }));
    await user.click(screen.getByRole('checkbox', { name: 'Road' }));
    await user.click(screen.getByRole('button', { name: 'Next' }));

    // The optional ranking can be skipped.
    await heading(/Rank the colours/);
    await user.click(screen.getByRole('button', { name: 'Skip this question' }));

    await heading('Anything else?');
    expect(screen.getByText('Question 4 of 4')).toBeVisible();
    const text = screen.getByRole('textbox', { name: 'Anything else?' });
    await user.type(text, '  Great bikes  ');
    expect(screen.getByText('11 of 5000 characters')).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Send answers' }));

    expect(await heading('Thank you!')).toHaveFocus();
    expect(screen.getByText(/emailed a private link to your answers to ada@example.com/)).toBeVisible();
    const [sent] = backend.server.requestsTo(api.participation.submit, ofSurvey);
    const questions = makeSurvey().questions;
    expect(sent?.body).toEqual({
      email: 'ada@example.com',
      firstname: 'Ada',
      submissionId: expect.stringMatching(/^[0-9a-f-]{36}$/),
      answers: [
        { questionId: questions[0]!._id, optionIds: [questions[0]!.options[0]!._id] },
        // In the options' order, whatever order they were ticked in.
        {
          questionId: questions[1]!._id,
          optionIds: [questions[1]!.options[0]!._id, questions[1]!.options[2]!._id],
        },
        { questionId: questions[3]!._id, text: 'Great bikes' },
      ],
    });
    expect(window.localStorage.getItem(draftKey(surveyId))).toBeNull();
    // A whole survey typed key by key: longer than one step, so it gets its own time limit.
  }, 30_000);

  it('follows a path rule forward and goes back to the question shown before', async () => {
    serve();
    const { user } = renderPublicApp(`/p/c/${surveyId}`);
    await startWith(user, 'bo@example.com');
    await heading('Do you ride?');
    await user.click(screen.getByRole('radio', { name: 'No' }));
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await heading('Anything else?');
    expect(screen.getByText('Question 2 of 2')).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Back' }));
    expect(await heading('Do you ride?')).toHaveFocus();
    expect(screen.getByRole('radio', { name: 'No' })).toBeChecked();
    await user.click(screen.getByRole('button', { name: 'Back' }));
    expect(await heading('About you')).toHaveFocus();
    expect(screen.getByLabelText(/Email address/)).toHaveValue('bo@example.com');
  });

  it('sends at once on a rule to the end', async () => {
    const backend = serve();
    const { user } = renderPublicApp(`/p/c/${surveyId}`);
    await startWith(user, 'cy@example.com');
    await heading('Do you ride?');
    await user.click(screen.getByRole('radio', { name: 'Stop' }));
    await user.click(screen.getByRole('button', { name: 'Send answers' }));
    await heading('Thank you!');
    expect(backend.server.requestsTo(api.participation.submit, ofSurvey)[0]?.body).toMatchObject({
      answers: [{ questionId: makeSurvey().questions[0]!._id }],
    });
  });

  it('resumes what was entered before a reload, with the same submission id', async () => {
    const backend = serve();
    const questions = makeSurvey().questions;
    const submissionId = '12345678-1234-4234-8234-123456789abc';
    window.localStorage.setItem(
      draftKey(surveyId),
      JSON.stringify({
        submissionId,
        email: 'di@example.com',
        firstname: '',
        lastname: 'Doe',
        answers: {
          [questions[0]!._id]: { optionIds: [questions[0]!.options[1]!._id] },
          [questions[3]!._id]: { text: 'half' },
        },
        current: questions[3]!._id,
      }),
    );
    const { user } = renderPublicApp(`/p/c/${surveyId}`);
    await heading('Anything else?');
    expect(screen.getByText('Welcome back: what you entered before has been restored.')).toBeVisible();
    const text = screen.getByRole('textbox', { name: 'Anything else?' });
    expect(text).toHaveValue('half');
    await user.type(text, ' done');
    // Kept as typed, so another reload would not lose it either.
    expect(
      JSON.parse(window.localStorage.getItem(draftKey(surveyId)) ?? '{}').answers[questions[3]!._id],
    ).toEqual({
      text: 'half done',
    });
    // The note belongs to the step the participant came back to: moving on, it goes.
    await user.click(screen.getByRole('button', { name: 'Back' }));
    // "No" jumped from the first question straight to the last one, so back leads there.
    await heading('Do you ride?');
    expect(screen.queryByText('Welcome back: what you entered before has been restored.')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await heading('Anything else?');
    await user.click(screen.getByRole('button', { name: 'Send answers' }));
    await heading('Thank you!');
    expect(backend.server.requestsTo(api.participation.submit, ofSurvey)[0]?.body).toMatchObject({
      submissionId,
      email: 'di@example.com',
      lastname: 'Doe',
    });
  });

  it('starts over on request with a new submission id', async () => {
    serve();
    window.localStorage.setItem(
      draftKey(surveyId),
      JSON.stringify({
        submissionId: '12345678-1234-4234-8234-123456789abc',
        email: 'di@example.com',
        firstname: '',
        lastname: '',
        answers: {},
        current: null,
      }),
    );
    const { user } = renderPublicApp(`/p/c/${surveyId}`);
    await user.click(await screen.findByRole('button', { name: 'Start over' }));
    expect(screen.getByLabelText(/Email address/)).toHaveValue('');
    await waitFor(() =>
      expect(JSON.parse(window.localStorage.getItem(draftKey(surveyId)) ?? '{}').submissionId).not.toBe(
        '12345678-1234-4234-8234-123456789abc',
      ),
    );
  });

  it('keeps the answers and says so when sending fails, and words a rate limit', async () => {
    const backend = serve(makeSurvey({ questions: [makeSurvey().questions[3]!] }));
    backend.server.on(api.participation.submit, ofSurvey, () => ({
      status: 429,
      body: { code: 'rate-limit', message: 'Too many' },
    }));
    const { user } = renderPublicApp(`/p/c/${surveyId}`);
    await startWith(user, 'ed@example.com');
    await user.type(await screen.findByRole('textbox', { name: 'Anything else?' }), 'hello');
    await user.click(screen.getByRole('button', { name: 'Send answers' }));
    // Said in the form and announced at once (docs/product-decisions.md, "Public pages").
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Too many answers have been sent from here. Please wait a few minutes and try again.',
    );
    expect(screen.getByRole('textbox', { name: 'Anything else?' })).toHaveValue('hello');
    expect(screen.getByRole('button', { name: 'Send answers' })).toBeEnabled();
    expect(window.localStorage.getItem(draftKey(surveyId))).toContain('hello');
  });

  it('says so and moves the focus there when the survey closes while the participant answers', async () => {
    const backend = serve(makeSurvey({ questions: [makeSurvey().questions[3]!] }));
    const { user } = renderPublicApp(`/p/c/${surveyId}`);
    await startWith(user, 'gil@example.com');
    await user.type(await screen.findByRole('textbox', { name: 'Anything else?' }), 'late');
    // Meanwhile the owner ended it: sending is refused, and the survey now says it has ended.
    backend.server.on(api.participation.submit, ofSurvey, () => ({
      status: 409,
      body: { code: 'survey/ended', message: 'This survey has ended.' },
    }));
    backend.server.on(api.participation.survey, ofSurvey, () => ({
      body: makeSurvey({ status: 'ended', questions: [] }),
    }));
    await user.click(screen.getByRole('button', { name: 'Send answers' }));

    const ended = await heading('This survey has ended');
    await waitFor(() => expect(ended).toHaveFocus());
    expect(screen.queryByRole('textbox', { name: 'Anything else?' })).toBeNull();
  });

  it('sends one request for a double click', async () => {
    const backend = serve(makeSurvey({ questions: [makeSurvey().questions[3]!] }));
    let release: () => void = () => undefined;
    backend.server.on(
      api.participation.submit,
      ofSurvey,
      () =>
        new Promise((resolve) => {
          release = () => resolve({ status: 201, body: { stored: true, campaignEnded: true } });
        }),
    );
    const { user } = renderPublicApp(`/p/c/${surveyId}`);
    await startWith(user, 'fay@example.com');
    await user.type(await screen.findByRole('textbox', { name: 'Anything else?' }), 'hi');
    const send = screen.getByRole('button', { name: 'Send answers' });
    await user.click(send);
    await user.click(send);
    expect(backend.server.requestsTo(api.participation.submit, ofSurvey)).toHaveLength(1);
    release();
    await heading('Thank you!');
    expect(screen.getByText('Yours was the last answer this survey needed: it has now ended.')).toBeVisible();
  });

  it.each([
    ['draft', 'This survey has not started yet'],
    ['ended', 'This survey has ended'],
    ['full', 'This survey is full'],
    ['archived', 'This survey is no longer available'],
    ['closed', 'This survey cannot be answered through this link'],
  ] as const)('says clearly when the survey is %s', async (status, title) => {
    serve(makeSurvey({ status, questions: [] }));
    renderPublicApp(`/p/c/${surveyId}`);
    expect(await heading(title)).toBeVisible();
    expect(screen.queryByLabelText(/Email address/)).toBeNull();
  });

  it("speaks the survey's language, not the console's", async () => {
    serve(makeSurvey({ language: 'de', status: 'ended', questions: [] }));
    renderPublicApp(`/p/c/${surveyId}`);
    expect(await heading('Diese Umfrage ist beendet')).toBeVisible();
    expect(screen.getByRole('link', { name: 'Datenschutzhinweise' })).toBeVisible();
    // Set by the page's layout in an effect, which Preact runs after painting: awaited, not assumed.
    await waitFor(() => expect(document.documentElement.lang).toBe('de'));
    // Said once: the ended page does not repeat the survey's title under its header.
    expect(screen.getAllByText('Bike survey')).toHaveLength(1);
  });

  it('says when the link leads nowhere', async () => {
    createTestBackend();
    renderPublicApp(`/p/c/${surveyId}`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Survey not found' })).toBeVisible();
    expect(currentUrl()).toBe(`/p/c/${surveyId}`);
  });
});

describe("the participant's ticket page (/p/t/:token)", () => {
  const token = 'a'.repeat(43);
  const questions = makeSurvey().questions;
  const ticket: ParticipantTicket = {
    campaign: { _id: surveyId, title: 'Bike survey', language: 'en', manufacturerName: 'Acme Bikes' },
    contact: { email: 'ada@example.com', firstname: 'Ada', lastname: null },
    answers: [
      {
        questionId: questions[0]!._id,
        type: 'SingleChoice',
        text: 'Do you ride?',
        optional: false,
        options: questions[0]!.options,
        value: { optionIds: [questions[0]!.options[0]!._id] },
        skipped: false,
      },
      {
        questionId: questions[2]!._id,
        type: 'Ranking',
        text: 'Rank the colours',
        optional: true,
        options: questions[2]!.options,
        value: {
          optionIds: [
            questions[2]!.options[2]!._id,
            questions[2]!.options[0]!._id,
            questions[2]!.options[1]!._id,
          ],
        },
        skipped: false,
      },
      {
        ...{
          questionId: questions[3]!._id,
          type: 'FreeText',
          text: 'Anything else?',
          optional: false,
          options: [],
        },
        value: {},
        skipped: true,
      },
    ],
    createdAt: '2025-03-04T09:05:00.000Z',
    privacyUrl: 'https://example.com/privacy',
    imprintUrl: 'https://example.com/imprint',
    manuAnswer: null,
    comments: [],
    mailsOff: false,
  };

  it('shows the answers as the participant gave them and that the address is confirmed', async () => {
    const backend = createTestBackend();
    backend.server.on(api.participation.ticket, { token }, () => ({ body: ticket }));
    renderPublicApp(`/p/t/${token}`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Bike survey' })).toBeVisible();
    expect(screen.getByText('Thank you: your email address ada@example.com is confirmed.')).toBeVisible();
    const ranking = screen.getByRole('heading', { name: /Rank the colours/ }).closest('li') as HTMLElement;
    expect(
      within(ranking)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Blue', 'Red', 'Green']);
    expect(screen.getByText('Skipped')).toBeVisible();
    // The date as the console writes it in the survey's language (docs/product-decisions.md).
    const sent = formatDateTime(ticket.createdAt, 'en');
    expect(sent).toMatch(/^03\/0[45]\/2025 \d{1,2}:05 [AP]M$/);
    expect(screen.getByText(new RegExp(`sent on ${sent}\\.$`))).toBeVisible();
    // The manufacturer's own privacy notice and imprint, as on its other public pages.
    expect(screen.getByRole('link', { name: 'Privacy notice' })).toHaveAttribute(
      'href',
      'https://example.com/privacy',
    );
    expect(screen.getByRole('link', { name: 'Imprint' })).toHaveAttribute(
      'href',
      'https://example.com/imprint',
    );
    expect(currentUrl()).toBe(`/p/t/${token}`);
  });

  it('shows the answers of a deleted contact without the address line', async () => {
    const backend = createTestBackend();
    backend.server.on(api.participation.ticket, { token }, () => ({ body: { ...ticket, contact: null } }));
    renderPublicApp(`/p/t/${token}`);
    expect(await screen.findByRole('heading', { level: 2, name: 'Your answers' })).toBeVisible();
    expect(screen.queryByText(/is confirmed/)).toBeNull();
    expect(screen.getByRole('heading', { name: /Rank the colours/ })).toBeVisible();
  });

  it('says when the link is not valid', async () => {
    createTestBackend();
    renderPublicApp(`/p/t/${token}`);
    expect(await screen.findByRole('heading', { level: 1, name: 'This link is not valid' })).toBeVisible();
  });
});

describe('a public address no page answers yet', () => {
  it('stays on its address, never asks for a sign-in, and carries the privacy notice', async () => {
    const { server } = createTestBackend();
    server.on(api.info.config, () => ({
      body: { ...defaultConfig, privacyUrl: 'https://example.com/privacy' },
    }));
    renderPublicApp('/p/x/22222222-2222-4222-8222-222222222222');

    expect(await screen.findByRole('heading', { level: 1, name: 'Parley' })).toBeVisible();
    expect(await screen.findByRole('link', { name: 'Privacy notice' })).toHaveAttribute(
      'href',
      'https://example.com/privacy',
    );
    expect(screen.queryByRole('button', { name: /sign in/i })).toBeNull();
    expect(currentUrl()).toBe('/p/x/22222222-2222-4222-8222-222222222222');
  });
});
