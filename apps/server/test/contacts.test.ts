import { randomUUID } from 'node:crypto';
import { api } from '@parley/contract';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { contacts } from '../src/modules/contacts/contacts.tables.js';
import { campaignTickets } from '../src/modules/tickets/tickets.tables.js';
import { callApi } from './client.js';
import { insertCampaign, readCampaign } from './fixtures.js';
import { codeOf, ownerSession, useTestApp } from './helpers.js';

const ctx = useTestApp();
type Session = Awaited<ReturnType<typeof ownerSession>>;

/** A contact made the way real ones are: by answering an open-link survey. */
const answer = async (campaignId: string, questionId: string, email: string, firstname?: string) => {
  const res = await callApi(ctx.app, api.participation.submit, {
    params: { id: campaignId },
    body: { email, firstname, submissionId: randomUUID(), answers: [{ questionId, text: 'Yes' }] },
  });
  expect(res.statusCode, res.body).toBe(201);
};
const contactOf = async (manufacturerId: string, email: string) => {
  const [row] = await ctx.rt.db.select().from(contacts).where(eq(contacts.email, email));
  expect(row?.manufacturerId).toBe(manufacturerId);
  return row as NonNullable<typeof row>;
};
const setup = async (s: Session) => {
  const c = await insertCampaign(ctx.rt, s.manufacturerId, { title: 'Kitchen' });
  const q = c.questions[0]?.id as string;
  return { c, q };
};

