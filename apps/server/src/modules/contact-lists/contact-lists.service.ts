import type {
  ContactFilterQuery,
  ContactList,
  ContactListInclude,
  ContactListMember,
  ListInviteReport,
} from '@parley/contract';
import type { Db, DbOrTx } from '../../db/client.js';
import type { JobQueue } from '../../jobs/queue.js';
import type { Clock } from '../../lib/clock.js';
import { AppError, notFound } from '../../lib/errors.js';
import { assertFresh } from '../../lib/fresh.js';
import { decodeCursor, nextCursor, pageOffset } from '../../lib/paging.js';
import {
  type ContactListWithCounts,
  campaignLinkedLists,
  campaignsOfContacts,
  findContactListWithCounts,
  listContactLists,
  listMembers,
  notesOfContacts,
} from '../../queries/contact-lists.query.js';
import type { CampaignService } from '../campaigns/index.js';
import { type ContactService, toContact, toNote } from '../contacts/index.js';
import type { InvitationService } from '../invitations/index.js';
import './contact-lists.errors.js';
import {
  addMembers,
  deleteList,
  findList,
  hasLinks,
  insertList,
  isNameTaken,
  linkedCampaignIds,
  linkLists,
  lockLists,
  memberIdsOf,
  removeMember,
  setMembers,
  stillMembers,
  touchList,
  unlinkList,
  updateList,
} from './contact-lists.repository.js';

/** The job that invites contacts who joined a list to the running group campaigns it is linked to. */
export const CONTACT_LIST_MEMBERS_JOB = 'contact-list.members-joined';
export type MembersJoinedJob = { manufacturerId: string; listId: string; contactIds: string[] };

const toList = (r: ContactListWithCounts): ContactList => ({
  _id: r.list.id,
  name: r.list.name,
  description: r.list.description,
  memberCount: r.memberCount,
  campaigns: r.campaigns.map((c) => ({ ...c, state: c.state as ContactList['campaigns'][number]['state'] })),
  createdAt: r.list.createdAt.toISOString(),
  updatedAt: r.list.updatedAt.toISOString(),
});

const nameTaken = (name: string) =>
  new AppError('contact-list/name-taken', `A contact list named "${name}" exists already.`, 'name');

/**
 * Contact lists (D18, D11; docs/product-decisions.md, "Contact lists"): named lists of contacts,
 * inviting every member of lists to a campaign, and a group campaign's linked lists whose later
 * members are invited by a job queued in the transaction that adds them.
 */
