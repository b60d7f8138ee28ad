import { api, type ContactImport, guessImportMapping, type ImportMapping, routeUrl } from '@parley/contract';
import { parse as parseCsv } from 'csv-parse/sync';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { contacts } from '../src/modules/contacts/contacts.tables.js';
import { countRecords, csvOptions } from '../src/modules/imports/imports.csv.js';
import { createImportService, importBatchSize } from '../src/modules/imports/imports.service.js';
import { contactImportRejections, contactImports } from '../src/modules/imports/imports.tables.js';
import { invitations } from '../src/modules/invitations/invitations.tables.js';
import { multipart } from './campaign-api.js';
import { insertCampaign } from './fixtures.js';
import { codeOf, ownerSession, type TestContext, useTestApp } from './helpers.js';

type Session = Awaited<ReturnType<typeof ownerSession>>;

const upload = (
  ctx: TestContext,
  s: Session,
  csv: string,
  mapping: Partial<ImportMapping> | string,
  campaignIds: string[] = [],
  tags?: string[],
) => {
  const { payload, headers } = multipart([
    { name: 'mapping', data: typeof mapping === 'string' ? mapping : JSON.stringify(mapping) },
    { name: 'campaignIds', data: JSON.stringify(campaignIds) },
    ...(tags ? [{ name: 'tags', data: JSON.stringify(tags) }] : []),
    { name: 'file', filename: 'kunden.csv', contentType: 'text/csv', data: csv },
  ]);
  return ctx.app.inject({
    method: 'POST',
    url: routeUrl(api.contactImports.start),
    headers: { ...headers, 'x-auth-token': s.tokens.idToken },
    payload,
  });
};
const finished = async (s: Session, id: string): Promise<ContactImport> => {
  const deadline = Date.now() + 20_000;
  for (;;) {
    const res = await s.api(api.contactImports.get, { params: { id } });
    const imp = res.json();
    if (imp.state === 'done' || imp.state === 'failed' || Date.now() > deadline) return imp;
    await new Promise((r) => setTimeout(r, 200));
  }
};

const mapping: ImportMapping = {
  email: 'E-Mail',
  firstname: 'Vorname',
  lastname: 'Nachname',
  phoneNumber: 'Telefon',
  city: 'Stadt',
};
const csv = [
  '\uFEFFE-Mail;Vorname;Nachname;Telefon;Stadt',
  'anna@example.com;Anna;Alt;+49 30 1234-567;Berlin',
  'BERT@example.com;Bert;;;Hamburg',
  'not-an-address;Carl;;;',
  'dora@example.com;Dora;;call me;',
  '"eva@example.com";"Eva; the first";Ernst;;Köln',
  '',
].join('\r\n');

