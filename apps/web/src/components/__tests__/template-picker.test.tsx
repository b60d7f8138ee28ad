import { api } from '@parley/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { createTestBackend } from '@/testing/test-backend';
import { renderInProviders } from '@/testing/test-utils';
import { makeTemplate } from '@/testing/ticket-fixtures';
import { TemplatePicker } from '../template-picker';

const templates = [
  makeTemplate({ title: 'Danke', language: 'de', text: 'Danke, {{contact.firstname}}!' }),
  makeTemplate({ title: 'Thanks', language: 'en', text: 'Thank you, {{contact.firstname}}!' }),
  makeTemplate({ title: 'Delay', language: 'en', text: 'Sorry for the delay.' }),
];

const setUp = (documents = templates) => {
  const backend = createTestBackend();
  backend.signInStored();
  backend.server.on(api.templates.list, ({ query }) => {
    const search = (query.get('search') ?? '').toLowerCase();
    const found = documents.filter((x) => !search || x.title.toLowerCase().includes(search));
    return { body: { documents: found, total: found.length } };
  });
  return backend;
};

const renderPicker = (props: Partial<Parameters<typeof TemplatePicker>[0]> = {}) => {
  const onInsert = vi.fn();
  const user = userEvent.setup();
  renderInProviders(
    <MemoryRouter>
      <TemplatePicker onInsert={onInsert} {...props} />
    </MemoryRouter>,
  );
  return { onInsert, user };
};

describe('TemplatePicker', () => {
  it('asks for the templates only when opened, offers the text’s language first and inserts the chosen text', async () => {
    const backend = setUp();
    const { onInsert, user } = renderPicker({ language: 'en' });
    expect(backend.server.requestsTo(api.templates.list)).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Insert template' }));
    const popover = await screen.findByRole('dialog', { name: 'Insert template' });
    expect(await within(popover).findByRole('button', { name: 'Insert template “Thanks”' })).toBeVisible();
    expect(within(popover).getByRole('button', { name: 'Insert template “Delay”' })).toBeVisible();
    expect(within(popover).queryByRole('button', { name: 'Insert template “Danke”' })).toBeNull();

    // Every language, grouped.
    await user.click(within(popover).getByText('All'));
    expect(within(popover).getByRole('heading', { name: 'German' })).toBeVisible();
    expect(within(popover).getByRole('button', { name: 'Insert template “Danke”' })).toBeVisible();

    await user.type(within(popover).getByRole('textbox', { name: 'Search templates' }), 'dan');
    await waitFor(() =>
      expect(within(popover).queryByRole('button', { name: 'Insert template “Thanks”' })).toBeNull(),
    );
    expect(backend.server.requestsTo(api.templates.list).at(-1)?.query.get('search')).toBe('dan');

    await user.click(within(popover).getByRole('button', { name: 'Insert template “Danke”' }));
    expect(onInsert).toHaveBeenCalledWith('Danke, {{contact.firstname}}!');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('names its spinner while the templates load (a label needs a role: axe, aria-prohibited-attr)', async () => {
    const backend = createTestBackend();
    backend.signInStored();
    let answer: (value: { body: { documents: never[]; total: number } }) => void = () => undefined;
    backend.server.on(api.templates.list, () => new Promise((resolve) => (answer = resolve)));
    const { user } = renderPicker();
    await user.click(screen.getByRole('button', { name: 'Insert template' }));
    const popover = await screen.findByRole('dialog', { name: 'Insert template' });
    expect(await within(popover).findByRole('img', { name: 'Loading…' })).toBeVisible();
    answer({ body: { documents: [], total: 0 } });
    expect(await within(popover).findByText('No templates yet')).toBeVisible();
  });

  it('offers the other languages when none of the text’s language is there', async () => {
    setUp(templates.filter((x) => x.language === 'en'));
    const { user } = renderPicker({ language: 'de' });
    await user.click(screen.getByRole('button', { name: 'Insert template' }));
    expect(await screen.findByText('No template in German matches.')).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Show all languages' }));
    expect(screen.getByRole('button', { name: 'Insert template “Thanks”' })).toBeVisible();
  });

  it('without templates, leads to the templates page', async () => {
    setUp([]);
    const { user } = renderPicker();
    await user.click(screen.getByRole('button', { name: 'Insert template' }));
    expect(await screen.findByText('No templates yet')).toBeVisible();
    expect(screen.getByRole('link', { name: 'Create templates on the Templates page' })).toHaveAttribute(
      'href',
      '/templates',
    );
  });

  it('cannot be opened when disabled', () => {
    setUp();
    renderPicker({ disabled: true });
    expect(screen.getByRole('button', { name: 'Insert template' })).toBeDisabled();
  });
});
