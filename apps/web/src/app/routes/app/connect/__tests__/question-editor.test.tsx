import { api } from '@parley/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { campaignId, makeCampaign, makeQuestion, serveCampaign } from '@/testing/campaign-fixtures';
import { createTestBackend } from '@/testing/test-backend';
import { renderApp } from '@/testing/test-utils';

const questionsPage = `/connect/campaigns/${campaignId}?tab=questions`;

// The campaign page's lazy module (with the date picker) is transformed on first use; doing it
// here keeps the first test's time its own on a busy machine.
beforeAll(async () => {
  await import('@/app/routes/app/connect/campaign');
}, 60_000);

describe('question editor', () => {
  it('checks the options before sending: empty, duplicate, fewer than two', async () => {
    const backend = createTestBackend();
    backend.signInStored();
    serveCampaign(backend, makeCampaign());
    const { user } = renderApp(questionsPage);

    await user.click(await screen.findByRole('button', { name: 'Add question' }));
    const dialog = await screen.findByRole('dialog', { name: 'New question' });
    await user.type(within(dialog).getByRole('textbox', { name: /^Question/ }), 'Which colour?');
    await user.type(within(dialog).getByRole('textbox', { name: 'Option 1' }), 'Red');
    await user.type(within(dialog).getByRole('textbox', { name: 'Option 2' }), 'red ');
    await user.click(within(dialog).getByRole('button', { name: 'Add option' }));
    await user.click(within(dialog).getByRole('button', { name: 'Add question' }));

    expect(within(dialog).getByText('This option appears twice; each must be different.')).toBeVisible();
    expect(within(dialog).getByText("Enter the option's text.")).toBeVisible();

    await user.click(within(dialog).getByRole('button', { name: 'Remove option 3' }));
    await user.click(within(dialog).getByRole('button', { name: 'Remove option 2' }));
    expect(within(dialog).getByText('Add at least two options.')).toBeVisible();
    expect(backend.server.requestsTo(api.questions.create, { id: campaignId })).toHaveLength(0);

    await user.click(within(dialog).getByRole('button', { name: 'Add option' }));
    await user.type(within(dialog).getByRole('textbox', { name: 'Option 2' }), 'Blue');
    // A single-choice question of a draft may jump ahead; the only place ahead of a new one is the end.
    await user.selectOptions(
      within(dialog).getByRole('combobox', { name: 'After “Blue”' }),
      'End of the survey',
    );
    backend.server.on(api.questions.create, { id: campaignId }, () => ({
      status: 201,
      body: makeQuestion('Which colour?', ['Red', 'Blue']),
    }));
    await user.click(within(dialog).getByRole('button', { name: 'Add question' }));

    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'New question' })).toBeNull());
    expect(backend.server.requestsTo(api.questions.create, { id: campaignId })[0]?.body).toEqual({
      type: 'SingleChoice',
      text: 'Which colour?',
      optional: false,
      image: null,
      link: null,
      options: [
        { text: 'Red', tags: [] },
        { text: 'Blue', tags: [] },
      ],
      pathRules: [{ optionIndex: 1, nextQuestionId: null }],
    });
  });

  it('reorders questions with the keyboard and by dragging, and announces each move', async () => {
    const backend = createTestBackend();
    backend.signInStored();
    const first = makeQuestion('Your name?', []);
    const second = makeQuestion('Your bike?', ['City', 'Mountain']);
    serveCampaign(backend, makeCampaign({ questionCount: 2 }), [first, second]);
    const { user } = renderApp(questionsPage);

    const up = await screen.findByRole('button', { name: 'Move “Your bike?” up' });
    expect(screen.getByRole('button', { name: 'Move “Your name?” up' })).toBeDisabled();
    up.focus();
    await user.keyboard('{Enter}');

    expect(await screen.findByText('“Your bike?” is now at position 1 of 2.')).toBeInTheDocument();
    await waitFor(() =>
      expect(backend.server.requestsTo(api.questions.order, { id: campaignId })[0]?.body).toEqual({
        questions: [
          { _id: second._id, order: 0 },
          { _id: first._id, order: 1 },
        ],
      }),
    );
    const list = screen.getByRole('list', { name: 'Questions in order' });
    await waitFor(() => expect(within(list).getAllByText(/^\d\. /)[0]).toHaveTextContent('1. Your bike?'));
    // The focus stays with the moved question: on top its "up" is disabled, so its handle takes it.
    await waitFor(() => expect(screen.getByRole('button', { name: /^Drag “Your bike\?”/ })).toHaveFocus());

    // Alt + arrow on the drag handle moves too.
    screen.getByRole('button', { name: /^Drag “Your name\?”/ }).focus();
    await user.keyboard('{Alt>}{ArrowUp}{/Alt}');
    expect(await screen.findByText('“Your name?” is now at position 1 of 2.')).toBeInTheDocument();

    // And a pointer dragging the handle (jsdom lays nothing out: rows 100 px high, one below the other).
    list.querySelectorAll<HTMLElement>(':scope > li').forEach((li, i) => {
      li.getBoundingClientRect = () => new DOMRect(0, i * 100, 600, 100);
    });
    const handle = screen.getByRole('button', { name: /^Drag “Your name\?”/ });
    fireEvent.pointerDown(handle, { pointerId: 7, pointerType: 'mouse', button: 0, clientY: 50 });
    fireEvent.pointerMove(handle, { pointerId: 7, pointerType: 'mouse', clientY: 150 });
    fireEvent.pointerUp(handle, { pointerId: 7, pointerType: 'mouse', clientY: 150 });
    expect(await screen.findByText('“Your name?” is now at position 2 of 2.')).toBeInTheDocument();
  });

  it('asks before closing a question dialog with unsaved changes, and closes an untouched one at once', async () => {
    const backend = createTestBackend();
    backend.signInStored();
    serveCampaign(backend, makeCampaign({ questionCount: 1 }), [
      makeQuestion('Your bike?', ['City', 'Mountain']),
    ]);
    const { user } = renderApp(questionsPage);

    await user.click(await screen.findByRole('button', { name: 'Edit question 1' }));
    let dialog = await screen.findByRole('dialog', { name: 'Edit question' });
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Edit question' })).toBeNull());

    await user.click(screen.getByRole('button', { name: 'Edit question 1' }));
    dialog = await screen.findByRole('dialog', { name: 'Edit question' });
    await user.type(within(dialog).getByRole('textbox', { name: /^Question/ }), ' Which one?');
    await user.keyboard('{Escape}');
    expect(await within(dialog).findByText('Discard your changes?')).toBeVisible();
    await user.click(within(dialog).getByRole('button', { name: 'Keep editing' }));
    expect(within(dialog).getByRole('textbox', { name: /^Question/ })).toHaveValue('Your bike? Which one?');

    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await user.click(await within(dialog).findByRole('button', { name: 'Discard changes' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Edit question' })).toBeNull());
    expect(backend.server.requests.filter((r) => r.method === 'PUT')).toHaveLength(0);
  });

  it('fixes the type of a started campaign and explains why path rules are closed', async () => {
    const backend = createTestBackend();
    backend.signInStored();
    const q = makeQuestion('Your bike?', ['City', 'Mountain']);
    serveCampaign(backend, makeCampaign({ state: 'running', hasStarted: true, questionCount: 1 }), [q]);
    const { user } = renderApp(questionsPage);

    await user.click(await screen.findByRole('button', { name: 'Edit question 1' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit question' });
    expect(within(dialog).getByRole('combobox', { name: 'Question type' })).toBeDisabled();
    expect(within(dialog).getByText(/The type is fixed because the campaign has been started/)).toBeVisible();
    expect(
      within(dialog).getByText(/Path rules can be changed only while the campaign is a draft/),
    ).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Replace question 1' })).toBeNull();
  });

  /** Three questions; "Never" in the first jumps to the third. */
  const withRule = () => {
    const third = makeQuestion('Q3 price', ['Low', 'High']);
    const first = makeQuestion('Q1 ride', ['Always', 'Never']);
    const never = first.options[1]?._id as string;
    first.pathRules = [{ optionId: never, nextQuestionId: third._id }];
    return [first, makeQuestion('Q2 parts', ['Chain', 'Brakes']), third];
  };
  const orderCalls = (backend: ReturnType<typeof createTestBackend>) =>
    backend.server.requestsTo(api.questions.order, { id: campaignId });

  it('moves at once while every path rule still jumps forward; asks before one would be dropped, naming it', async () => {
    const backend = createTestBackend();
    backend.signInStored();
    const questions = withRule();
    serveCampaign(backend, makeCampaign({ questionCount: 3 }), questions);
    const { user } = renderApp(questionsPage);

    // Q3 to second place: the rule still jumps forward, so no question is asked.
    await user.click(await screen.findByRole('button', { name: 'Move “Q3 price” up' }));
    await waitFor(() => expect(orderCalls(backend)).toHaveLength(1));
    expect(screen.queryByRole('dialog')).toBeNull();

    // Above Q1 it would jump backward: the console asks and names the rule.
    await user.click(screen.getByRole('button', { name: 'Move “Q3 price” up' }));
    const dialog = await screen.findByRole('dialog', { name: 'Remove path rules?' });
    expect(within(dialog).getByText('“Never” in “Q1 ride” → “Q3 price”')).toBeVisible();
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toHaveFocus();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    // Cancel keeps the order: nothing sent, nothing moved, nothing announced.
    expect(orderCalls(backend)).toHaveLength(1);
    const list = screen.getByRole('list', { name: 'Questions in order' });
    expect(
      within(list)
        .getAllByText(/^\d\. /)
        .map((n) => n.textContent),
    ).toEqual(['1. Q1 ride', '2. Q3 price', '3. Q2 parts']);
    expect(screen.queryByText('“Q3 price” is now at position 1 of 3.')).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Move “Q3 price” up' }));
    const again = await screen.findByRole('dialog', { name: 'Remove path rules?' });
    await user.click(within(again).getByRole('button', { name: 'Move and remove' }));
    await waitFor(() => expect(orderCalls(backend)).toHaveLength(2));
    expect(orderCalls(backend)[1]?.body).toEqual({
      questions: [
        { _id: questions[2]?._id, order: 0 },
        { _id: questions[0]?._id, order: 1 },
        { _id: questions[1]?._id, order: 2 },
      ],
    });
  });

  it('refuses, with the reason, a reorder of a running campaign that would turn a path rule backward', async () => {
    const backend = createTestBackend();
    backend.signInStored();
    serveCampaign(
      backend,
      makeCampaign({ state: 'running', hasStarted: true, questionCount: 3 }),
      withRule(),
    );
    const { user } = renderApp(questionsPage);

    await user.click(await screen.findByRole('button', { name: 'Move “Q3 price” up' }));
    await waitFor(() => expect(orderCalls(backend)).toHaveLength(1));
    await user.click(screen.getByRole('button', { name: 'Move “Q3 price” up' }));
    expect(await screen.findByText('The questions keep their order')).toBeVisible();
    expect(screen.getByText(/path rules cannot change once the campaign has started/)).toBeVisible();
    expect(screen.getByText('“Never” in “Q1 ride” → “Q3 price”')).toBeVisible();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(orderCalls(backend)).toHaveLength(1);
  });
});