export const createContactListService = ({
  db,
  clock,
  jobs,
  campaigns,
  contacts,
  invitations,
}: {
  db: Db;
  clock: Clock;
  jobs: Pick<JobQueue, 'define' | 'send'>;
  campaigns: Pick<CampaignService, 'row'>;
  contacts: Pick<ContactService, 'byIds' | 'lockByIds' | 'matching'>;
  invitations: Pick<InvitationService, 'runningCampaigns' | 'inviteMembers' | 'inviteInTx'>;
}) => {
  const get = async (manufacturerId: string, id: string) => {
    const row = await findContactListWithCounts(db, manufacturerId, id);
    if (!row) throw notFound('contact list');
    return toList(row);
  };

  /**
   * The manufacturer's contacts among `ids`, locked against deletion until the transaction ends (their
   * memberships are written next), or 404 if one is not theirs (D4).
   */
  const ownContacts = async (tx: DbOrTx, manufacturerId: string, ids: string[]) => {
    const unique = [...new Set(ids)];
    if (unique.length === 0) return [];
    const found = new Set((await contacts.lockByIds(tx, manufacturerId, unique)).map((c) => c.id));
    const missing = unique.find((id) => !found.has(id));
    if (missing) throw notFound('contact');
    return unique;
  };

  /**
   * After members joined a list (in the same transaction): when the list is linked to a campaign, a
   * job invites them, so the invitation follows the membership exactly once (D11).
   */
  const announceJoined = async (tx: DbOrTx, manufacturerId: string, listId: string, joined: string[]) => {
    if (joined.length === 0 || !(await hasLinks(tx, listId))) return;
    for (let i = 0; i < joined.length; i += 1000) {
      await jobs.send<MembersJoinedJob>(
        CONTACT_LIST_MEMBERS_JOB,
        { manufacturerId, listId, contactIds: joined.slice(i, i + 1000) },
        { tx },
      );
    }
  };

  /**
   * Adds every contact the contact list's filter matches (docs/product-decisions.md, "Contacts"), read
   * and added a page at a time in `tx` (never every id at once); those who joined a linked list are
   * announced as by `newContactIds`. Answers how many joined.
   */
  const addMatching = async (
    tx: DbOrTx,
    manufacturerId: string,
    listId: string,
    matches: Awaited<ReturnType<ContactService['matching']>>,
    now: Date,
  ) => {
    let joinedCount = 0;
    await matches.eachPage(tx, 1000, async (ids) => {
      // Locked against deletion until their memberships are written; one deleted meanwhile is left out.
      const own = (await contacts.lockByIds(tx, manufacturerId, ids)).map((c) => c.id);
      const joined = await addMembers(tx, { manufacturerId, listId, contactIds: own, now });
      await announceJoined(tx, manufacturerId, listId, joined);
      joinedCount += joined.length;
    });
    return joinedCount;
  };

  /** Locks the list (so linking and joining never miss each other) or 404. */
  const lockOwn = async (tx: DbOrTx, manufacturerId: string, id: string) => {
    const [row] = await lockLists(tx, manufacturerId, [id]);
    if (!row) throw notFound('contact list');
    return row;
  };

  const withNameCheck = async <T>(name: string, run: () => Promise<T>) => {
    try {
      return await run();
    } catch (err) {
      if (isNameTaken(err)) throw nameTaken(name);
      throw err;
    }
  };

  /** The job: invites contacts who joined a linked list to its running group campaigns, once. */
  const inviteJoined = async (data: MembersJoinedJob) => {
    await db.transaction(async (tx) => {
      const list = await findList(tx, data.manufacturerId, data.listId);
      if (!list) return;
      const campaignIds: string[] = [];
      for (const id of await linkedCampaignIds(tx, list.id)) {
        // A campaign gone meanwhile is skipped; any other failure fails the job, which is tried again.
        const c = await campaigns.row(data.manufacturerId, id).catch((err: unknown) => {
          if (err instanceof AppError && err.code === 'not-found') return undefined;
          throw err;
        });
        if (c?.state === 'running' && c.isGroupCampaign) campaignIds.push(c.id);
      }
      // Only those still in the list; each is invited at most once (the invitation's key), skipping
      // unsubscribed addresses and people who answered already.
      const members = await stillMembers(tx, list.id, data.contactIds);
      const people = (await contacts.lockByIds(tx, data.manufacturerId, members)).map((c) => ({
        id: c.id,
        email: c.email,
      }));
      await invitations.inviteInTx(tx, data.manufacturerId, people, campaignIds, clock.now());
    });
  };
  jobs.define<MembersJoinedJob>(CONTACT_LIST_MEMBERS_JOB, (data) => inviteJoined(data), {
    expireInSeconds: 40,
  });

  return {
    list: async (
      manufacturerId: string,
      q: { page: number; limit: number; search?: string | undefined; sort: string },
    ) => {
      const { rows, total } = await listContactLists(db, {
        manufacturerId,
        search: q.search,
        sort: q.sort,
        limit: q.limit,
        offset: pageOffset(q),
      });
      return { documents: rows.map(toList), total };
    },

    get,

    create: async (
      manufacturerId: string,
      b: {
        name: string;
        description: string;
        contactIds?: string[] | undefined;
        filter?: ContactFilterQuery | undefined;
      },
    ) => {
      // By filter: the contacts it matches now, checked before anything is written.
      const matches = b.filter ? await contacts.matching(manufacturerId, b.filter) : undefined;
      const id = await withNameCheck(b.name, () =>
        db.transaction(async (tx) => {
          const ids = await ownContacts(tx, manufacturerId, b.contactIds ?? []);
          const now = clock.now();
          const row = await insertList(tx, { manufacturerId, name: b.name, description: b.description, now });
          await addMembers(tx, { manufacturerId, listId: row.id, contactIds: ids, now });
          if (matches) await addMatching(tx, manufacturerId, row.id, matches, now);
          return row.id;
        }),
      );
      return get(manufacturerId, id);
    },

    /** PUT: `newContactIds` or `filter` adds members; else the whole list (contracts' contactListPutSchema). */
    update: async (
      manufacturerId: string,
      id: string,
      b: {
        newContactIds?: string[] | undefined;
        filter?: ContactFilterQuery | undefined;
        name?: string | undefined;
        description?: string | undefined;
        contactIds?: string[] | undefined;
        updatedAt?: string | undefined;
      },
    ) => {
      await withNameCheck(b.name ?? '', () =>
        db.transaction(async (tx) => {
          const row = await lockOwn(tx, manufacturerId, id);
          assertFresh(row.updatedAt, b.updatedAt);
          const now = clock.now();
          if (b.filter) {
            // The list first (another's answers 404), then the filter (its lists, the cap).
            const matches = await contacts.matching(manufacturerId, b.filter);
            if ((await addMatching(tx, manufacturerId, id, matches, now)) > 0) await touchList(tx, id, now);
            return;
          }
          if (b.newContactIds !== undefined) {
            const ids = await ownContacts(tx, manufacturerId, b.newContactIds);
            const joined = await addMembers(tx, { manufacturerId, listId: id, contactIds: ids, now });
            if (joined.length > 0) await touchList(tx, id, now);
            await announceJoined(tx, manufacturerId, id, joined);
            return;
          }
          await updateList(tx, id, { name: b.name ?? row.name, description: b.description ?? '', now });
          if (b.contactIds !== undefined) {
            const ids = await ownContacts(tx, manufacturerId, b.contactIds);
            const joined = await setMembers(tx, { manufacturerId, listId: id, contactIds: ids, now });
            await announceJoined(tx, manufacturerId, id, joined);
          }
        }),
      );
      return get(manufacturerId, id);
    },

    /** The contacts stay; links to campaigns go (their invitations stay). */
    remove: async (manufacturerId: string, id: string) => {
      const row = await findList(db, manufacturerId, id);
      if (!row) throw notFound('contact list');
      await deleteList(db, id);
    },

    removeMember: async (manufacturerId: string, id: string, contactId: string) => {
      await db.transaction(async (tx) => {
        await lockOwn(tx, manufacturerId, id);
        if (!(await removeMember(tx, id, contactId))) throw notFound('contact in this list');
        await touchList(tx, id, clock.now());
      });
    },

    members: async (
      manufacturerId: string,
      id: string,
      q: {
        page: number;
        limit: number;
        search?: string | undefined;
        sort: string;
        after?: string | undefined;
        'include[]'?: ContactListInclude[] | undefined;
      },
    ) => {
      const include = new Set(q['include[]'] ?? []);
      // The page and the total side by side, both within the manufacturer: no total means the list is
      // not theirs (or gone), and what the page read is dropped.
      const { rows, totals } = await listMembers(db, {
        manufacturerId,
        listId: id,
        search: q.search,
        sort: q.sort,
        limit: q.limit,
        offset: pageOffset(q),
        after: q.after ? decodeCursor(q.after, q.sort) : undefined,
      });
      if (!totals) throw notFound('contact list');
      const ids = rows.map((r) => r.contact.id);
      const [notes, campaignRows] = await Promise.all([
        include.has('notes') ? notesOfContacts(db, ids) : Promise.resolve(undefined),
        include.has('campaigns') ? campaignsOfContacts(db, manufacturerId, ids) : Promise.resolve(undefined),
      ]);
      const documents: ContactListMember[] = rows.map((r) => ({
        ...toContact(r.contact, r),
        addedAt: r.addedAt.toISOString(),
        ...(notes ? { notes: notes.filter((n) => n.contactId === r.contact.id).map(toNote) } : {}),
        ...(campaignRows
          ? {
              campaigns: campaignRows
                .filter((c) => c.contact_id === r.contact.id)
                .map((c) => ({
                  _id: c.id,
                  title: c.title,
                  state: c.state as NonNullable<ContactListMember['campaigns']>[number]['state'],
                  invitationState: (c.invitation_state === 'sending'
                    ? 'queued'
                    : c.invitation_state) as NonNullable<
                    ContactListMember['campaigns']
                  >[number]['invitationState'],
                  answered: c.answered,
                })),
            }
          : {}),
      }));
      return {
        documents,
        total: totals.total,
        ...nextCursor(rows, q.limit, q.sort, (r) => ({ key: r.key, id: r.contact.id })),
      };
    },

    /**
     * POST campaign/{id}/contactlist: invites every member of the lists once (a person in two lists
     * gets one invitation), none of the unsubscribed, invited or answered; a group campaign keeps the
     * lists linked so that later members are invited too (D11, D16).
     */
    inviteToCampaign: async (
      manufacturerId: string,
      campaignId: string,
      b: { contactLists: string[]; callForCheck: boolean },
    ): Promise<ListInviteReport> => {
      const campaign = await campaigns.row(manufacturerId, campaignId);
      const targets = await invitations.runningCampaigns(manufacturerId, [campaignId]);
      const listIds = [...new Set(b.contactLists)];
      const run = async (tx: DbOrTx | undefined) => {
        const reader = tx ?? db;
        const lists = tx
          ? await lockLists(tx, manufacturerId, listIds)
          : await Promise.all(listIds.map((id) => findList(db, manufacturerId, id)));
        if (lists.some((l) => !l) || lists.length !== listIds.length) throw notFound('contact list');
        const members = await memberIdsOf(reader, listIds);
        const linked = campaign.isGroupCampaign;
        if (tx && linked) await linkLists(tx, { manufacturerId, campaignId, listIds, now: clock.now() });
        const report = await invitations.inviteMembers(manufacturerId, members, targets, {
          check: b.callForCheck,
          ...(tx ? { tx } : {}),
        });
        return { ...report, members: members.length, linked };
      };
      return b.callForCheck ? run(undefined) : db.transaction((tx) => run(tx));
    },

    campaignLists: async (manufacturerId: string, campaignId: string) => {
      await campaigns.row(manufacturerId, campaignId);
      const rows = await campaignLinkedLists(db, manufacturerId, campaignId);
      return { documents: rows.map((r) => ({ _id: r.id, name: r.name, memberCount: r.memberCount })) };
    },

    /** The job's work, for tests that run it by hand. */
    inviteJoined,

    unlinkFromCampaign: async (manufacturerId: string, campaignId: string, listId: string) => {
      await campaigns.row(manufacturerId, campaignId);
      if (!(await unlinkList(db, campaignId, listId))) throw notFound('link of this list');
    },
  };
};
export type ContactListService = ReturnType<typeof createContactListService>;
