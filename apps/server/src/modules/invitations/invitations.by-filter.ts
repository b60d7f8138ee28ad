import type { ContactFilterQuery, InviteReport } from '@parley/contract';
import type { Db, DbOrTx } from '../../db/client.js';
import type { JobQueue } from '../../jobs/queue.js';
import { AppError } from '../../lib/errors.js';
import type { CampaignService } from '../campaigns/index.js';
import type { ContactRow, ContactService } from '../contacts/index.js';

/** The job that invites one slice of the contacts an invitation by filter reached. */
export const INVITE_CONTACTS_JOB = 'invitation.contacts';
export type InviteContactsJob = {
  manufacturerId: string;
  contactIds: string[];
  campaignIds: string[];
  tags: string[];
};

/** A campaign an invitation call invites to (the invitation service's `runningCampaigns`). */
export type CampaignFacts = { id: string; title: string; state: string };

/** The invitation core, for known contacts: invites them to `targets` and tags them, or with `check` reports. */
export type InviteKnown = (
  manufacturerId: string,
  o: {
    targets: CampaignFacts[];
    known: ContactRow[];
    tags: string[];
    check: boolean;
    /** How many contacts the slice was given (the report's `received`). */
    received: number;
    tx: DbOrTx;
  },
) => Promise<InviteReport>;

/** The call reads the filter's matches this many at a time (and checks each page as one). */
const pageSize = 1000;
/**
 * At most this many invitations a job makes in its one transaction, as the tag change job does, so a
 * job's work stays well within its claim (docs/product-decisions.md, "Jobs after a crash").
 */
const invitationsPerJob = 1000;

/** Adds a slice's report to the call's. */
const add = (a: InviteReport, b: InviteReport): InviteReport => ({
  check: a.check,
  received: a.received + b.received,
  newContacts: a.newContacts + b.newContacts,
  existingContacts: a.existingContacts + b.existingContacts,
  invitations: a.invitations + b.invitations,
  tagged: a.tagged + b.tagged,
  campaigns: a.campaigns.map((c) => ({
    ...c,
    invitations: c.invitations + (b.campaigns.find((x) => x._id === c._id)?.invitations ?? 0),
  })),
  problems: [...a.problems, ...b.problems],
});

/**
 * POST /contact with `filter` (docs/product-decisions.md, "Contacts"): every contact the contact list's
 * filter matches, within the manufacturer, is invited to the running campaigns and tagged as `emails`
 * would be. The call reads the matches a page at a time (never every id at once), reports each page
 * with the invitation core's own check (D16) and, unless checking, queues in one transaction the jobs
 * that invite them, each slice of at most 1,000 invitations in one transaction of its own: they commit
 * or roll back together with the call, and a job cut off by a crash is taken up again by the queue
 * (its invitations' unique key and the core's own check invite nobody twice).
 */
export const createInviteByFilter = ({
  db,
  jobs,
  campaigns,
  contacts,
  runningCampaigns,
  inviteKnown,
}: {
  db: Db;
  jobs: Pick<JobQueue, 'define' | 'send'>;
  campaigns: Pick<CampaignService, 'row'>;
  contacts: Pick<ContactService, 'byIds' | 'lockByIds' | 'matching'>;
  runningCampaigns: (manufacturerId: string, ids: string[]) => Promise<CampaignFacts[]>;
  inviteKnown: InviteKnown;
}) => {
  /** The job: invites its slice to those of its campaigns still running, in one transaction. */
  const inviteSlice = async (data: InviteContactsJob) => {
    const targets: CampaignFacts[] = [];
    for (const id of data.campaignIds) {
      // A campaign stopped or deleted since the call is left out; any other failure retries the job.
      const c = await campaigns.row(data.manufacturerId, id).catch((err: unknown) => {
        if (err instanceof AppError && err.code === 'not-found') return undefined;
        throw err;
      });
      if (c?.state === 'running') targets.push({ id: c.id, title: c.title, state: c.state });
    }
    if (targets.length === 0 && data.tags.length === 0) return;
    await db.transaction(async (tx) => {
      // Locked against deletion until the invitations are written; one deleted meanwhile is left out.
      const known = await contacts.lockByIds(tx, data.manufacturerId, data.contactIds);
      await inviteKnown(data.manufacturerId, {
        targets,
        known,
        tags: data.tags,
        check: false,
        received: known.length,
        tx,
      });
    });
  };
  jobs.define<InviteContactsJob>(INVITE_CONTACTS_JOB, (data) => inviteSlice(data), {
    retryLimit: 5,
    expireInSeconds: 40,
  });

  const inviteMatching = async (
    manufacturerId: string,
    b: { filter: ContactFilterQuery; campaignIds: string[]; tags: string[]; callForCheck: boolean },
  ): Promise<InviteReport> => {
    const targets = await runningCampaigns(manufacturerId, b.campaignIds);
    const matches = await contacts.matching(manufacturerId, b.filter);
    const perJob = Math.max(1, Math.floor(invitationsPerJob / Math.max(1, targets.length)));
    const run = async (tx: DbOrTx, queue: boolean) => {
      let report: InviteReport = {
        check: b.callForCheck,
        received: 0,
        newContacts: 0,
        existingContacts: 0,
        invitations: 0,
        tagged: 0,
        campaigns: targets.map((c) => ({ _id: c.id, title: c.title, invitations: 0 })),
        problems: [],
      };
      await matches.eachPage(tx, pageSize, async (ids) => {
        const known = await contacts.byIds(tx, manufacturerId, ids);
        const part = await inviteKnown(manufacturerId, {
          targets,
          known,
          tags: b.tags,
          check: true,
          received: ids.length,
          tx,
        });
        report = add(report, part);
        // A page with nobody to invite or tag queues nothing.
        if (!queue || part.invitations + part.tagged === 0) return;
        for (let i = 0; i < ids.length; i += perJob) {
          await jobs.send<InviteContactsJob>(
            INVITE_CONTACTS_JOB,
            {
              manufacturerId,
              contactIds: ids.slice(i, i + perJob),
              campaignIds: targets.map((c) => c.id),
              tags: b.tags,
            },
            { tx },
          );
        }
      });
      return report;
    };
    return b.callForCheck ? run(db, false) : db.transaction((tx) => run(tx, true));
  };

  return { inviteMatching, inviteSlice };
};