describe('contact import', () => {
  const ctx = useTestApp({ INVITATION_MAILS_PER_MINUTE: '60000' });

  it('imports a CSV as a job: merges by email, invites, reports each rejected row; a second run changes nothing more', async () => {
    const s = await ownerSession(ctx);
    const c = await insertCampaign(ctx.rt, s.manufacturerId);
    // A known address (here a temp contact) is merged: it becomes a contact and gets the file's city.
    await s.api(api.contacts.invite, { body: { emails: ['bert@example.com'] } });

    const res = await upload(ctx, s, csv, mapping, [c.id]);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ state: 'queued', totalRows: 5, fileName: 'kunden.csv' });
    const done = await finished(s, res.json()._id);
    expect(done).toMatchObject({
      state: 'done',
      processedRows: 5,
      created: 2,
      updated: 1,
      invited: 3,
      rejected: 2,
      error: null,
    });
    const rows = await ctx.rt.db.select().from(contacts).where(eq(contacts.manufacturerId, s.manufacturerId));
    const byEmail = new Map(rows.map((r) => [r.email, r]));
    expect(byEmail.get('anna@example.com')).toMatchObject({
      phoneNumber: '0049301234567',
      city: 'Berlin',
      kind: 'contact',
    });
    expect(byEmail.get('bert@example.com')).toMatchObject({ city: 'Hamburg', kind: 'contact' });
    expect(byEmail.get('eva@example.com')).toMatchObject({ firstname: 'Eva; the first', city: 'Köln' });
    expect(await ctx.rt.db.select().from(invitations).where(eq(invitations.campaignId, c.id))).toHaveLength(
      3,
    );

    const rejected = await s.call({ method: 'GET', url: `/api/contact/import/${res.json()._id}/rejected` });
    expect(rejected.statusCode).toBe(200);
    expect(rejected.headers['content-type']).toContain('text/csv');
    // Every column of the file between the row and the reason (the upload's header names them).
    expect(rejected.body.trim().split('\n')).toEqual([
      '"row","E-Mail","Vorname","Nachname","Telefon","Stadt","reason"',
      '4,"not-an-address","Carl","","","","This is not a valid email address."',
      '5,"dora@example.com","Dora","","call me","","The phone number must be 3 to 20 digits."',
    ]);

    const again = await upload(ctx, s, csv, mapping, [c.id]);
    const second = await finished(s, again.json()._id);
    expect(second).toMatchObject({ state: 'done', created: 0, updated: 3, invited: 0, rejected: 2 });
    expect(await ctx.rt.db.select().from(invitations).where(eq(invitations.campaignId, c.id))).toHaveLength(
      3,
    );

    const stranger = await ownerSession(ctx);
    expect((await stranger.api(api.contactImports.get, { params: { id: res.json()._id } })).statusCode).toBe(
      404,
    );
  });

  it('neutralizes cells of the rejected-rows CSV that a spreadsheet would run as formulas', async () => {
    const s = await ownerSession(ctx);
    const file = [
      'Mail;Stadt',
      '"=HYPERLINK(""http://evil.example"",""click"")";Berlin',
      '+1+1;Bonn',
      '-2+3;Köln',
      '@SUM(1);Essen',
      '-5;Ulm',
      'fine@example.com;Kiel',
      '',
    ].join('\n');
    const res = await upload(ctx, s, file, { email: 'Mail', city: 'Stadt' });
    expect(res.statusCode, res.body).toBe(201);
    expect(await finished(s, res.json()._id)).toMatchObject({ state: 'done', created: 1, rejected: 5 });
    const rejected = await s.call({ method: 'GET', url: `/api/contact/import/${res.json()._id}/rejected` });
    const invalid = '"This is not a valid email address."';
    // Each starts with an apostrophe, so a spreadsheet shows it as text; the row number stays a number.
    expect(rejected.body.trim().split('\n')).toEqual([
      '"row","Mail","Stadt","reason"',
      `2,"'=HYPERLINK(""http://evil.example"",""click"")","Berlin",${invalid}`,
      `3,"'+1+1","Bonn",${invalid}`,
      `4,"'-2+3","Köln",${invalid}`,
      `5,"'@SUM(1)","Essen",${invalid}`,
      `6,"'-5","Ulm",${invalid}`,
    ]);
  });

  it('reads a semicolon file with one separator (a comma stays in its cell) and refuses a row with a NUL character', async () => {
    const s = await ownerSession(ctx);
    const file = [
      'Mail;Name;Stadt',
      'm@example.com;Müller, Hans;Berlin',
      'nul@example.com;A\u0000B;Bonn',
      '',
    ].join('\n');
    const res = await upload(ctx, s, file, { email: 'Mail', lastname: 'Name', city: 'Stadt' });
    expect(res.statusCode, res.body).toBe(201);
    const done = await finished(s, res.json()._id);
    expect(done).toMatchObject({ state: 'done', created: 1, rejected: 1 });
    const [row] = await ctx.rt.db.select().from(contacts).where(eq(contacts.email, 'm@example.com'));
    expect(row).toMatchObject({ lastname: 'Müller, Hans', city: 'Berlin' });
  });

  it('refuses a mapping to a column the file lacks, bad JSON, a missing file, and a campaign not running', async () => {
    const s = await ownerSession(ctx);
    const missing = await upload(ctx, s, csv, { email: 'Mail' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toContain('email → "Mail"');
    const badJson = await upload(ctx, s, csv, '{nope');
    expect(badJson.statusCode).toBe(400);
    expect(badJson.json().field).toBe('mapping');
    const noEmail = await upload(ctx, s, csv, { firstname: 'Vorname' });
    expect(noEmail.statusCode).toBe(400);
    const draft = await insertCampaign(ctx.rt, s.manufacturerId, { state: 'draft' });
    const notRunning = await upload(ctx, s, csv, mapping, [draft.id]);
    expect(notRunning.statusCode).toBe(409);
    expect(codeOf(notRunning)).toBe('contact/5');
    const { payload, headers } = multipart([{ name: 'mapping', data: JSON.stringify(mapping) }]);
    const noFile = await ctx.app.inject({
      method: 'POST',
      url: routeUrl(api.contactImports.start),
      headers: { ...headers, 'x-auth-token': s.tokens.idToken },
      payload,
    });
    expect(noFile.statusCode).toBe(400);
    expect(
      await ctx.rt.db
        .select()
        .from(contactImports)
        .where(eq(contactImports.manufacturerId, s.manufacturerId)),
    ).toHaveLength(0);
  });

  it('tags every imported contact, and a tag group linked to a running campaign invites them (D17)', async () => {
    const s = await ownerSession(ctx);
    const c = await insertCampaign(ctx.rt, s.manufacturerId, { title: 'Dealers only' });
    const group = await s.api(api.tags.create, { body: { title: 'Dealers', tags: ['dealer'] } });
    const groupId = (group.json() as { _id: string })._id;
    expect(
      (await s.api(api.tags.linkCampaigns, { params: { id: groupId }, body: { campaignIds: [c.id] } }))
        .statusCode,
    ).toBe(200);
    const res = await upload(
      ctx,
      s,
      'E-Mail\r\nx1@example.com\r\nx2@example.com\r\n',
      { email: 'E-Mail' },
      [],
      [' Dealer', 'fair 2026'],
    );
    expect(res.statusCode, res.body).toBe(201);
    expect((res.json() as ContactImport).tags).toEqual(['dealer', 'fair 2026']);
    const done = await finished(s, (res.json() as ContactImport)._id);
    expect(done).toMatchObject({ state: 'done', created: 2 });
    const made = await ctx.rt.db.select().from(contacts).where(eq(contacts.manufacturerId, s.manufacturerId));
    expect(made.map((m) => m.tags)).toEqual([
      ['dealer', 'fair 2026'],
      ['dealer', 'fair 2026'],
    ]);
    // The live audience's job (queued with the tags) invites both to the linked campaign.
    const deadline = Date.now() + 20_000;
    let invited: (typeof invitations.$inferSelect)[] = [];
    while (invited.length < 2 && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 200));
      invited = await ctx.rt.db.select().from(invitations).where(eq(invitations.campaignId, c.id));
    }
    expect(invited.map((i) => i.origin?.via)).toEqual(['import', 'import']);
    // A tag the contract refuses names the field.
    const bad = await upload(
      ctx,
      s,
      'E-Mail\r\nx3@example.com\r\n',
      { email: 'E-Mail' },
      [],
      ['x'.repeat(51)],
    );
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ code: 'validation', field: 'tags.0' });
  });
});

