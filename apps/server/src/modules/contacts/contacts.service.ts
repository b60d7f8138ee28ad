import {
  type ContactFilterQuery,
  type ContactUpdate,
  contactFilterMax,
  normalizeTag,
  type TagChangeVia,
} from '@parley/contract';
import type { Db, DbOrTx } from '../../db/client.js';
import type { Clock } from '../../lib/clock.js';
import type { Publisher } from '../../lib/domain-events.js';
import { AppError, notFound } from '../../lib/errors.js';
import { decodeCursor, nextCursor, pageOffset } from '../../lib/paging.js';
import { e164OrRefuse } from '../../lib/phone.js';
import {
  contactCampaigns,
  contactFilterValues,
  contactIdsMatching,
  countContactsMatching,
  findContactBookRow,
  listContactBook,
  listsOfContact,
} from '../../queries/contact-book.query.js';
import { isOwnContactList } from '../../queries/contact-lists.query.js';
import { toContact, toContactBookItem, toContactCampaigns, toNote } from './contacts.dto.js';
import {
  type ContactChanges,
  type ContactRow,
  deleteContacts,
  editContactTags,
  findContact,
  findContactsByEmails,
  findContactsByIds,
  type ImportedContact,
  insertNote,
  insertTempContacts,
  insertUnsubscribe,
  listNotes,
  lockContactsByIds,
  mergeImportedContacts,
  type PersonNames,
  unsubscribedAmong,
  updateContact,
  updateNote,
  upsertContactByEmail,
} from './contacts.repository.js';

type Reader = { manufacturerId: string; ownerId: string };
type ListQuery = ContactFilterQuery & {
  page: number;
  limit: number;
  sort: string;
  after?: string | undefined;
};

/** The PATCH body as columns: an absent key stays, null clears (the contract turned '' into null). */
const changesOf = (b: ContactUpdate & Record<string, unknown>): ContactChanges => {
  const out: ContactChanges = {};
  const put = (key: keyof ContactChanges, v: string | null | undefined) => {
    if (v !== undefined) out[key] = v;
  };
  put('phoneNumber', b.phoneNumber as string | null | undefined);
  put('internalFirstname', b.internalFirstname as string | null | undefined);
  put('internalLastname', b.internalLastname as string | null | undefined);
  if (b.address) {
    put('street', b.address.street as string | null | undefined);
    put('zipCode', b.address.zipCode as string | null | undefined);
    put('city', b.address.city as string | null | undefined);
    put('country', b.address.country as string | null | undefined);
  }
  return out;
};

/** Contacts that gained tags in one change, and how (docs/product-decisions.md, "Tags and tag groups"). */
export type TagsAdded = { manufacturerId: string; contactIds: string[]; tags: string[]; via: TagChangeVia };

/**
 * What the contact book tells the other modules, in the transaction of the change (lib/domain-events.ts):
 * - `contact.tags-added`: which contacts gained which tags and how (the tags module's live audiences
 *   invite them where a linked group now holds them, D17);
 * - `contacts.erasing-answers`: contacts about to be deleted whose answers the owner asked to erase too
 *   (the tickets module erases them; docs/product-decisions.md, "Deleting contacts").
 */
export type ContactEvents = {
  'contact.tags-added': TagsAdded;
  'contacts.erasing-answers': { manufacturerId: string; contactIds: string[] };
};

/**
 * The contact book (D15): contacts and temp contacts, their details, notes, tags and unsubscribes.
 * Deleting a contact keeps its tickets as a deleted contact's unless the owner erases them too.
 */
