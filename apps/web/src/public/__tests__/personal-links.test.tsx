import { api, type InvitedSurvey, type UnsubscribeInfo } from '@parley/contract';
import { screen, waitFor } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { makeSurvey } from '@/features/participation/__tests__/survey-fixtures';
import { draftKey } from '@/features/participation/lib/survey-draft';
import { createTestBackend } from '@/testing/test-backend';
import { currentUrl, renderPublicApp } from '@/testing/test-utils';

// The public application is transformed on first use; doing it here keeps the first test's time its own.
beforeAll(async () => {
  await import('@/public/public-app');
}, 60_000);

const token = 'inv_4f9a2c7e1b8d3a6f0c5e9b2d7a1f4c8e';
const ofToken = { token };

const makeInvited = (over: Partial<InvitedSurvey> = {}): InvitedSurvey => ({
  ...makeSurvey({ questions: [makeSurvey().questions[3]!] }),
  invitee: { email: 'ada@example.com', firstname: 'Ada', lastname: null },
  answered: false,
  ...over,
});

const serveInvitation = (survey: InvitedSurvey = makeInvited()) => {
  const backend = createTestBackend();
  backend.server.on(api.invitations.survey, ofToken, () => ({ body: survey }));
  backend.server.on(api.invitations.submit, ofToken, () => ({
    status: 201,
    body: { stored: true, campaignEnded: false },
  }));
  return backend;
};

const heading = (name: string | RegExp, level = 2) => screen.findByRole('heading', { level, name });

