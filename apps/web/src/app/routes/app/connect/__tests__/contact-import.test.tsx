import { api, type ContactImport, contactImportUpload } from '@parley/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestBackend, type TestBackend } from '@/testing/test-backend';
import { renderApp } from '@/testing/test-utils';

beforeAll(async () => {
  await import('@/app/routes/app/connect/contacts');
}, 60_000);

afterEach(() => {
  Reflect.deleteProperty(URL, 'createObjectURL');
  Reflect.deleteProperty(URL, 'revokeObjectURL');
});

const campaign = {
  _id: '66666666-6666-4666-8666-666666666666',
  title: 'Bike survey',
  state: 'running' as const,
};

const jobId = '77777777-7777-4777-8777-777777777777';

const makeJob = (over: Partial<ContactImport> = {}): ContactImport => ({
  _id: jobId,
  state: 'queued',
  fileName: 'people.csv',
  mapping: { email: 'E-Mail' },
  campaignIds: [],
  tags: [],
  totalRows: 4,
  processedRows: 0,
  created: 0,
  updated: 0,
  invited: 0,
  rejected: 0,
  error: null,
  createdAt: '2026-11-25T10:00:00.000Z',
  finishedAt: null,
  ...over,
});

const serve = (backend: TestBackend) => {
  backend.server.on(api.contacts.list, () => ({ body: { documents: [], total: 0 } }));
  backend.server.on(api.contacts.filterData, () => ({ body: { countries: [], cities: [], campaigns: [] } }));
  backend.server.on(api.campaigns.names, () => ({ body: { documents: [campaign] } }));
};

const csv = '\uFEFF"E-Mail";Vorname;Nachname;PLZ;Ort;Notiz\nanna@example.com;Anna;Berg;10115;Berlin;x\n';

const openDialog = async () => {
  const view = renderApp('/connect/contacts');
  await view.user.click(await screen.findByRole('button', { name: 'Import contacts' }));
  const dialog = await screen.findByRole('dialog', { name: 'Import contacts' });
  const input = dialog.querySelector('input[type="file"]') as HTMLInputElement;
  return { ...view, dialog, input };
};

