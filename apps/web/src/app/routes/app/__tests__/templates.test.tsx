import { api, type TemplateMessage } from '@parley/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { formatDate } from '@/lib/format-date';
import { createTestBackend, type TestBackend } from '@/testing/test-backend';
import { currentUrl, renderApp } from '@/testing/test-utils';

// Mantine's autosizing textarea listens for web fonts; jsdom has no document.fonts.
if (!('fonts' in document)) {
  Object.defineProperty(document, 'fonts', {
    value: { addEventListener: () => undefined, removeEventListener: () => undefined },
  });
}

// The lazy route module is transformed on first use; doing it here keeps the first test's time its own.
beforeAll(async () => {
  await import('@/app/routes/app/templates');
}, 60_000);

let counter = 0;
const makeTemplate = (over: Partial<TemplateMessage> = {}): TemplateMessage => {
  counter += 1;
  return {
    _id: `dddddddd-dddd-4ddd-8ddd-${String(counter).padStart(12, '0')}`,
    title: `Template ${counter}`,
    language: 'en',
    text: 'Hello {{contact.firstname|there}}, thank you for your answer.',
    createdAt: '2025-03-01T10:00:00.000Z',
    updatedAt: '2025-03-02T10:00:00.000Z',
    ...over,
  };
};

/** The template calls as the real server answers them, over the templates kept in `state`. */
const serveTemplates = (backend: TestBackend, templates: TemplateMessage[]) => {
  const state = { templates };
  backend.server.on(api.templates.list, ({ query }) => {
    const search = query.get('search')?.toLowerCase();
    const language = query.get('language');
    const documents = state.templates.filter(
      (m) =>
        (!search || `${m.title} ${m.text}`.toLowerCase().includes(search)) &&
        (!language || m.language === language),
    );
    return { body: { documents, total: documents.length } };
  });
  return state;
};

const signedIn = () => {
  const backend = createTestBackend();
  backend.signInStored();
  return backend;
};

const listCalls = (backend: TestBackend) => backend.server.requestsTo(api.templates.list).length;