export const createContactService = ({
  db,
  clock,
  events,
}: {
  db: Db;
  clock: Clock;
  events: Publisher<ContactEvents>;
}) => {
  /** Every tag write of the contact book goes through here, so no gained tag escapes the live audiences. */
  const editTags = async (
    tx: DbOrTx,
    manufacturerId: string,
    ids: string[],
    change: { add: string[]; remove: string[]; via: TagChangeVia },
    now: Date,
  ) => {
    const add = [...new Set(change.add.map(normalizeTag))];
    const remove = [...new Set(change.remove.map(normalizeTag))];
    const rows = await editContactTags(tx, manufacturerId, [...new Set(ids)], { add, remove }, now);
    const gained = rows.filter((r) => add.some((t) => !r.oldTags.includes(t))).map((r) => r.id);
    if (gained.length > 0)
      await events.publish(tx, 'contact.tags-added', {
        manufacturerId,
        contactIds: gained,
        tags: add,
        via: change.via,
      });
    return rows;
  };

  const detail = async (manufacturerId: string, id: string) => {
    const row = await findContactBookRow(db, manufacturerId, id);
    if (!row) throw notFound('contact');
    const [notes, campaigns, lists] = await Promise.all([
      listNotes(db, id),
      contactCampaigns(db, manufacturerId, id),
      listsOfContact(db, id),
    ]);
    return {
      ...toContactBookItem(row),
      notes: notes.map(toNote),
      campaigns: toContactCampaigns(campaigns),
      lists,
    };
  };

  const remove = async (
    manufacturerId: string,
    ids: string[],
    o: { eraseAnswers: boolean; kind?: ContactRow['kind'] },
  ) =>
    db.transaction(async (tx) => {
      // Only the manufacturer's own contacts of that kind are erased and deleted.
      const own = (await findContactsByIds(tx, manufacturerId, ids))
        .filter((c) => !o.kind || c.kind === o.kind)
        .map((c) => c.id);
      if (o.eraseAnswers && own.length > 0)
        await events.publish(tx, 'contacts.erasing-answers', { manufacturerId, contactIds: own });
      return deleteContacts(tx, manufacturerId, own, o.kind);
    });

  /** The list's filter as the contact book's query reads it; another manufacturer's list answers 404. */
  const filterOf = async (manufacturerId: string, q: ContactFilterQuery) => {
    for (const listId of [q.contactListId, q.notInContactListId]) {
      if (listId && !(await isOwnContactList(db, manufacturerId, listId))) throw notFound('contact list');
    }
    return {
      manufacturerId,
      search: q.search,
      campaignId: q.campaignId,
      participation: q.participation,
      countries: q['countries[]'],
      cities: q['cities[]'],
      tags: q['tags[]'],
      contactListId: q.contactListId,
      notInContactListId: q.notInContactListId,
    };
  };

  const overTheCap = () =>
    new AppError(
      'validation',
      `filter: matches more than ${contactFilterMax} contacts; narrow it or choose contacts`,
      'filter',
    );

  /**
   * The ids of every contact the list's filter matches, within the manufacturer (docs/product-decisions.md,
   * "Contacts"): a filter matching more than `contactFilterMax` is refused whole, not cut.
   */
  const idsMatching = async (manufacturerId: string, filter: ContactFilterQuery) => {
    const ids = await contactIdsMatching(db, await filterOf(manufacturerId, filter), contactFilterMax + 1);
    if (ids.length > contactFilterMax) throw overTheCap();
    return ids;
  };

  /**
   * The contacts the list's filter matches, for a bulk call that works through them a page at a time
   * rather than holding every id (inviting them, adding them to a list): checked as `idsMatching`
   * (another manufacturer's list 404, more than `contactFilterMax` 400), counted in SQL. `eachPage`
   * hands `fn` the ids of up to `size` matches at a time, in id order, read in `reader` (the caller's
   * transaction), each page read after the previous one's `fn` is done.
   */
  const matching = async (manufacturerId: string, filter: ContactFilterQuery) => {
    const q = await filterOf(manufacturerId, filter);
    const total = await countContactsMatching(db, q, contactFilterMax + 1);
    if (total > contactFilterMax) throw overTheCap();
    return {
      total,
      eachPage: async (reader: DbOrTx, size: number, fn: (ids: string[]) => Promise<void>) => {
        let after: string | undefined;
        for (;;) {
          const ids = await contactIdsMatching(reader, q, size, after);
          if (ids.length > 0) await fn(ids);
          if (ids.length < size) return;
          after = ids[ids.length - 1];
        }
      },
    };
  };

  return {
    list: async (manufacturerId: string, q: ListQuery) => {
      const after = q.after ? decodeCursor(q.after, q.sort) : undefined;
      const { rows, total } = await listContactBook(db, {
        ...(await filterOf(manufacturerId, q)),
        sort: q.sort,
        limit: q.limit,
        offset: pageOffset(q),
        after,
      });
      return {
        documents: rows.map(toContactBookItem),
        total,
        ...nextCursor(rows, q.limit, q.sort, (r) => ({ key: r.key, id: r.contact.id })),
      };
    },

    filterData: (manufacturerId: string) => contactFilterValues(db, manufacturerId),

    get: detail,

    /** `defaultCountry`: the manufacturer's, for a number without country code (stored in E.164). */
    update: async (manufacturerId: string, id: string, body: ContactUpdate, defaultCountry: string) => {
      const changes = changesOf(body as ContactUpdate & Record<string, unknown>);
      if (typeof changes.phoneNumber === 'string') {
        changes.phoneNumber = e164OrRefuse(changes.phoneNumber, defaultCountry);
      }
      const row = await updateContact(db, manufacturerId, id, changes, clock.now());
      if (!row) throw notFound('contact');
      const counted = await findContactBookRow(db, manufacturerId, id);
      if (!counted) throw notFound('contact');
      return toContactBookItem(counted);
    },

    addNote: async (reader: Reader, contactId: string, noteText: string) => {
      if (!(await findContact(db, reader.manufacturerId, contactId))) throw notFound('contact');
      const row = await insertNote(db, {
        manufacturerId: reader.manufacturerId,
        contactId,
        authorId: reader.ownerId,
        noteText,
        now: clock.now(),
      });
      return toNote(row);
    },

    updateNote: async (manufacturerId: string, contactId: string, noteId: string, noteText: string) => {
      const row = await updateNote(db, { manufacturerId, contactId, noteId, noteText, now: clock.now() });
      if (!row) throw notFound('note');
      return toNote(row);
    },

    /** One contact (of any kind); 404 when it is not the manufacturer's. */
    remove: async (
      manufacturerId: string,
      id: string,
      o: { eraseAnswers: boolean; kind?: ContactRow['kind'] },
    ) => {
      const deleted = await remove(manufacturerId, [id], o);
      if (deleted.length === 0) throw notFound('contact');
    },

    /** Several contacts; ids that are not the manufacturer's (or not of `kind`) are left alone. */
    removeMany: (
      manufacturerId: string,
      ids: string[],
      o: { eraseAnswers: boolean; kind?: ContactRow['kind'] },
    ) => remove(manufacturerId, ids, o),

    /** The bulk delete: the contacts named, or every one the list's filter matches (`idsMatching`). */
    removeBulk: async (
      manufacturerId: string,
      body: {
        contactIds?: string[] | undefined;
        filter?: ContactFilterQuery | undefined;
        eraseAnswers: boolean;
      },
    ) =>
      remove(manufacturerId, body.contactIds ?? (await idsMatching(manufacturerId, body.filter ?? {})), {
        eraseAnswers: body.eraseAnswers,
      }),

    idsMatching,
    matching,

    // What the participation and invitations modules need, in their transactions.

    /** Creates the contact of an address or finds the existing one (see `upsertContactByEmail`). */
    upsertByEmail: (tx: DbOrTx, contact: Parameters<typeof upsertContactByEmail>[1], now: Date) =>
      upsertContactByEmail(tx, contact, now),
    row: (tx: DbOrTx, manufacturerId: string, id: string) => findContact(tx, manufacturerId, id),
    /**
     * What an accepted contact request brings (docs/product-decisions.md, "Contact requests"): the
     * phone number where the contact has none, and the person's message as a note.
     */
    addRequestDetails: async (
      tx: DbOrTx,
      contact: ContactRow,
      d: { phoneNumber: string | null; note: string | null; authorId: string | null },
      now: Date,
    ) => {
      if (d.phoneNumber && !contact.phoneNumber) {
        await updateContact(tx, contact.manufacturerId, contact.id, { phoneNumber: d.phoneNumber }, now);
      }
      if (d.note) {
        await insertNote(tx, {
          manufacturerId: contact.manufacturerId,
          contactId: contact.id,
          authorId: d.authorId,
          noteText: d.note,
          now,
        });
      }
    },
    byEmails: (tx: DbOrTx, manufacturerId: string, emails: string[]) =>
      findContactsByEmails(tx, manufacturerId, emails),
    byIds: (tx: DbOrTx, manufacturerId: string, ids: string[]) => findContactsByIds(tx, manufacturerId, ids),
    /** `byIds`, each contact locked against deletion until `tx` ends (rows about to refer to them). */
    lockByIds: (tx: DbOrTx, manufacturerId: string, ids: string[]) =>
      lockContactsByIds(tx, manufacturerId, ids),
    /**
     * New temp contacts of an invitation call, with its tags (which count as gained) and the names an
     * address was given with (docs/product-decisions.md, "Invitations").
     */
    insertTemp: async (
      tx: DbOrTx,
      manufacturerId: string,
      emails: string[],
      tags: string[],
      now: Date,
      names?: ReadonlyMap<string, PersonNames>,
    ) => {
      const normalized = [...new Set(tags.map(normalizeTag))].sort();
      const made = await insertTempContacts(tx, manufacturerId, emails, normalized, now, names);
      if (made.length > 0 && normalized.length > 0) {
        await events.publish(tx, 'contact.tags-added', {
          manufacturerId,
          contactIds: made.map((c) => c.id),
          tags: normalized,
          via: 'invitation',
        });
      }
      return made;
    },
    /** Adds tags to contacts; answers how many got a tag they lacked. */
    addTags: async (
      tx: DbOrTx,
      manufacturerId: string,
      ids: string[],
      tags: string[],
      now: Date,
      via: TagChangeVia = 'invitation',
    ) => (await editTags(tx, manufacturerId, ids, { add: tags, remove: [], via }, now)).length,
    /** Adds and removes tags (the tags module); answers each contact that changed, its tags before and after. */
    editTags,
    unsubscribedAmong: (tx: DbOrTx, manufacturerId: string, emails: string[]) =>
      unsubscribedAmong(tx, manufacturerId, emails),
    unsubscribe: (tx: DbOrTx, manufacturerId: string, email: string, now: Date) =>
      insertUnsubscribe(tx, manufacturerId, email, now),
    /** An import's batch, in its transaction (see `mergeImportedContacts`). */
    mergeImported: (tx: DbOrTx, manufacturerId: string, rows: ImportedContact[], now: Date) =>
      mergeImportedContacts(tx, manufacturerId, rows, now),
    toContact,
  };
};
export type ContactService = ReturnType<typeof createContactService>;
