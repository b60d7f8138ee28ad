import { api, type QuestionResult, type SharedResults } from '@parley/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { createTestBackend } from '@/testing/test-backend';
import { renderPublicApp } from '@/testing/test-utils';

// The public application and the page's lazy chunk are transformed on first use; doing it here keeps
// the first test's time its own.
beforeAll(async () => {
  await import('@/public/public-app');
  await import('@/features/participation/components/shared-results-page');
}, 60_000);

const token = 'r'.repeat(43);
const ofToken = { token };
const id = (n: number) => `99999999-9999-4999-8999-${String(n).padStart(12, '0')}`;

const option = (n: number, text: string, count: number, share: number, positions: number[] = []) => ({
  _id: id(100 + n),
  text,
  removed: false,
  count,
  share,
  meanPosition: positions.length ? 1.5 : null,
  medianPosition: positions.length ? 1 : null,
  positions,
});

const question = (over: Partial<QuestionResult>): QuestionResult => ({
  questionId: id(1),
  type: 'SingleChoice',
  text: 'Question',
  removed: false,
  answered: 4,
  skipped: 0,
  skippedByPath: 0,
  options: [],
  freeText: null,
  ...over,
});

const freeTextQuestion = question({
  questionId: id(3),
  type: 'FreeText',
  text: 'What should we improve?',
  answered: 3,
  freeText: {
    total: 3,
    page: 1,
    limit: 2,
    items: [
      { text: 'Lighter frame', createdAt: '2025-03-04T09:05:00.000Z' },
      { text: 'More colours', createdAt: '2025-03-03T09:05:00.000Z' },
    ],
  },
});

const makeResults = (over: Partial<SharedResults> = {}): SharedResults => ({
  title: 'Bike survey 2025',
  description: 'What our riders think.',
  language: 'en',
  manufacturerName: 'Acme Bikes',
  endedAt: '2025-03-10T12:00:00.000Z',
  answers: 4,
  responseRate: 0.4,
  includeFreeText: true,
  questions: [
    question({
      text: 'Which colour do you like?',
      type: 'MultiChoice',
      options: [option(1, 'Red', 3, 0.75), option(2, 'Blue', 2, 0.5)],
    }),
    question({
      questionId: id(2),
      type: 'Ranking',
      text: 'Rank the features',
      options: [option(3, 'Brakes', 4, 1, [2, 2]), option(4, 'Gears', 4, 1, [2, 2])],
    }),
    freeTextQuestion,
  ],
  ...over,
});

const serve = (results: SharedResults) => {
  const backend = createTestBackend();
  backend.server.on(api.results.shared, ofToken, () => ({ body: results }));
  return backend;
};