describe('contact import after a restart', () => {
  // No workers: the test runs the job itself, as a restarted process would.
  const ctx = useTestApp({ JOBS: 'false' });

  it('resumes after the rows an earlier run committed', async () => {
    const s = await ownerSession(ctx);
    const res = await upload(ctx, s, csv, mapping);
    expect(res.statusCode, res.body).toBe(201);
    const id = res.json()._id;
    // An earlier run committed the first two rows (Anna and Bert) and then the process died.
    await ctx.rt.db
      .update(contactImports)
      .set({ processedRows: 2, created: 2, state: 'running' })
      .where(eq(contactImports.id, id));
    await ctx.rt.services.imports.run({ importId: id });
    const imp = (await s.api(api.contactImports.get, { params: { id } })).json();
    expect(imp).toMatchObject({ state: 'done', processedRows: 5, created: 3, rejected: 2 });
    const emails = (
      await ctx.rt.db.select().from(contacts).where(eq(contacts.manufacturerId, s.manufacturerId))
    ).map((r) => r.email);
    expect(emails).toEqual(['eva@example.com']);
  });
});

/** The columns of an Outlook (Microsoft 365) contact export, in its order. */
const outlookHeader = [
  'First Name',
  'Middle Name',
  'Last Name',
  'Title',
  'Suffix',
  'E-mail Address',
  'E-mail 2 Address',
  'Home Phone',
  'Business Phone',
  'Mobile Phone',
  'Primary Phone',
  'Job Title',
  'Department',
  'Company',
  'Business Street',
  'Business City',
  'Business State',
  'Business Postal Code',
  'Business Country/Region',
  'Home Street',
  'Home City',
  'Home Postal Code',
  'Home Country/Region',
  'Birthday',
  'Notes',
  'Categories',
];
const outlookRow = (cells: Record<string, string>) =>
  outlookHeader.map((h) => `"${(cells[h] ?? '').replaceAll('"', '""')}"`).join(',');