describe('the survey by personal invitation (/p/i/:token)', () => {
  it('greets the invitee without an email step and sends the answers to the invitation', async () => {
    const backend = serveInvitation();
    const { user } = renderPublicApp(`/p/i/${token}`);

    expect(await heading('Bike survey', 1)).toBeVisible();
    expect(await heading('Hello Ada')).toBeVisible();
    expect(
      screen.getByText(
        'You are answering as ada@example.com. We will send a private link to your answers to this address.',
      ),
    ).toBeVisible();
    expect(screen.queryByLabelText(/Email address/)).toBeNull();
    // Only the name the invitation does not know yet is asked for.
    expect(screen.queryByLabelText('First name (optional)')).toBeNull();
    await user.type(screen.getByLabelText('Last name (optional)'), 'Lovelace');
    await user.click(screen.getByRole('button', { name: 'Start the survey' }));

    expect(await heading('Anything else?')).toHaveFocus();
    await user.type(screen.getByRole('textbox', { name: 'Anything else?' }), 'Great bikes');
    await user.click(screen.getByRole('button', { name: 'Send answers' }));

    expect(await heading('Thank you!')).toHaveFocus();
    expect(screen.getByText(/emailed a private link to your answers to ada@example\.com/)).toBeVisible();
    const sent = backend.server.requestsTo(api.invitations.submit, ofToken);
    expect(sent).toHaveLength(1);
    expect(sent[0]?.body).toEqual({
      lastname: 'Lovelace',
      submissionId: expect.stringMatching(/^[0-9a-f-]{36}$/),
      answers: [{ questionId: makeSurvey().questions[3]!._id, text: 'Great bikes' }],
    });
    // Neither the open link's address check nor its answer call.
    expect(backend.server.requestsTo(api.participation.checkEmail)).toHaveLength(0);
    expect(backend.server.requestsTo(api.participation.submit)).toHaveLength(0);
    expect(window.localStorage.getItem(draftKey(`${makeSurvey()._id}.invitation`))).toBeNull();
    expect(currentUrl()).toBe(`/p/i/${token}`);
  });

  it('welcomes an invitee without a name and offers both name fields', async () => {
    serveInvitation(makeInvited({ invitee: { email: 'bo@example.com', firstname: null, lastname: null } }));
    renderPublicApp(`/p/i/${token}`);
    expect(await heading('Welcome')).toBeVisible();
    expect(screen.getByLabelText('First name (optional)')).toBeVisible();
    expect(screen.getByLabelText('Last name (optional)')).toBeVisible();
  });

  it('resumes its own draft, never another invitee’s', async () => {
    serveInvitation();
    const questionId = makeSurvey().questions[3]!._id;
    const draft = (email: string) =>
      JSON.stringify({
        submissionId: '12345678-1234-4234-8234-123456789abc',
        email,
        firstname: '',
        lastname: '',
        answers: { [questionId]: { text: 'half' } },
        current: questionId,
      });
    const key = draftKey(`${makeSurvey()._id}.invitation`);
    window.localStorage.setItem(key, draft('someone-else@example.com'));
    const first = renderPublicApp(`/p/i/${token}`);
    expect(await heading('Hello Ada')).toBeVisible();
    first.unmount();

    window.localStorage.setItem(key, draft('ada@example.com'));
    renderPublicApp(`/p/i/${token}`);
    expect(await screen.findByRole('textbox', { name: 'Anything else?' })).toHaveValue('half');
    expect(screen.getByText('Welcome back: what you entered before has been restored.')).toBeVisible();
  });

  it('says clearly when the link was withdrawn or is unknown', async () => {
    createTestBackend();
    renderPublicApp(`/p/i/${token}`);
    expect(await heading('This invitation link is not valid', 1)).toBeVisible();
    expect(screen.getByText(/The invitation may have been withdrawn/)).toBeVisible();
  });

  it('tells an invitee who answered already, without the form', async () => {
    serveInvitation(makeInvited({ answered: true, questions: [] }));
    renderPublicApp(`/p/i/${token}`);
    expect(await heading('You have already answered this survey')).toBeVisible();
    expect(screen.getByRole('heading', { level: 1, name: 'Bike survey' })).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Start the survey' })).toBeNull();
  });

  it.each([
    ['draft', 'This survey has not started yet'],
    ['ended', 'This survey has ended'],
    ['full', 'This survey is full'],
    ['archived', 'This survey is no longer available'],
  ] as const)('says clearly when the survey is %s', async (status, title) => {
    serveInvitation(makeInvited({ status, questions: [] }));
    renderPublicApp(`/p/i/${token}`);
    expect(await heading(title)).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Start the survey' })).toBeNull();
  });

  it('moves to the answered message when the invitee answered meanwhile elsewhere', async () => {
    const backend = serveInvitation();
    const { user } = renderPublicApp(`/p/i/${token}`);
    await user.click(await screen.findByRole('button', { name: 'Start the survey' }));
    await user.type(await screen.findByRole('textbox', { name: 'Anything else?' }), 'twice');
    backend.server.on(api.invitations.submit, ofToken, () => ({
      status: 409,
      body: { code: 'survey/already-answered', message: 'Already answered.' },
    }));
    backend.server.on(api.invitations.survey, ofToken, () => ({
      body: makeInvited({ answered: true, questions: [] }),
    }));
    await user.click(screen.getByRole('button', { name: 'Send answers' }));

    const answered = await heading('You have already answered this survey');
    await waitFor(() => expect(answered).toHaveFocus());
    expect(screen.queryByRole('textbox', { name: 'Anything else?' })).toBeNull();
  });

  it('says so when the invitation is withdrawn while the invitee answers, keeping the answers', async () => {
    const backend = serveInvitation();
    const { user } = renderPublicApp(`/p/i/${token}`);
    await user.click(await screen.findByRole('button', { name: 'Start the survey' }));
    await user.type(await screen.findByRole('textbox', { name: 'Anything else?' }), 'late');
    backend.server.on(api.invitations.submit, ofToken, () => ({
      status: 404,
      body: { code: 'not-found', message: 'The invitation does not exist.' },
    }));
    await user.click(screen.getByRole('button', { name: 'Send answers' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'This invitation has been withdrawn: its link no longer takes answers.',
    );
    expect(screen.getByRole('textbox', { name: 'Anything else?' })).toHaveValue('late');
  });
});

describe('the unsubscribe page (/p/unsubscribe/:token)', () => {
  const info: UnsubscribeInfo = {
    email: 'ada@example.com',
    manufacturerName: 'Acme Bikes',
    unsubscribed: false,
  };

  const serveUnsubscribe = (answer: UnsubscribeInfo = info) => {
    const backend = createTestBackend();
    backend.server.on(api.invitations.unsubscribeInfo, ofToken, () => ({ body: answer }));
    backend.server.on(api.invitations.unsubscribe, ofToken, () => ({ status: 204 }));
    return backend;
  };

  it('asks once, unsubscribes with one click and confirms with the focus on the confirmation', async () => {
    const backend = serveUnsubscribe();
    const { user } = renderPublicApp(`/p/unsubscribe/${token}`);
    expect(await heading('Unsubscribe ada@example.com from invitations of Acme Bikes?', 1)).toBeVisible();
    expect(document.title).toBe('Unsubscribe from invitations');
    const button = screen.getByRole('button', { name: 'Unsubscribe' });
    await user.dblClick(button);

    const done = await heading('You are unsubscribed', 1);
    await waitFor(() => expect(done).toHaveFocus());
    expect(
      screen.getByText('ada@example.com will receive no more invitations from Acme Bikes.'),
    ).toBeVisible();
    expect(backend.server.requestsTo(api.invitations.unsubscribe, ofToken)).toHaveLength(1);
    expect(currentUrl()).toBe(`/p/unsubscribe/${token}`);
  });

  it('says so when the address is unsubscribed already', async () => {
    const backend = serveUnsubscribe({ ...info, unsubscribed: true });
    renderPublicApp(`/p/unsubscribe/${token}`);
    expect(await heading('You are unsubscribed', 1)).toBeVisible();
    expect(
      screen.getByText('ada@example.com is already unsubscribed from invitations of Acme Bikes.'),
    ).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Unsubscribe' })).toBeNull();
    expect(backend.server.requestsTo(api.invitations.unsubscribe)).toHaveLength(0);
  });

  it('says when the link is not valid', async () => {
    createTestBackend();
    renderPublicApp(`/p/unsubscribe/${token}`);
    expect(await heading('This link is not valid', 1)).toBeVisible();
  });

  it('says when unsubscribing failed, and tries again on the next click', async () => {
    const backend = serveUnsubscribe();
    backend.server.on(api.invitations.unsubscribe, ofToken, () => ({
      status: 503,
      body: { code: 'unavailable', message: 'Try later' },
    }));
    const { user } = renderPublicApp(`/p/unsubscribe/${token}`);
    await user.click(await screen.findByRole('button', { name: 'Unsubscribe' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'You could not be unsubscribed. Please check your connection and try again.',
    );
    backend.server.on(api.invitations.unsubscribe, ofToken, () => ({ status: 204 }));
    await user.click(screen.getByRole('button', { name: 'Unsubscribe' }));
    expect(await heading('You are unsubscribed', 1)).toBeVisible();
    expect(backend.server.requestsTo(api.invitations.unsubscribe, ofToken)).toHaveLength(2);
  });
});
