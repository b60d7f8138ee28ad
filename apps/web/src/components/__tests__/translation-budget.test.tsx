import { api, type TranslationBudget } from '@parley/contract';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { setLanguage } from '@/lib/i18n';
import { createTestBackend } from '@/testing/test-backend';
import { renderInProviders } from '@/testing/test-utils';
import { TranslateButton } from '../translate-button';

/** 3 PM today in the browser's time zone, so the expected words do not depend on where the test runs. */
const threePm = new Date(new Date().setHours(15, 0, 0, 0)).toISOString();
const midnight = new Date(new Date().setHours(24, 0, 0, 0));

const budget = (hourUsed: number, dayUsed = hourUsed, configured = true): TranslationBudget => ({
  configured,
  callMax: 50_000,
  hour: { limit: 200_000, used: hourUsed, refillsAt: threePm },
  day: { limit: 1_000_000, used: dayUsed, refillsAt: midnight.toISOString() },
});

/** The budget the fake backend answers, in turn: the last one stays. */
const serve = (...budgets: TranslationBudget[]) => {
  const backend = createTestBackend();
  backend.signInStored();
  const answers = [...budgets];
  backend.server.on(api.translation.budget, () => ({
    body: answers.length > 1 ? answers.shift() : answers[0],
  }));
  backend.server.on(api.translation.translate, ({ body }) => ({
    body: {
      success: true,
      data: {
        suggestions: (body as { texts: string[] }).texts.map((text) => ({
          originalText: text,
          originalTextLanguage: 'en',
          translatedText: `DE: ${text}`,
          translatedTextLanguage: 'de',
        })),
      },
    },
  }));
  return backend;
};

/** The tooltip of `button` once it has one: the budget arrives after the button is shown. */
const tooltipOf = async (user: ReturnType<typeof userEvent.setup>, button: HTMLElement) => {
  let tooltip: HTMLElement | undefined;
  await waitFor(async () => {
    await user.unhover(button);
    await user.hover(button);
    tooltip = screen.getByRole('tooltip');
  });
  return tooltip as HTMLElement;
};

const refuse = (backend: ReturnType<typeof serve>) =>
  backend.server.on(api.translation.translate, () => ({
    status: 429,
    body: { code: 'translation/budget', message: 'The translation budget has no room for this translation.' },
  }));

describe('the translation budget in the console', () => {
  it('tells the characters left this hour in the Translate button’s tooltip, and asks again after a translation', async () => {
    const backend = serve(budget(188_000), budget(188_010));
    const user = userEvent.setup();
    renderInProviders(<TranslateButton text="Hello there" sourceLanguage="en" />);

    expect(await tooltipOf(user, screen.getByRole('button', { name: 'Translate' }))).toHaveTextContent(
      '12,000 of 200,000 characters left this hour',
    );

    await user.click(screen.getByRole('button', { name: 'Translate' }));
    expect(await screen.findByText('DE: Hello there')).toBeVisible();
    await waitFor(() => expect(backend.server.requestsTo(api.translation.budget)).toHaveLength(2));
    await user.click(screen.getByRole('button', { name: 'Hide translation' }));
    expect(await tooltipOf(user, screen.getByRole('button', { name: 'Translate' }))).toHaveTextContent(
      '11,990 of 200,000 characters left this hour',
    );
  });

  it('tells today’s budget when the day has less left, in German', async () => {
    await setLanguage('de');
    serve(budget(1000, 997_000));
    const user = userEvent.setup();
    renderInProviders(<TranslateButton text="Hello" sourceLanguage="en" />);
    expect(await tooltipOf(user, screen.getByRole('button', { name: 'Übersetzen' }))).toHaveTextContent(
      'Noch 3.000 von 1.000.000 Zeichen heute',
    );
  });

  it('says what is left and when it refills when the budget refuses a translation', async () => {
    const backend = serve(budget(197_000));
    refuse(backend);
    const user = userEvent.setup();
    renderInProviders(<TranslateButton text={'x'.repeat(4000)} sourceLanguage="en" />);
    await user.click(screen.getByRole('button', { name: 'Translate' }));
    expect(await screen.findByText('Translation failed')).toBeVisible();
    expect(
      await screen.findByText(
        'The translation budget has no room for this text (3,000 of 200,000 characters left this hour). It refills at 3:00 PM.',
      ),
    ).toBeVisible();
    expect(screen.getByRole('button', { name: 'Translate' })).toHaveAttribute('aria-expanded', 'false');
  });

  it('says until when a used-up budget is used up', async () => {
    await setLanguage('de');
    const backend = serve(budget(200_000));
    refuse(backend);
    const user = userEvent.setup();
    renderInProviders(<TranslateButton text="Hello" sourceLanguage="en" />);
    await user.click(screen.getByRole('button', { name: 'Übersetzen' }));
    expect(await screen.findByText('Übersetzungsbudget bis 15:00 aufgebraucht')).toBeVisible();
  });

  it('offers no translation, and no budget, without a provider', async () => {
    const backend = serve(budget(0, 0, false));
    renderInProviders(<TranslateButton text="Hello" sourceLanguage="en" />);
    await waitFor(() => expect(backend.server.requestsTo(api.translation.budget)).toHaveLength(1));
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Translate' })).toBeNull());
    expect(screen.queryByRole('tooltip')).toBeNull();
    expect(backend.server.requestsTo(api.translation.translate)).toHaveLength(0);
  });
});