/**
 * An Outlook export as Outlook writes it: a BOM, every cell quoted, CRLF lines, commas inside cells,
 * notes over several lines, umlauts, categories separated by `;`. Row 8 has row 2's address (in
 * other case), rows 4 and 6 bad addresses: 9 records on 12 lines.
 */
const outlookCsv = `\uFEFF${[
  outlookHeader.map((h) => `"${h}"`).join(','),
  outlookRow({
    'First Name': 'Jürgen',
    'Last Name': 'Müller-Lüdenscheidt',
    'E-mail Address': 'juergen.mueller@example.com',
    'Business Phone': '+49 (711) 123-456',
    Company: 'Müller, Söhne & Co. KG',
    'Business Street': 'Königstraße 1',
    'Business City': 'Stuttgart',
    'Business Postal Code': '70173',
    'Business Country/Region': 'Deutschland',
    Notes: 'Met at the fair.\r\nWants a call in spring, "urgently".',
    Categories: 'Kunde;Messe 2026',
  }),
  outlookRow({ 'First Name': 'Anna', 'Last Name': 'Öztürk', 'E-mail Address': 'anna@example.com' }),
  outlookRow({ 'First Name': 'Bad', 'E-mail Address': 'bad(at)example.com', Notes: 'line 1\nline 2' }),
  outlookRow({
    'First Name': 'Chloé',
    'E-mail Address': 'chloe@example.com',
    'Business City': 'Köln',
    Categories: 'Händler; VIP ;',
  }),
  outlookRow({ 'First Name': 'Nobody', 'E-mail Address': '', Notes: 'no address\r\nat all' }),
  outlookRow({ 'First Name': 'Dirk', 'E-mail Address': 'dirk@example.com', 'Business City': 'Berlin' }),
  outlookRow({
    'First Name': 'Emma',
    'Last Name': 'Schwarz',
    'E-mail Address': 'Juergen.Mueller@example.com',
    'Business City': 'Hamburg',
    Categories: 'Lieferant',
  }),
  outlookRow({ 'First Name': 'Fritz', 'E-mail Address': 'fritz@example.com' }),
  outlookRow({ 'First Name': 'Gül', 'E-mail Address': 'guel@example.com' }),
].join('\r\n')}\r\n`;

