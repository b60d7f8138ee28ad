import { Textarea } from '@mantine/core';
import { api, type TranslationBudget } from '@parley/contract';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { createTestBackend } from '@/testing/test-backend';
import { renderInProviders } from '@/testing/test-utils';
import { DraftTools, useOwnerDraft } from '../components/owner-draft';

const budget = (hourUsed: number, configured = true): TranslationBudget => ({
  configured,
  callMax: 50_000,
  hour: { limit: 200_000, used: hourUsed, refillsAt: new Date(Date.now() + 3_600_000).toISOString() },
  day: { limit: 1_000_000, used: hourUsed, refillsAt: new Date(Date.now() + 86_400_000).toISOString() },
});

/** The fake backend counts what it translated into the budget it answers, as the server does. */
const serve = (configured = true) => {
  const backend = createTestBackend();
  backend.signInStored();
  let used = 0;
  backend.server.on(api.translation.budget, () => ({ body: budget(used, configured) }));
  backend.server.on(api.translation.translate, ({ body }) => {
    const { texts } = body as { texts: string[] };
    used += texts.join('').length;
    return {
      body: {
        success: true,
        data: {
          suggestions: texts.map((text) => ({
            originalText: text,
            originalTextLanguage: 'en',
            translatedText: `DE: ${text}`,
            translatedTextLanguage: 'de',
          })),
        },
      },
    };
  });
  return backend;
};

const Draft = () => {
  const draft = useOwnerDraft();
  return (
    <>
      <Textarea label="Answer" {...draft.fieldProps} />
      <DraftTools draft={draft} language="de" values={{}} disabled={false} previewLabel="Preview" />
    </>
  );
};

describe('the draft tools', () => {
  it('show the translation budget beside “Translate into German”, renewed after a translation', async () => {
    serve();
    const user = userEvent.setup();
    renderInProviders(<Draft />);
    expect(await screen.findByText('200,000 of 200,000 characters left this hour')).toBeVisible();

    await user.type(screen.getByRole('textbox', { name: 'Answer' }), 'Thank you!');
    await user.click(screen.getByRole('button', { name: 'Translate into German' }));
    await waitFor(() =>
      expect(screen.getByRole('textbox', { name: 'Answer' })).toHaveValue('DE: Thank you!'),
    );
    expect(await screen.findByText('199,990 of 200,000 characters left this hour')).toBeVisible();
  });

  it('offer no translation where no provider is configured (a quick-start install)', async () => {
    const backend = serve(false);
    const user = userEvent.setup();
    renderInProviders(<Draft />);
    await user.type(screen.getByRole('textbox', { name: 'Answer' }), 'Thank you!');
    await waitFor(() => expect(backend.server.requestsTo(api.translation.budget)).toHaveLength(1));
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Translate into German' })).toBeNull());
    // The other tools stay.
    expect(screen.getByRole('button', { name: /template/i })).toBeVisible();
  });
});