describe('the shared results page (/p/results/:token)', () => {
  it('shows the figures and each question with counts and percentages', async () => {
    serve(makeResults());
    renderPublicApp(`/p/results/${token}`);

    expect(await screen.findByRole('heading', { level: 1, name: 'Bike survey 2025' })).toBeVisible();
    expect(document.title).toBe('Results: Bike survey 2025');
    expect(document.documentElement.lang).toBe('en');
    expect(screen.getByText('A survey by Acme Bikes')).toBeVisible();
    expect(screen.getByText('What our riders think.')).toBeVisible();
    // The figures are a list of terms: each term's value follows it.
    expect(screen.getByText('Answers').nextSibling).toHaveTextContent('4');
    expect(screen.getByText('Response rate').nextSibling).toHaveTextContent('40%');
    expect(screen.getByText('Ended').nextSibling).toHaveTextContent('03/10/2025');

    const colours = screen.getByRole('list', { name: 'Which colour do you like?' });
    const [red, blue] = within(colours).getAllByRole('listitem');
    expect(red).toHaveTextContent(/Red: 3, · 75%/);
    expect(blue).toHaveTextContent(/Blue: 2, · 50%/);
    expect(screen.getByText(/Several answers were possible/)).toBeVisible();
    expect(screen.getAllByText('4 participants answered')).toHaveLength(2);

    const ranking = screen.getByRole('table', { name: 'Rank the features' });
    expect(within(ranking).getByRole('columnheader', { name: 'Position 1' })).toBeInTheDocument();
    expect(within(ranking).getAllByRole('row')).toHaveLength(3);
  });

  it('shows written answers only when the response has them, and loads more on request', async () => {
    const backend = serve(makeResults());
    const { user } = renderPublicApp(`/p/results/${token}`);

    expect(await screen.findByText('Lighter frame')).toBeVisible();
    expect(screen.getByText('More colours')).toBeVisible();
    expect(screen.getByText('2 of 3 written answers')).toBeVisible();

    backend.server.on(api.results.shared, ofToken, ({ query }) => {
      expect(query.get('questionId')).toBe(id(3));
      expect(query.get('page')).toBe('2');
      const page2 = question({
        ...freeTextQuestion,
        freeText: {
          total: 3,
          page: 2,
          limit: 2,
          items: [{ text: 'Cheaper', createdAt: '2025-03-02T09:05:00.000Z' }],
        },
      });
      return { body: makeResults({ questions: [page2] }) };
    });
    await user.click(screen.getByRole('button', { name: 'Show more answers' }));
    const added = await screen.findByText('Cheaper');
    await waitFor(() => expect(added.closest('li')).toHaveFocus());
    expect(screen.getByText('3 of 3 written answers')).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Show more answers' })).toBeNull();
    expect(backend.server.requestsTo(api.results.shared)[1]?.url).toBe(
      `/api/public/results/${token}?questionId=${id(3)}&page=2`,
    );
  });

  it('shows no written answers when they were not shared', async () => {
    serve(
      makeResults({
        includeFreeText: false,
        questions: [{ ...freeTextQuestion, freeText: null }],
      }),
    );
    renderPublicApp(`/p/results/${token}`);

    expect(await screen.findByRole('heading', { name: 'What should we improve?' })).toBeVisible();
    expect(screen.getByText('3 participants answered')).toBeVisible();
    expect(screen.queryByText('Lighter frame')).toBeNull();
    expect(screen.queryByText(/written answers/)).toBeNull();
  });

  it('says the link no longer works when the results are withdrawn (404)', async () => {
    createTestBackend();
    renderPublicApp(`/p/results/${token}?lang=en`);

    expect(await screen.findByRole('heading', { level: 1, name: 'This link no longer works' })).toBeVisible();
    expect(screen.queryByRole('button')).toBeNull();
  });

  it('offers a retry when the results could not be loaded', async () => {
    const backend = createTestBackend();
    backend.server.on(api.results.shared, ofToken, () => ({
      status: 503,
      body: { code: 'unavailable', message: 'Down' },
    }));
    const { user } = renderPublicApp(`/p/results/${token}`);

    expect(
      await screen.findByRole('heading', { name: 'The results could not be loaded.' }, { timeout: 3000 }),
    ).toBeVisible();
    backend.server.on(api.results.shared, ofToken, () => ({ body: makeResults() }));
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Bike survey 2025' })).toBeVisible();
  });

  it('speaks the campaign’s language: German when it is de', async () => {
    serve(makeResults({ language: 'de', answers: 1234, responseRate: 0.425 }));
    renderPublicApp(`/p/results/${token}`);

    expect(await screen.findByText('Eine Umfrage von Acme Bikes')).toBeVisible();
    expect(document.documentElement.lang).toBe('de');
    expect(document.title).toBe('Ergebnisse: Bike survey 2025');
    expect(screen.getByText('Antworten').nextSibling).toHaveTextContent('1.234');
    expect(screen.getByText('Rücklaufquote').nextSibling).toHaveTextContent('43 %');
    expect(screen.getByText('Beendet am').nextSibling).toHaveTextContent('10.03.2025');
    expect(screen.getByRole('heading', { level: 2, name: 'Ergebnisse je Frage' })).toBeVisible();
    expect(screen.getAllByText('4 Personen haben geantwortet')).toHaveLength(2);
    expect(screen.getByRole('list', { name: 'Which colour do you like?' })).toHaveTextContent('75 %');
    expect(screen.getByRole('button', { name: 'Weitere Antworten anzeigen' })).toBeVisible();
  });
});