describe('the contact book', () => {
  it('lists contacts paged, searched, filtered and sorted; temp contacts are not in it', async () => {
    const s = await ownerSession(ctx);
    const { c, q } = await setup(s);
    const other = await insertCampaign(ctx.rt, s.manufacturerId);
    await answer(c.id, q, 'anna@example.com', 'Anna');
    await answer(c.id, q, 'bert@example.com', 'Bert');
    await answer(other.id, other.questions[0]?.id as string, 'carl@example.com', 'Carl');
    await s.api(api.contacts.invite, { body: { emails: ['temp@example.com'], campaignIds: [c.id] } });
    const anna = await contactOf(s.manufacturerId, 'anna@example.com');
    await s.api(api.contacts.update, {
      params: { id: anna.id },
      body: { address: { city: 'Berlin', country: 'Germany' } },
    });

    const all = await s.api(api.contacts.list, { query: { sort: 'email', limit: 2 } });
    expect(all.json().total).toBe(3);
    expect(all.json().documents.map((d) => d.email)).toEqual(['anna@example.com', 'bert@example.com']);
    const page2 = await s.api(api.contacts.list, { query: { sort: 'email', limit: 2, page: 2 } });
    expect(page2.json().documents.map((d) => d.email)).toEqual(['carl@example.com']);
    const desc = await s.api(api.contacts.list, { query: { sort: '-email' } });
    expect(desc.json().documents[0]?.email).toBe('carl@example.com');

    const search = await s.api(api.contacts.list, { query: { search: 'BER' } });
    expect(search.json().documents.map((d) => d.email)).toEqual(['bert@example.com']);
    const literal = await s.api(api.contacts.list, { query: { search: '%' } });
    expect(literal.json().total).toBe(0);

    const ofCampaign = await s.api(api.contacts.list, { query: { campaignId: other.id } });
    expect(ofCampaign.json().documents.map((d) => d.email)).toEqual(['carl@example.com']);
    const answered = await s.api(api.contacts.list, {
      query: { campaignId: c.id, participation: 'answered' },
    });
    expect(answered.json().total).toBe(2);
    const byCity = await s.api(api.contacts.list, { query: { 'cities[]': ['Berlin'] } });
    expect(byCity.json().documents).toEqual([
      expect.objectContaining({
        email: 'anna@example.com',
        answeredCount: 1,
        invitedCount: 0,
        kind: 'contact',
      }),
    ]);

    const filters = await s.api(api.contacts.filterData, {});
    expect(filters.json()).toMatchObject({ countries: ['Germany'], cities: ['Berlin'] });
    expect(
      filters
        .json()
        .campaigns.map((x) => x._id)
        .sort(),
    ).toEqual([c.id, other.id].sort());

    const stranger = await ownerSession(ctx);
    expect((await stranger.api(api.contacts.list, {})).json().total).toBe(0);
  });

  it('shows a contact with notes and campaigns; updates details with the contract’s rules; hides it from others', async () => {
    const s = await ownerSession(ctx);
    const { c, q } = await setup(s);
    await answer(c.id, q, 'dora@example.com', 'Dora');
    const dora = await contactOf(s.manufacturerId, 'dora@example.com');

    const updated = await s.api(api.contacts.update, {
      params: { id: dora.id },
      body: {
        phoneNumber: '030 / 123 45 67',
        internalFirstname: 'Anne-Marie',
        internalLastname: "O'Neill",
        address: { street: 'Hauptstr. 1', zipCode: '10115', city: 'Berlin', country: 'Germany' },
      },
    });
    expect(updated.statusCode, updated.body).toBe(200);
    expect(updated.json()).toMatchObject({
      phoneNumber: '+49301234567',
      internalFirstname: 'Anne-Marie',
      address: { street: 'Hauptstr. 1', zipCode: '10115' },
      firstname: 'Dora',
    });
    for (const [body, field] of [
      [{ phoneNumber: '+49 30' }, 'phoneNumber'],
      [{ phoneNumber: 'call me' }, 'phoneNumber'],
      [{ internalFirstname: 'R2D2' }, 'internalFirstname'],
      [{ internalLastname: 'x'.repeat(101) }, 'internalLastname'],
    ] as const) {
      const bad = await s.apiUnchecked(api.contacts.update, { params: { id: dora.id }, body });
      expect(bad.statusCode).toBe(400);
      expect(bad.error().message).toContain(field);
    }
    // An empty text clears a field; absent keys stay.
    const cleared = await s.api(api.contacts.update, { params: { id: dora.id }, body: { phoneNumber: '' } });
    expect(cleared.json()).toMatchObject({ phoneNumber: null, internalFirstname: 'Anne-Marie' });

    const note = await s.api(api.contacts.addNote, {
      params: { id: dora.id },
      body: { noteText: '  Called her  ' },
    });
    expect(note.statusCode).toBe(201);
    expect(note.json()).toMatchObject({ noteText: 'Called her', authorId: s.ownerId });
    const edited = await s.api(api.contacts.updateNote, {
      params: { id: dora.id, noteId: note.json()._id },
      body: { noteText: 'Called her twice' },
    });
    expect(edited.json().noteText).toBe('Called her twice');
    const empty = await s.apiUnchecked(api.contacts.addNote, {
      params: { id: dora.id },
      body: { noteText: '  ' },
    });
    expect(empty.statusCode).toBe(400);

    const detail = await s.api(api.contacts.get, { params: { id: dora.id } });
    expect(detail.json()).toMatchObject({
      email: 'dora@example.com',
      notes: [{ noteText: 'Called her twice' }],
      campaigns: [{ _id: c.id, title: 'Kitchen', invitation: null, tickets: [{ answeredCount: 1 }] }],
    });

    const stranger = await ownerSession(ctx);
    expect((await stranger.api(api.contacts.get, { params: { id: dora.id } })).statusCode).toBe(404);
    expect(
      (
        await stranger.api(api.contacts.update, {
          params: { id: dora.id },
          body: { phoneNumber: '030 1234567' },
        })
      ).statusCode,
    ).toBe(404);
    expect(
      (await stranger.api(api.contacts.addNote, { params: { id: dora.id }, body: { noteText: 'x' } }))
        .statusCode,
    ).toBe(404);
    expect(
      (
        await stranger.api(api.contacts.updateNote, {
          params: { id: dora.id, noteId: note.json()._id },
          body: { noteText: 'x' },
        })
      ).statusCode,
    ).toBe(404);
    expect((await stranger.api(api.contacts.remove, { params: { id: dora.id } })).statusCode).toBe(404);
  });

  it('deletes a contact keeping its answers as a deleted contact’s, or erasing them when asked', async () => {
    const s = await ownerSession(ctx);
    const { c, q } = await setup(s);
    await answer(c.id, q, 'kept@example.com');
    await answer(c.id, q, 'erased@example.com');
    const kept = await contactOf(s.manufacturerId, 'kept@example.com');
    const erased = await contactOf(s.manufacturerId, 'erased@example.com');

    expect((await s.api(api.contacts.remove, { params: { id: kept.id } })).statusCode).toBe(204);
    const tickets = await s.api(api.tickets.list, { query: { campaignId: c.id } });
    expect(tickets.json().total).toBe(2);
    expect(tickets.json().documents.filter((t) => t.contact === null)).toHaveLength(1);

    const gone = await s.api(api.contacts.remove, {
      params: { id: erased.id },
      query: { eraseAnswers: 'true' },
    });
    expect(gone.statusCode).toBe(204);
    const rows = await ctx.rt.db.select().from(campaignTickets).where(eq(campaignTickets.campaignId, c.id));
    expect(rows).toHaveLength(1);
    expect((await readCampaign(ctx.rt, c.id))?.ticketCount).toBe(1);
    expect((await s.api(api.contacts.get, { params: { id: kept.id } })).statusCode).toBe(404);
  });

  it('stores phone numbers in E.164, reading one without country code in the manufacturer’s default country', async () => {
    const s = await ownerSession(ctx);
    const { c, q } = await setup(s);
    await answer(c.id, q, 'eva@example.com');
    const eva = await contactOf(s.manufacturerId, 'eva@example.com');
    const phone = async (phoneNumber: string) => {
      const res = await s.api(api.contacts.update, { params: { id: eva.id }, body: { phoneNumber } });
      expect(res.statusCode, res.body).toBe(200);
      return res.json().phoneNumber;
    };
    // The number, and the ways people write it.
    expect(await phone('+49 170 1234567')).toBe('+491701234567');
    expect(await phone('0170 / 123 45 67')).toBe('+491701234567');
    expect(await phone('(0170) 1234-567')).toBe('+491701234567');
    expect(await phone('0049 170 1234567')).toBe('+491701234567');
    expect(await phone('+33 6 12 34 56 78')).toBe('+33612345678');
    // Austria as the default country: a national number is Austrian, a +49 one stays German.
    await s.api(api.owner.updateManufacturer, { body: { defaultCountry: 'AT' } });
    expect(await phone('0664 1234567')).toBe('+436641234567');
    expect(await phone('+49 170 1234567')).toBe('+491701234567');
    const bad = await s.apiUnchecked(api.contacts.update, {
      params: { id: eva.id },
      body: { phoneNumber: '12' },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ code: 'validation', field: 'phoneNumber' });
    expect((await contactOf(s.manufacturerId, 'eva@example.com')).phoneNumber).toBe('+491701234567');
  });

  it('bulk-deletes only the manufacturer’s own contacts', async () => {
    const s = await ownerSession(ctx);
    const other = await ownerSession(ctx);
    const { c, q } = await setup(s);
    const theirs = await setup(other);
    await answer(c.id, q, 'one@example.com');
    await answer(c.id, q, 'two@example.com');
    await answer(theirs.c.id, theirs.q, 'foreign@example.com');
    const one = await contactOf(s.manufacturerId, 'one@example.com');
    const two = await contactOf(s.manufacturerId, 'two@example.com');
    const foreign = await contactOf(other.manufacturerId, 'foreign@example.com');
    const res = await s.api(api.contacts.bulkDelete, { body: { contactIds: [one.id, two.id, foreign.id] } });
    expect(res.statusCode).toBe(204);
    expect((await s.api(api.contacts.list, {})).json().total).toBe(0);
    expect((await other.api(api.contacts.list, {})).json().total).toBe(1);
    const tooFew = await s.apiUnchecked(api.contacts.bulkDelete, { body: { contactIds: [] } });
    expect(tooFew.statusCode).toBe(400);
    expect(codeOf(tooFew)).toBe('validation');
  });
});
