import { api, type TranslateResult } from '@parley/contract';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { setLanguage } from '@/lib/i18n';
import { createTestBackend } from '@/testing/test-backend';
import { renderInProviders } from '@/testing/test-utils';
import { TranslateButton } from '../translate-button';

const serve = (result: TranslateResult) => {
  const backend = createTestBackend();
  backend.signInStored();
  backend.server.on(api.translation.translate, () => ({ body: result }));
  return backend;
};

const suggestion = (translatedText: string): TranslateResult => ({
  success: true,
  data: {
    suggestions: [
      { originalText: 'x', originalTextLanguage: 'en', translatedText, translatedTextLanguage: 'de' },
    ],
  },
});

describe('TranslateButton', () => {
  it('translates into the console’s language once, then shows and hides the translation', async () => {
    await setLanguage('de');
    const backend = serve(suggestion('Die Bremsen quietschen.'));
    const user = userEvent.setup();
    renderInProviders(<TranslateButton text="The brakes squeak." sourceLanguage="en" subject="Antwort 1" />);

    await user.click(screen.getByRole('button', { name: 'Antwort 1 übersetzen' }));
    expect(await screen.findByText('Die Bremsen quietschen.')).toBeVisible();
    expect(backend.server.requestsTo(api.translation.translate).map((r) => r.body)).toEqual([
      { sourceLanguage: 'en', targetLanguage: 'de', texts: ['The brakes squeak.'] },
    ]);
    await user.click(screen.getByRole('button', { name: 'Übersetzung von Antwort 1 ausblenden' }));
    expect(screen.queryByText('Die Bremsen quietschen.')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Antwort 1 übersetzen' }));
    expect(await screen.findByText('Die Bremsen quietschen.')).toBeVisible();
    expect(backend.server.requestsTo(api.translation.translate)).toHaveLength(1);
  });

  it('translates a text in the console’s language into the other one', async () => {
    const backend = serve(suggestion('Hallo'));
    const user = userEvent.setup();
    renderInProviders(<TranslateButton text="Hello" sourceLanguage="en" />);
    await user.click(screen.getByRole('button', { name: 'Translate' }));
    expect(await screen.findByText('Hallo')).toBeVisible();
    expect(backend.server.requestsTo(api.translation.translate)[0]?.body).toMatchObject({
      sourceLanguage: 'en',
      targetLanguage: 'de',
    });
  });

  it('says in the owner’s words, naming no setting, when no provider turns out to be configured', async () => {
    serve({
      success: false,
      code: 'translation/not-configured',
      reason: 'No translation provider is configured (TRANSLATION_PROVIDER).',
    });
    const user = userEvent.setup();
    renderInProviders(<TranslateButton text="Hello" sourceLanguage="en" />);
    await user.click(screen.getByRole('button', { name: 'Translate' }));
    expect(await screen.findByText('Translation failed')).toBeVisible();
    expect(
      screen.getByText(
        'Translation is not set up on this Parley installation. Whoever runs it can switch it on.',
      ),
    ).toBeVisible();
    expect(screen.queryByText(/TRANSLATION_PROVIDER/)).toBeNull();
  });

  it('says “Translation failed” with the provider’s reason', async () => {
    serve({ success: false, code: 'translation/timeout', reason: 'The provider did not answer in time.' });
    const user = userEvent.setup();
    renderInProviders(<TranslateButton text="Hello" sourceLanguage="en" />);
    await user.click(screen.getByRole('button', { name: 'Translate' }));
    expect(await screen.findByText('Translation failed')).toBeVisible();
    expect(screen.getByText('The provider did not answer in time.')).toBeVisible();
    expect(screen.getByRole('button', { name: 'Translate' })).toHaveAttribute('aria-expanded', 'false');
  });
});