describe('contact import', () => {
  it('reads the column names, preselects the mapping, uploads and follows the job to its counts', async () => {
    const backend = createTestBackend();
    backend.signInStored();
    serve(backend);
    backend.server.on(api.contactImports.start, () => ({ status: 201, body: makeJob() }));
    let polls = 0;
    backend.server.on(api.contactImports.get, () => {
      polls += 1;
      return {
        body:
          polls === 1
            ? makeJob({ state: 'running', processedRows: 2 })
            : makeJob({
                state: 'done',
                processedRows: 4,
                created: 2,
                updated: 1,
                invited: 3,
                rejected: 1,
                finishedAt: '2026-11-25T10:00:05.000Z',
              }),
      };
    });
    const { user, dialog, input } = await openDialog();
    const box = within(dialog);

    await user.upload(input, new File([csv], 'people.csv', { type: 'text/csv' }));
    expect(await box.findByText('6 columns found. Choose which column fills which field.')).toBeVisible();
    const field = (name: string) =>
      box.getByRole('combobox', { name: new RegExp(`^${name}`) }) as HTMLInputElement;
    expect(field('Email address').value).toBe('E-Mail');
    expect(field('First name').value).toBe('Vorname');
    expect(field('Last name').value).toBe('Nachname');
    expect(field('ZIP code').value).toBe('PLZ');
    expect(field('City').value).toBe('Ort');
    expect(field('Phone').value).toBe('');
    expect(field('Country').value).toBe('');

    await user.click(box.getByRole('combobox', { name: /^Invite to campaigns/ }));
    await user.click(within(await screen.findByRole('listbox')).getByRole('option', { name: 'Bike survey' }));
    const listsBefore = backend.server.requestsTo(api.contacts.list).length;
    await user.click(box.getByRole('button', { name: 'Start import' }));

    const progress = await box.findByRole('progressbar', { name: 'Import progress' });
    expect(box.getByText(/You can close this window: the import goes on/)).toBeVisible();
    await waitFor(() => expect(progress).toHaveAttribute('aria-valuetext', '2 of 4 rows'));
    expect(progress).toHaveAttribute('aria-valuenow', '50');

    const status = await box.findByRole('status', {}, { timeout: 10_000 });
    await waitFor(() => expect(status).toHaveTextContent('The import is done.'));
    expect(status).toHaveTextContent('Created: 2, updated: 1, invited: 3, rejected: 1.');
    expect(progress).toHaveAttribute('aria-valuenow', '100');
    expect(box.getByRole('button', { name: 'Download 1 rejected row' })).toBeVisible();
    // The contact list is asked again once the import is done.
    await waitFor(() =>
      expect(backend.server.requestsTo(api.contacts.list).length).toBeGreaterThan(listsBefore),
    );

    const [upload] = backend.server.requestsTo(api.contactImports.start);
    const form = upload?.body as FormData;
    expect([...form.keys()]).toEqual([...contactImportUpload.fields, 'file']);
    expect(JSON.parse(form.get('mapping') as string)).toEqual({
      email: 'E-Mail',
      firstname: 'Vorname',
      lastname: 'Nachname',
      zipCode: 'PLZ',
      city: 'Ort',
    });
    expect(JSON.parse(form.get('campaignIds') as string)).toEqual([campaign._id]);
    expect((form.get('file') as File).name).toBe('people.csv');
    expect(upload?.headers.get('x-auth-token')).toBeTruthy();
  });

  it('preselects the columns of a German Outlook export and previews its first rows as they will be imported', async () => {
    const backend = createTestBackend();
    backend.signInStored();
    serve(backend);
    const header =
      '"Vorname","Nachname","E-Mail-Adresse","Telefon privat","Telefon geschäftlich","Straße geschäftlich","Ort geschäftlich","Postleitzahl geschäftlich","Land/Region geschäftlich","Notizen","Kategorien"';
    const outlook = [
      header,
      '"Jürgen","Müller-Lüdenscheidt","Juergen@Example.com","","+49 (711) 123-456","Königstraße 1","Stuttgart","70173","Deutschland","Messe,\r\nRückruf im Frühjahr","Kunde;Messe 2026"',
      '"Anna","Öztürk","keine-adresse","","","","","","","",""',
      '"Emma","Schwarz","juergen@example.com","","","","Hamburg","","","",""',
      '"Chloé","","chloe@example.com","","","","Köln","","","","Händler, VIP"',
    ].join('\r\n');
    const { user, dialog, input } = await openDialog();
    const box = within(dialog);

    await user.upload(input, new File([`\uFEFF${outlook}\r\n`], 'outlook.csv', { type: 'text/csv' }));
    expect(await box.findByText('11 columns found. Choose which column fills which field.')).toBeVisible();
    const field = (name: RegExp) => (box.getByRole('combobox', { name }) as HTMLInputElement).value;
    expect(field(/^Email address/)).toBe('E-Mail-Adresse');
    expect(field(/^Phone/)).toBe('Telefon geschäftlich');
    expect(field(/^Street/)).toBe('Straße geschäftlich');
    expect(field(/^ZIP code/)).toBe('Postleitzahl geschäftlich');
    expect(field(/^City/)).toBe('Ort geschäftlich');
    expect(field(/^Country/)).toBe('Land/Region geschäftlich');
    expect(field(/^Tags(?! for)/)).toBe('Kategorien');

    const table = box.getByRole('table', { name: 'Preview: the first 4 rows as they will be imported' });
    const rows = within(table).getAllByRole('row');
    expect(rows.map((r) => r.textContent)).toEqual([
      'RowEmail addressFirst nameLast namePhoneStreetZIP codeCityCountryTags',
      '2juergen@example.comJürgenMüller-Lüdenscheidt0049711123456Königstraße 170173StuttgartDeutschlandkunde, messe 2026',
      '3Not imported: this is not a valid email address.',
      '4Not imported: same address as row 2.',
      '5chloe@example.comChloéKölnhändler, vip',
    ]);

    // A column chosen by hand shows at once: Jürgen's private phone is empty.
    await user.click(box.getByRole('combobox', { name: /^Phone/ }));
    await user.click(
      within(await screen.findByRole('listbox')).getByRole('option', { name: 'Telefon privat' }),
    );
    await waitFor(() => expect(within(table).queryByText('0049711123456')).toBeNull());
    expect(within(table).getByText('Königstraße 1')).toBeVisible();
  });

  it('downloads the rejected rows with the token', async () => {
    const backend = createTestBackend();
    backend.signInStored();
    serve(backend);
    backend.server.on(api.contactImports.start, () => ({
      status: 201,
      body: makeJob({ state: 'done', processedRows: 4, created: 3, rejected: 1 }),
    }));
    backend.server.on(api.contactImports.get, () => ({
      body: makeJob({ state: 'done', processedRows: 4, created: 3, rejected: 1 }),
    }));
    backend.server.on(api.contactImports.rejected, () => ({ body: 'row,reason' }));
    // jsdom has no object URLs.
    const createObjectURL = vi.fn((_: Blob) => 'blob:rejected');
    Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() });
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    const { user, dialog, input } = await openDialog();
    const box = within(dialog);

    await user.upload(input, new File([csv], 'people.csv', { type: 'text/csv' }));
    await user.click(await box.findByRole('button', { name: 'Start import' }));
    await user.click(await box.findByRole('button', { name: 'Download 1 rejected row' }));

    await waitFor(() => expect(click).toHaveBeenCalled());
    const [request] = backend.server.requestsTo(api.contactImports.rejected, { id: jobId });
    expect(request?.headers.get('x-auth-token')).toBeTruthy();
    expect(createObjectURL).toHaveBeenCalledTimes(1);
    expect(await createObjectURL.mock.calls[0]?.[0].text()).toBe('"row,reason"');
    click.mockRestore();
  });

  it('refuses a file that is not CSV or too large before uploading, and needs the email column', async () => {
    const backend = createTestBackend();
    backend.signInStored();
    serve(backend);
    const { user, dialog, input } = await openDialog();
    const box = within(dialog);

    // user-event would filter by `accept`; a drop or an old browser can still hand one over.
    await user
      .setup({ applyAccept: false })
      .upload(input, new File(['x'], 'photo.png', { type: 'image/png' }));
    expect(await box.findByText('This is not a CSV file. Choose a file ending in .csv.')).toBeVisible();

    const big = new File(['email\n'], 'big.csv', { type: 'text/csv' });
    Object.defineProperty(big, 'size', { value: contactImportUpload.maxBytes + 1 });
    await user.upload(input, big);
    expect(await box.findByText(/The file is too large: at most 50 MB/)).toBeVisible();
    expect(box.getByRole('button', { name: 'Start import' })).toBeDisabled();

    await user.upload(input, new File(['name;city\nAnna;Berlin\n'], 'people.csv', { type: 'text/csv' }));
    await user.click(await box.findByRole('button', { name: 'Start import' }));
    expect(box.getByText('Choose the column with the email addresses.')).toBeVisible();
    expect(backend.server.requestsTo(api.contactImports.start)).toHaveLength(0);
  });
});
