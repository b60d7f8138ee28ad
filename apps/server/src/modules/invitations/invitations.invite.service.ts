import {
  type ContactFilterQuery,
  contactCodes,
  contactInviteMax,
  type InvitationOrigin,
  type InviteReport,
  namesOfDisplayName,
  parseMailbox,
} from '@parley/contract';
import type { DbOrTx } from '../../db/client.js';
import type { JobQueue } from '../../jobs/queue.js';
import { AppError, notFound } from '../../lib/errors.js';
import { answeredPairs } from '../../queries/invitations.query.js';
import type { ContactRow, PersonNames } from '../contacts/index.js';
import { type CampaignFacts, createInviteByFilter } from './invitations.by-filter.js';
import { insertInvitations, invitedPairs } from './invitations.repository.js';
import { type InvitationDeps, type Problem, problem } from './invitations.shared.js';

/**
 * Inviting (D15, D16, docs/product-decisions.md "Invitations"): addresses, contacts by id or by the
 * contact list's filter, to running campaigns; one core that checks, tags, writes the invitations and
 * queues their mails in one transaction, or with `check` only reports. Also the calls other modules
 * invite through inside their own transactions (an import's batch, a list's members, a live audience).
 */
export const createInviting = ({
  db,
  clock,
  jobs,
  queueMails,
  campaigns,
  contacts,
}: InvitationDeps & { jobs: Pick<JobQueue, 'sendMany' | 'define' | 'send'> }) => {
  /** The manufacturer's campaigns by id (404 for another's), each refused with contact/5 unless running. */
  const runningCampaigns = async (manufacturerId: string, ids: string[]): Promise<CampaignFacts[]> => {
    const unique = [...new Set(ids)];
    const found = await Promise.all(unique.map((id) => campaigns.row(manufacturerId, id)));
    const stopped = found.filter((c) => c.state !== 'running');
    if (stopped.length > 0) {
      throw new AppError(
        'contact/5',
        `Only running campaigns take invitations: ${stopped.map((c) => `"${c.title}" is ${c.state}`).join(', ')}.`,
        'campaignIds',
      );
    }
    return found.map((c) => ({ id: c.id, title: c.title, state: c.state }));
  };

  /**
   * The shared core of every invitation call: invites `known` contacts and new `fresh` addresses to
   * `targets`, tags them, and reports; with `check` it only reports (D16).
   */
  const invite = async (
    manufacturerId: string,
    o: {
      targets: CampaignFacts[];
      known: ContactRow[];
      fresh: string[];
      /** The names a fresh address was given with (POST /contact's `Name <address>` entries). */
      names?: ReadonlyMap<string, PersonNames> | undefined;
      tags: string[];
      check: boolean;
      received: number;
      problems: Problem[];
      /** POST /contact reports a known address with nothing to do as contact/3. */
      reportAlreadyContact: boolean;
      /** Read and write in the caller's transaction (which then commits the invitations). */
      tx?: DbOrTx | undefined;
    },
  ): Promise<InviteReport> => {
    const reader = o.tx ?? db;
    const tags = [...new Set(o.tags.map((t) => t.trim().toLowerCase()))];
    const problems = [...o.problems];
    const campaignIds = o.targets.map((c) => c.id);
    const unsubscribed = await contacts.unsubscribedAmong(reader, manufacturerId, [
      ...o.known.map((c) => c.email),
      ...o.fresh,
    ]);
    // Invited already, or answered already (through the open link): either way not invited again.
    const knownIds = o.known.map((c) => c.id);
    const [invited, answered] = await Promise.all([
      invitedPairs(reader, campaignIds, knownIds),
      answeredPairs(reader, campaignIds, knownIds),
    ]);
    const pairs = new Set([...invited, ...answered]);
    const perCampaign = new Map(campaignIds.map((id) => [id, 0]));
    const planned: { contact: ContactRow | string; campaignId: string }[] = [];
    const reached: ContactRow[] = [];
    const freshOk: string[] = [];

    for (const c of o.known) {
      if (campaignIds.length > 0 && unsubscribed.has(c.email)) {
        problems.push(problem(c.email, contactCodes.unsubscribed));
        continue;
      }
      const missing = campaignIds.filter((id) => !pairs.has(`${id}:${c.id}`));
      if (campaignIds.length > 0 && missing.length === 0) {
        problems.push(problem(c.email, contactCodes.alreadyInvited));
        continue;
      }
      if (campaignIds.length === 0 && tags.length === 0 && o.reportAlreadyContact) {
        problems.push(problem(c.email, contactCodes.alreadyContact));
        continue;
      }
      reached.push(c);
      for (const id of missing) planned.push({ contact: c, campaignId: id });
    }
    for (const email of o.fresh) {
      if (unsubscribed.has(email)) {
        problems.push(problem(email, contactCodes.unsubscribed));
        continue;
      }
      freshOk.push(email);
      for (const id of campaignIds) planned.push({ contact: email, campaignId: id });
    }
    for (const p of planned) perCampaign.set(p.campaignId, (perCampaign.get(p.campaignId) ?? 0) + 1);

    const report = (tagged: number): InviteReport => ({
      check: o.check,
      received: o.received,
      newContacts: freshOk.length,
      existingContacts: reached.length,
      invitations: planned.length,
      tagged,
      campaigns: o.targets.map((c) => ({
        _id: c.id,
        title: c.title,
        invitations: perCampaign.get(c.id) ?? 0,
      })),
      problems,
    });
    if (o.check) {
      const wouldTag =
        tags.length === 0
          ? 0
          : freshOk.length + reached.filter((c) => !tags.every((t) => c.tags.includes(t))).length;
      return report(wouldTag);
    }

    const write = async (tx: DbOrTx) => {
      const now = clock.now();
      // An address that became a contact since the check above is taken as the known contact it now is.
      const made = await contacts.insertTemp(tx, manufacturerId, freshOk, tags, now, o.names);
      const madeEmails = new Set(made.map((c) => c.email));
      const raced = await contacts.byEmails(
        tx,
        manufacturerId,
        freshOk.filter((e) => !madeEmails.has(e)),
      );
      const byEmail = new Map([...made, ...raced].map((c) => [c.email, c]));
      const tagged =
        made.length +
        (await contacts.addTags(
          tx,
          manufacturerId,
          [...reached, ...raced].map((c) => c.id),
          tags,
          now,
        ));
      const rows = await insertInvitations(
        tx,
        planned.flatMap((p) => {
          const contact = typeof p.contact === 'string' ? byEmail.get(p.contact) : p.contact;
          return contact
            ? [
                {
                  manufacturerId,
                  campaignId: p.campaignId,
                  contactId: contact.id,
                  createdAt: now,
                  updatedAt: now,
                },
              ]
            : [];
        }),
      );
      // Mails are queued in this transaction: an invitation exists exactly when its mail does.
      await queueMails(
        tx,
        rows.map((r) => r.id),
      );
      const made2 = new Map<string, number>();
      for (const r of rows) made2.set(r.campaignId, (made2.get(r.campaignId) ?? 0) + 1);
      for (const id of campaignIds) perCampaign.set(id, made2.get(id) ?? 0);
      return { ...report(tagged), invitations: rows.length };
    };
    return o.tx ? write(o.tx) : db.transaction(write);
  };

  // POST /contact by the contact list's filter: the same core, a page at a time, by jobs.
  const byFilter = createInviteByFilter({
    db,
    jobs,
    campaigns,
    contacts,
    runningCampaigns,
    inviteKnown: (manufacturerId, o) =>
      invite(manufacturerId, { ...o, fresh: [], problems: [], reportAlreadyContact: true }),
  });

  /**
   * POST /contact: raw entries, each checked on its own (D15). An entry is an address, or one mailbox as
   * mail programs write it (`Jürgen Müller <juergen@…>`); the name becomes a new contact's first and
   * last name (docs/product-decisions.md, "Invitations"). With `filter` instead of `emails`: every
   * contact the contact list's filter matches (`invitations.by-filter.ts`).
   */
  const inviteEmails = async (
    manufacturerId: string,
    b: {
      emails?: string[] | undefined;
      filter?: ContactFilterQuery | undefined;
      campaignIds: string[];
      tags: string[];
      callForCheck: boolean;
    },
  ) => {
    if (b.filter) return byFilter.inviteMatching(manufacturerId, { ...b, filter: b.filter });
    const emails = b.emails ?? [];
    if (emails.length > contactInviteMax) {
      throw new AppError(
        'contact/6',
        `At most ${contactInviteMax} addresses can be invited at once; this request has ${emails.length}.`,
        'emails',
      );
    }
    const targets = await runningCampaigns(manufacturerId, b.campaignIds);
    const problems: Problem[] = [];
    const seen = new Set<string>();
    const valid: string[] = [];
    const names = new Map<string, PersonNames>();
    for (const raw of emails) {
      const mailbox = parseMailbox(raw);
      const email = mailbox?.email.toLowerCase();
      if (!mailbox || !email) {
        problems.push(problem(raw.trim(), contactCodes.invalidEmail));
      } else if (seen.has(email)) {
        problems.push(problem(email, contactCodes.duplicateInRequest));
      } else {
        seen.add(email);
        valid.push(email);
        const named = namesOfDisplayName(mailbox.name);
        if (named.firstname !== null || named.lastname !== null) names.set(email, named);
      }
    }
    const known = await contacts.byEmails(db, manufacturerId, valid);
    const knownEmails = new Set(known.map((c) => c.email));
    return invite(manufacturerId, {
      targets,
      known,
      fresh: valid.filter((e) => !knownEmails.has(e)),
      names,
      tags: b.tags,
      check: b.callForCheck,
      received: emails.length,
      problems,
      reportAlreadyContact: true,
    });
  };

  /** Contacts by id (campaign's "add participants", temp contacts to more campaigns). */
  const inviteContacts = async (
    manufacturerId: string,
    contactIds: string[],
    campaignIds: string[],
    check: boolean,
    kind?: ContactRow['kind'],
  ) => {
    const targets = await runningCampaigns(manufacturerId, campaignIds);
    const unique = [...new Set(contactIds)];
    const known = (await contacts.byIds(db, manufacturerId, unique)).filter((c) => !kind || c.kind === kind);
    if (known.length === 0) throw notFound('contact');
    return invite(manufacturerId, {
      targets,
      known,
      fresh: [],
      tags: [],
      check,
      received: contactIds.length,
      problems: [],
      reportAlreadyContact: false,
    });
  };

  return {
    inviteEmails,
    /** The invitation by filter's job work, for tests that run it by hand. */
    inviteSlice: byFilter.inviteSlice,
    /** Contacts by id, for the participants' and temp contacts' calls (not the service's own face). */
    inviteContacts,

    /**
     * Invites contacts to campaigns inside the caller's transaction (an import's batch): unsubscribed
     * addresses, contacts already invited and those who answered already are skipped. Answers the
     * invitations it made (campaign and contact of each).
     */
    inviteInTx: async (
      tx: DbOrTx,
      manufacturerId: string,
      people: { id: string; email: string }[],
      campaignIds: string[],
      now: Date,
      /** Why these invitations are made, when not by the owner's hand (a tag group's live audience). */
      origin?: InvitationOrigin,
    ) => {
      if (people.length === 0 || campaignIds.length === 0) return [];
      const unsub = await contacts.unsubscribedAmong(
        tx,
        manufacturerId,
        people.map((p) => p.email),
      );
      const answered = await answeredPairs(
        tx,
        campaignIds,
        people.map((p) => p.id),
      );
      const rows = await insertInvitations(
        tx,
        people
          .filter((p) => !unsub.has(p.email))
          .flatMap((p) =>
            campaignIds
              .filter((campaignId) => !answered.has(`${campaignId}:${p.id}`))
              .map((campaignId) => ({
                manufacturerId,
                campaignId,
                contactId: p.id,
                origin: origin ?? null,
                createdAt: now,
                updatedAt: now,
              })),
          ),
      );
      await queueMails(
        tx,
        rows.map((r) => r.id),
      );
      return rows.map((r) => ({ campaignId: r.campaignId, contactId: r.contactId }));
    },

    /**
     * Invites contacts by id (a contact list's members) to campaigns `runningCampaigns` answered, and
     * reports like every invitation call (D16); with `tx`, inside the caller's transaction so that its
     * own writes (linking the lists to a group campaign) commit with the invitations.
     */
    inviteMembers: async (
      manufacturerId: string,
      contactIds: string[],
      targets: CampaignFacts[],
      o: { check: boolean; tx?: DbOrTx },
    ) => {
      // In a transaction the contacts are locked against deletion until the invitations are written.
      const known =
        contactIds.length === 0
          ? []
          : o.tx
            ? await contacts.lockByIds(o.tx, manufacturerId, contactIds)
            : await contacts.byIds(db, manufacturerId, contactIds);
      return invite(manufacturerId, {
        targets,
        known,
        fresh: [],
        tags: [],
        check: o.check,
        received: contactIds.length,
        problems: [],
        reportAlreadyContact: false,
        tx: o.tx,
      });
    },

    /** The campaigns an invitation call may use: the manufacturer's, running (else contact/5). */
    runningCampaigns,
  };
};
export type Inviting = ReturnType<typeof createInviting>;