describe('contact import of a real export', () => {
  const ctx = useTestApp({ INVITATION_MAILS_PER_MINUTE: '60000' });

  it('maps an Outlook export by its headers, counts records, rejects a later duplicate, takes Categories as tags and gives back every column of the rejected rows', async () => {
    const s = await ownerSession(ctx);
    // The contract's header dictionary knows Outlook's columns (the console preselects this mapping).
    const guessed = guessImportMapping(outlookHeader);
    expect(guessed).toEqual({
      email: 'E-mail Address',
      firstname: 'First Name',
      lastname: 'Last Name',
      phoneNumber: 'Business Phone',
      street: 'Business Street',
      zipCode: 'Business Postal Code',
      city: 'Business City',
      country: 'Business Country/Region',
      tags: 'Categories',
    });
    expect(outlookCsv.split('\n').length - 2).toBe(12);

    const res = await upload(ctx, s, outlookCsv, guessed as ImportMapping);
    expect(res.statusCode, res.body).toBe(201);
    // Records, not lines: the notes' line breaks are no rows.
    expect(res.json()).toMatchObject({ totalRows: 9 });
    const done = await finished(s, res.json()._id);
    expect(done).toMatchObject({
      state: 'done',
      totalRows: 9,
      processedRows: 9,
      created: 6,
      updated: 0,
      rejected: 3,
    });
    expect(done.created + done.updated + done.rejected).toBe(done.processedRows);

    const rows = await ctx.rt.db.select().from(contacts).where(eq(contacts.manufacturerId, s.manufacturerId));
    const byEmail = new Map(rows.map((r) => [r.email, r]));
    // The first row of the address is the contact; the later one changed nothing.
    expect(byEmail.get('juergen.mueller@example.com')).toMatchObject({
      firstname: 'Jürgen',
      lastname: 'Müller-Lüdenscheidt',
      phoneNumber: '0049711123456',
      street: 'Königstraße 1',
      zipCode: '70173',
      city: 'Stuttgart',
      country: 'Deutschland',
      tags: ['kunde', 'messe 2026'],
    });
    expect(byEmail.get('chloe@example.com')).toMatchObject({ city: 'Köln', tags: ['händler', 'vip'] });
    expect(byEmail.get('anna@example.com')).toMatchObject({ lastname: 'Öztürk', tags: [] });

    const rejected = await s.call({ method: 'GET', url: `/api/contact/import/${res.json()._id}/rejected` });
    expect(rejected.statusCode).toBe(200);
    const [head, ...lines] = parseCsv(rejected.body, { bom: true }) as string[][];
    expect(head).toEqual(['row', ...outlookHeader, 'reason']);
    const cell = (line: string[] | undefined, name: string) => line?.[head?.indexOf(name) ?? -1];
    expect(lines.map((l) => [l[0], cell(l, 'E-mail Address'), cell(l, 'reason')])).toEqual([
      ['4', 'bad(at)example.com', 'This is not a valid email address.'],
      ['6', '', 'The email address is missing.'],
      ['8', 'Juergen.Mueller@example.com', 'Same address as row 2.'],
    ]);
    expect(cell(lines[0], 'Notes')).toBe('line 1\nline 2');
    expect(cell(lines[2], 'Last Name')).toBe('Schwarz');
    expect(cell(lines[2], 'Categories')).toBe('Lieferant');

    // The rejected file, corrected, imports again: its own mapping is found, row and reason stay out.
    const corrected = rejected.body.replace('bad(at)example.com', 'bad@example.com');
    const header = parseCsv(corrected, { bom: true, to_line: 1 })[0] as string[];
    const again = await upload(ctx, s, corrected, guessImportMapping(header) as ImportMapping);
    expect(again.statusCode, again.body).toBe(201);
    expect(await finished(s, again.json()._id)).toMatchObject({
      state: 'done',
      totalRows: 3,
      created: 1,
      updated: 1,
      rejected: 1,
    });
  });

  it('rejects a later duplicate in another batch of the file', async () => {
    const s = await ownerSession(ctx);
    const lines = Array.from({ length: importBatchSize + 5 }, (_, i) => `p${i}@example.com,P${i}`);
    lines.push('P0@example.com,Later');
    const res = await upload(ctx, s, `email,name\n${lines.join('\n')}\n`, {
      email: 'email',
      firstname: 'name',
    });
    expect(res.statusCode, res.body).toBe(201);
    const done = await finished(s, res.json()._id);
    expect(done).toMatchObject({
      state: 'done',
      totalRows: importBatchSize + 6,
      processedRows: importBatchSize + 6,
      created: importBatchSize + 5,
      rejected: 1,
    });
    const [p0] = await ctx.rt.db.select().from(contacts).where(eq(contacts.email, 'p0@example.com'));
    expect(p0?.firstname).toBe('P0');
  });
});

describe('the record count at upload', () => {
  it('counts the records the parser of the job reads, not the lines', () => {
    const files = [
      outlookCsv,
      'a;b\r\n\r\n1;"x\r\ny"\r\n  \r\n2;5" tall\r\n3;"say ""hi""\n"\n',
      'mail\tname\nx@example.com\t"A\tB\nC"\n\ny@example.com\tD',
      'email\n',
      '',
    ];
    for (const file of files) {
      const bytes = Buffer.from(file);
      const delimiter = file.startsWith('mail\t') ? '\t' : file.startsWith('a;') ? ';' : ',';
      const parsed = parseCsv(bytes, { ...csvOptions, delimiter }) as string[][];
      expect(countRecords(bytes), JSON.stringify(file.slice(0, 30))).toBe(Math.max(0, parsed.length - 1));
    }
    expect(countRecords(Buffer.from(outlookCsv))).toBe(9);
  });
});

describe('contact import after a restart, with duplicates', () => {
  const ctx = useTestApp({ JOBS: 'false' });

  it('finds a duplicate of a row an earlier run committed', async () => {
    const s = await ownerSession(ctx);
    const file = 'E-Mail;Vorname\nanna@example.com;Anna\nbert@example.com;Bert\nANNA@example.com;Zweite\n';
    const res = await upload(ctx, s, file, { email: 'E-Mail', firstname: 'Vorname' });
    const id = res.json()._id;
    // An earlier run committed the first two rows and then the process died.
    await ctx.rt.db
      .update(contactImports)
      .set({ processedRows: 2, created: 2, state: 'running' })
      .where(eq(contactImports.id, id));
    await ctx.rt.services.imports.run({ importId: id });
    const imp = (await s.api(api.contactImports.get, { params: { id } })).json();
    expect(imp).toMatchObject({ state: 'done', processedRows: 3, created: 2, rejected: 1 });
    const [reason] = await ctx.rt.db
      .select()
      .from(contactImportRejections)
      .where(eq(contactImportRejections.importId, id));
    expect(reason).toMatchObject({
      rowNumber: 4,
      email: 'anna@example.com',
      reason: 'Same address as row 2.',
    });
    // Nothing of the third row reached the contact book.
    expect(
      await ctx.rt.db.select().from(contacts).where(eq(contacts.manufacturerId, s.manufacturerId)),
    ).toEqual([]);
  });
});