describe('templates page', () => {
  it('lists the templates with language, excerpt and date, searched and filtered on the server', async () => {
    const backend = signedIn();
    serveTemplates(backend, [
      makeTemplate({ title: 'Delivery delay', language: 'en', text: 'Your order is late, sorry.' }),
      makeTemplate({ title: 'Lieferverzug', language: 'de', text: 'Ihre Bestellung verspätet sich.' }),
    ]);
    const { user } = renderApp('/templates');

    expect(await screen.findByRole('heading', { level: 1, name: 'Response templates' })).toBeVisible();
    expect(document.title).toBe('Response templates · Parley');
    const row = (await screen.findByRole('button', { name: 'Delivery delay' })).closest('tr') as HTMLElement;
    expect(within(row).getByText('English')).toBeVisible();
    expect(within(row).getByText('Your order is late, sorry.')).toBeVisible();
    expect(within(row).getByText(formatDate('2025-03-02T10:00:00.000Z', 'en'))).toBeVisible();
    expect(backend.server.requestsTo(api.templates.list)[0]?.url).toBe(
      '/api/templatemessage/all?page=1&limit=20',
    );

    await user.selectOptions(screen.getByRole('combobox', { name: 'Template language' }), 'German');
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Delivery delay' })).toBeNull());
    expect(screen.getByRole('button', { name: 'Lieferverzug' })).toBeVisible();
    await user.type(screen.getByRole('textbox', { name: 'Search' }), 'nothing');
    await waitFor(() =>
      expect(backend.server.requestsTo(api.templates.list).at(-1)?.url).toBe(
        '/api/templatemessage/all?page=1&limit=20&search=nothing&language=de',
      ),
    );
    expect(await screen.findByText('No templates match')).toBeVisible();
    expect(currentUrl()).toBe('/templates?language=de&q=nothing');
    await user.click(screen.getByRole('button', { name: 'Clear filters' }));
    expect(await screen.findByRole('button', { name: 'Delivery delay' })).toBeVisible();
  });

  it('explains templates, placeholders and fallbacks when there is none yet', async () => {
    const backend = signedIn();
    serveTemplates(backend, []);
    const { user } = renderApp('/templates');

    expect(await screen.findByText('No response templates yet')).toBeVisible();
    expect(screen.getByText(/Templates are texts you write once and insert into your answers/)).toBeVisible();
    expect(
      screen.getByText(
        'Placeholders are filled in for each recipient: {{contact.firstname}} becomes the contact’s first name.',
      ),
    ).toBeVisible();
    expect(screen.getByText('{{campaign.title}}')).toBeVisible();
    expect(
      screen.getByText(
        /\{\{contact\.firstname\|there\}\} becomes “there” for a contact without a first name/,
      ),
    ).toBeVisible();
    const buttons = screen.getAllByRole('button', { name: 'New template' });
    expect(buttons).toHaveLength(2);
    await user.click(buttons.at(-1) as HTMLElement);
    expect(await screen.findByRole('dialog', { name: 'New response template' })).toBeVisible();
  });

  it('says when the list could not be loaded, and tries again', async () => {
    const backend = signedIn();
    backend.server.on(api.templates.list, () => ({ status: 500, body: { code: 'internal', message: 'x' } }));
    const { user } = renderApp('/templates');
    expect(
      await screen.findByText('This could not be loaded. Check your connection and try again.'),
    ).toBeVisible();
    expect(screen.queryByText('No response templates yet')).toBeNull();
    serveTemplates(backend, [makeTemplate({ title: 'Back again' })]);
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('button', { name: 'Back again' })).toBeVisible();
  });

  it('creates a template: placeholders inserted at the cursor, unknown ones refused as typed, a live preview', async () => {
    const backend = signedIn();
    const state = serveTemplates(backend, []);
    backend.server.on(api.templates.create, ({ body }) => {
      const created = makeTemplate(body as Partial<TemplateMessage>);
      state.templates = [created];
      return { status: 201, body: created };
    });
    const { user } = renderApp('/templates');

    await user.click((await screen.findAllByRole('button', { name: 'New template' }))[0] as HTMLElement);
    const dialog = within(await screen.findByRole('dialog', { name: 'New response template' }));
    await user.click(dialog.getByRole('button', { name: 'Create template' }));
    expect(await dialog.findAllByText('This field is required')).toHaveLength(2);
    expect(backend.server.requestsTo(api.templates.create)).toHaveLength(0);

    await user.type(dialog.getByRole('textbox', { name: /^Title/ }), 'Thanks');
    await user.click(dialog.getByRole('radio', { name: 'German' }));
    const text = dialog.getByRole('textbox', { name: /^Text/ }) as HTMLTextAreaElement;
    await user.click(text);
    await user.paste('Hallo {{contact.first}}, danke!');
    // The contract's rule, as the server applies it, said while typing.
    expect(
      await dialog.findByText(
        '{{contact.first}} is not a placeholder. Known placeholders: {{contact.firstname}}, {{contact.lastname}}, {{campaign.title}}, {{manufacturer.name}}.',
      ),
    ).toBeVisible();
    expect(text).toHaveAttribute('aria-invalid', 'true');
    await user.click(dialog.getByRole('button', { name: 'Create template' }));
    expect(backend.server.requestsTo(api.templates.create)).toHaveLength(0);

    // Replace the unknown one by selecting it and inserting a known one at the cursor.
    const start = text.value.indexOf('{{');
    text.setSelectionRange(start, text.value.indexOf('}}') + 2);
    await user.click(dialog.getByRole('button', { name: 'Insert First name ({{contact.firstname}})' }));
    expect(text).toHaveValue('Hallo {{contact.firstname}}, danke!');
    await waitFor(() => expect(text).not.toHaveAttribute('aria-invalid'));
    await waitFor(() => expect(text.selectionStart).toBe(start + '{{contact.firstname}}'.length));

    // The preview fills the placeholders with samples of the template's language, or with the fallback.
    const preview = dialog.getByRole('region', { name: 'Preview with sample values' });
    expect(within(preview).getByText('Hallo Anna, danke!')).toBeVisible();
    fireEvent.change(text, {
      target: { value: 'Hallo {{contact.firstname|zusammen}} von {{manufacturer.name}}' },
    });
    expect(within(preview).getByText('Hallo Anna von Acme Bikes')).toBeVisible();
    await user.click(dialog.getByRole('checkbox', { name: 'As for a contact without a name' }));
    expect(within(preview).getByText('Hallo zusammen von Acme Bikes')).toBeVisible();

    const before = listCalls(backend);
    await user.click(dialog.getByRole('button', { name: 'Create template' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(backend.server.requestsTo(api.templates.create).map((r) => r.body)).toEqual([
      {
        title: 'Thanks',
        language: 'de',
        text: 'Hallo {{contact.firstname|zusammen}} von {{manufacturer.name}}',
      },
    ]);
    // ['templates'] was invalidated: the list (and every picker) reads again.
    expect(await screen.findByRole('button', { name: 'Thanks' })).toBeVisible();
    expect(listCalls(backend)).toBeGreaterThan(before);
  });

  it("shows the server's refusal of the text on the text field", async () => {
    const backend = signedIn();
    serveTemplates(backend, []);
    backend.server.on(api.templates.create, () => ({
      status: 400,
      body: {
        code: 'validation',
        message: 'is an unknown placeholder: {{contact.nickname}}',
        field: 'text',
      },
    }));
    const { user } = renderApp('/templates');

    await user.click((await screen.findAllByRole('button', { name: 'New template' }))[0] as HTMLElement);
    const dialog = within(await screen.findByRole('dialog', { name: 'New response template' }));
    await user.type(dialog.getByRole('textbox', { name: /^Title/ }), 'Hi');
    await user.type(dialog.getByRole('textbox', { name: /^Text/ }), 'Hi there');
    await user.click(dialog.getByRole('button', { name: 'Create template' }));

    expect(
      await dialog.findByText('Not accepted by the server: is an unknown placeholder: {{contact.nickname}}'),
    ).toBeVisible();
    expect(dialog.getByRole('textbox', { name: /^Text/ })).toHaveAttribute('aria-invalid', 'true');
    expect(dialog.getByRole('textbox', { name: /^Text/ })).toHaveFocus();
    expect(screen.getByRole('dialog', { name: 'New response template' })).toBeVisible();
  });

  it('edits a template and asks before discarding unsaved changes', async () => {
    const backend = signedIn();
    const thanks = makeTemplate({
      title: 'Thanks',
      language: 'en',
      text: 'Thank you {{contact.firstname}}!',
    });
    const state = serveTemplates(backend, [thanks]);
    backend.server.on(api.templates.update, { id: thanks._id }, ({ body }) => {
      const saved = { ...thanks, ...(body as Partial<TemplateMessage>) };
      state.templates = [saved];
      return { body: saved };
    });
    const { user } = renderApp('/templates');

    await user.click(await screen.findByRole('button', { name: 'Edit “Thanks”' }));
    let dialog = within(await screen.findByRole('dialog', { name: 'Edit response template' }));
    const title = dialog.getByRole('textbox', { name: /^Title/ });
    expect(title).toHaveValue('Thanks');
    expect(dialog.getByRole('textbox', { name: /^Text/ })).toHaveValue('Thank you {{contact.firstname}}!');
    expect(dialog.getByRole('radio', { name: 'English' })).toBeChecked();
    await user.type(title, ' a lot');
    await user.click(dialog.getByRole('button', { name: 'Cancel' }));
    expect(await dialog.findByRole('alertdialog', { name: 'Discard your changes?' })).toBeVisible();
    await user.click(dialog.getByRole('button', { name: 'Keep editing' }));
    expect(title).toHaveValue('Thanks a lot');

    await user.click(dialog.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByRole('button', { name: 'Thanks a lot' })).toBeVisible();
    expect(backend.server.requestsTo(api.templates.update).map((r) => r.body)).toEqual([
      { title: 'Thanks a lot', language: 'en', text: 'Thank you {{contact.firstname}}!' },
    ]);

    // Without changes, closing asks nothing.
    await user.click(screen.getByRole('button', { name: 'Thanks a lot' }));
    dialog = within(await screen.findByRole('dialog', { name: 'Edit response template' }));
    await user.click(dialog.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('deletes a template only after a confirmation', async () => {
    const backend = signedIn();
    const thanks = makeTemplate({ title: 'Thanks' });
    const state = serveTemplates(backend, [thanks, makeTemplate({ title: 'Sorry' })]);
    backend.server.on(api.templates.remove, { id: thanks._id }, () => {
      state.templates = state.templates.filter((m) => m._id !== thanks._id);
      return { status: 204 };
    });
    const { user } = renderApp('/templates');

    await user.click(await screen.findByRole('button', { name: 'Delete “Thanks”' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete “Thanks”?' });
    expect(within(dialog).getByText(/deleted for everyone on your team/)).toBeVisible();
    await waitFor(() => expect(within(dialog).getByRole('button', { name: 'Cancel' })).toHaveFocus());
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(backend.server.requestsTo(api.templates.remove)).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Delete “Thanks”' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Delete “Thanks”?' })).getByRole('button', {
        name: 'Delete template',
      }),
    );
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Thanks' })).toBeNull());
    expect(screen.getByRole('button', { name: 'Sorry' })).toBeVisible();
    expect(backend.server.requestsTo(api.templates.remove)).toHaveLength(1);
    expect(await screen.findByText('“Thanks” has been deleted.')).toBeVisible();
  });
});