describe('contact import in steps', () => {
  // No workers: the test runs each step of the job itself.
  const ctx = useTestApp({ JOBS: 'false' });

  /**
   * An import service as the composition root builds it, but handing over after every batch, reading
   * the runtime's real storage through a counter, and leaving the runtime's job definitions alone: two of
   * them stand for two server processes sharing the import.
   */
  const serverProcess = () => {
    const reads = { files: 0 };
    const { storage } = ctx.rt;
    const service = createImportService({
      db: ctx.rt.db,
      clock: ctx.rt.clock,
      jobs: { define: () => {}, send: ctx.rt.jobs.send },
      log: ctx.rt.log,
      storage: {
        ...storage,
        get: (key, range) => {
          reads.files++;
          return storage.get(key, range);
        },
      },
      campaigns: ctx.rt.services.campaigns,
      contacts: ctx.rt.services.contacts,
      invitations: ctx.rt.services.invitations,
      stepMs: 0,
    });
    return { service, reads };
  };
  /** 3,205 rows: row 2's address again at row 2,502 (in the third batch), a bad address at row 1,500. */
  const file = () => {
    const lines = Array.from({ length: 3 * importBatchSize + 204 }, (_, i) =>
      i === 1498 ? 'not-an-address,Bad' : `s${i}@example.com,S${i}`,
    );
    lines.splice(2500, 0, 'S0@example.com,Again');
    return `email,name\n${lines.join('\n')}\n`;
  };
  const expectImported = async (s: Session, id: string) => {
    const imp = (await s.api(api.contactImports.get, { params: { id } })).json();
    expect(imp).toMatchObject({
      state: 'done',
      totalRows: 3205,
      processedRows: 3205,
      created: 3203,
      rejected: 2,
    });
    const rejected = await ctx.rt.db
      .select()
      .from(contactImportRejections)
      .where(eq(contactImportRejections.importId, id))
      .orderBy(contactImportRejections.rowNumber);
    expect(rejected.map((r) => [r.rowNumber, r.reason])).toEqual([
      [1500, 'This is not a valid email address.'],
      [2502, 'Same address as row 2.'],
    ]);
    const csvFile = await s.apiUnchecked(api.contactImports.rejected, { params: { id } });
    expect(csvFile.body.trim().split('\n').slice(1)).toEqual([
      '1500,"not-an-address","Bad","This is not a valid email address."',
      '2502,"S0@example.com","Again","Same address as row 2."',
    ]);
    const [s0] = await ctx.rt.db.select().from(contacts).where(eq(contacts.email, 's0@example.com'));
    expect(s0?.firstname).toBe('S0');
  };

  it('reads the file once when every step runs in the same process', async () => {
    const s = await ownerSession(ctx);
    const res = await upload(ctx, s, file(), { email: 'email', firstname: 'name' });
    expect(res.statusCode, res.body).toBe(201);
    const id = res.json()._id;
    const one = serverProcess();
    const steps: number[] = [];
    for (let step = 0; step < 10; step++) {
      await one.service.run({ importId: id });
      const imp = (await s.api(api.contactImports.get, { params: { id } })).json();
      steps.push(imp.processedRows);
      if (imp.state === 'done') break;
    }
    // One batch a step, each step going on where the one before stopped.
    expect(steps).toEqual([1000, 2000, 3000, 3205]);
    expect(one.reads.files).toBe(1);
    await expectImported(s, id);
  });

  it('reads the file from its start when another process did a step meanwhile', async () => {
    const s = await ownerSession(ctx);
    const res = await upload(ctx, s, file(), { email: 'email', firstname: 'name' });
    const id = res.json()._id;
    const [one, two] = [serverProcess(), serverProcess()];
    await one.service.run({ importId: id });
    // The second process takes the next step (the first one's place in the file is now behind).
    await two.service.run({ importId: id });
    await one.service.run({ importId: id });
    await one.service.run({ importId: id });
    expect([one.reads.files, two.reads.files]).toEqual([2, 1]);
    await expectImported(s, id);
  });
});
