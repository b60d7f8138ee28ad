import type { TagChangeVia } from '@parley/contract';
import type { Logger } from 'pino';
import type { Db, DbOrTx, Tx } from '../../db/client.js';
import type { JobQueue } from '../../jobs/queue.js';
import type { Clock } from '../../lib/clock.js';
import {
  type AudienceScope,
  hasLiveAudience,
  type PendingInvitation,
  pendingInvitations,
} from '../../queries/live-audience.query.js';
import type { ContactService, TagsAdded } from '../contacts/index.js';
import type { InvitationService } from '../invitations/index.js';
import type { MemberCounts } from './member-counts.js';
import {
  findChange,
  insertChange,
  lockAudienceShared,
  markChangeProcessed,
  pruneChanges,
  unprocessedChanges,
} from './tags.repository.js';

/** The job that invites contacts a tag change put into linked groups (D17's live audience). */
export const TAG_CHANGE_JOB = 'tags.change';
/** The sweep that finishes changes whose job was lost (a crash between the tag change and its job). */
export const TAG_SWEEP_JOB = 'tags.sweep';
/** `from`: the first of the change's contacts this run starts with (a continuation's). */
export type TagChangeJob = { changeId: string; from?: number };

/** Invitations one transaction of the live audience makes before it commits and goes on. */
const inviteBatch = 1000;
/**
 * A run of the tag change job starts no slice after this long: the slice then queues the rest as a
 * new run, so the job's claim stays short and a killed run is taken over within a minute
 * (docs/product-decisions.md, "Jobs after a crash").
 */
export const tagChangeStepMs = 10_000;
/** Processed changes are kept this long (for a look in the database), then pruned. */
const keepChangesMs = 30 * 86_400_000;

/**
 * The live audiences (D17): a group linked to a running campaign invites its members when linked and
 * whoever joins it later, through a `tag_changes` row and a job queued with the change that put them in,
 * and a sweep behind the job. This part records the changes (`tagsAdded`, `queueGroupAudience`), works
 * them (`processChange`) and sweeps (`sweep`); it defines both jobs.
 */
export const createAudienceJob = ({
  db,
  clock,
  jobs,
  log,
  contacts,
  invitations,
  counts,
}: {
  db: Db;
  clock: Clock;
  jobs: Pick<JobQueue, 'define' | 'send'>;
  log: Pick<Logger, 'info' | 'error'>;
  contacts: Pick<ContactService, 'lockByIds'>;
  invitations: Pick<InvitationService, 'inviteInTx'>;
  counts: Pick<MemberCounts, 'keep'>;
}) => {
  /**
   * Invites pending pairs of the live audience, one call per campaign and group so that each invitation
   * names the group that brought it (and, of the change's tags, those the group holds). The contacts are
   * locked against deletion first; one deleted meanwhile is left out.
   */
  const invitePending = async (
    tx: Tx,
    manufacturerId: string,
    pending: PendingInvitation[],
    how: { via: TagChangeVia; tags: string[] },
  ) => {
    if (pending.length === 0) return 0;
    const locked = new Set(
      (await contacts.lockByIds(tx, manufacturerId, [...new Set(pending.map((p) => p.contactId))])).map(
        (c) => c.id,
      ),
    );
    const batches = new Map<string, PendingInvitation[]>();
    for (const p of pending) {
      if (!locked.has(p.contactId)) continue;
      const key = `${p.campaignId}:${p.groupId}`;
      const batch = batches.get(key);
      if (batch) batch.push(p);
      else batches.set(key, [p]);
    }
    let made = 0;
    const now = clock.now();
    for (const batch of batches.values()) {
      const first = batch[0] as PendingInvitation;
      made += (
        await invitations.inviteInTx(
          tx,
          manufacturerId,
          batch.map((p) => ({ id: p.contactId, email: p.email })),
          [first.campaignId],
          now,
          {
            kind: 'tagGroup',
            tagGroupId: first.groupId,
            tagGroupTitle: first.groupTitle,
            via: how.via,
            tags: how.tags.filter((t) => first.groupTags.includes(t)),
          },
        )
      ).length;
    }
    return made;
  };

  /**
   * Queues the invitations of a group's own change (linked, or its tags or condition changed) for the
   * contacts named: a tag change of the group's, which the job works 1,000 contacts a transaction, so
   * the call that changed the group holds its locks only as long as it takes to write it.
   */
  const queueGroupAudience = async (
    tx: Tx,
    manufacturerId: string,
    o: { groupId: string; contactIds: string[]; campaignIds?: string[] },
  ) => {
    if (o.contactIds.length === 0) return;
    const row = await insertChange(tx, {
      manufacturerId,
      contactIds: o.contactIds,
      tags: [],
      via: 'group',
      tagGroupId: o.groupId,
      ...(o.campaignIds ? { campaignIds: o.campaignIds } : {}),
      now: clock.now(),
    });
    await jobs.send<TagChangeJob>(TAG_CHANGE_JOB, { changeId: row.id }, { tx });
  };

  /**
   * The tag change job's work: invites the contacts a change put into linked groups, 1,000 contacts a
   * transaction (each slice reads only its own contacts; a slice run again finds nobody left to invite),
   * then marks the change processed.
   */
  const processChange = async (changeId: string, from = 0) => {
    const change = await findChange(db, changeId);
    if (!change || change.processedAt) return;
    const how = { via: change.via, tags: change.tags };
    const stepEnds = Date.now() + tagChangeStepMs;
    for (let i = from; i < change.contactIds.length; i += inviteBatch) {
      const scope: AudienceScope = {
        manufacturerId: change.manufacturerId,
        contactIds: change.contactIds.slice(i, i + inviteBatch),
        // A group's own change invites for that group (and its campaigns); a tag change for the groups
        // holding one of its tags.
        ...(change.tagGroupId
          ? { groupIds: [change.tagGroupId], campaignIds: change.campaignIds ?? undefined }
          : { tags: change.tags }),
      };
      const handedOver = await db.transaction(async (tx) => {
        await invitePending(tx, change.manufacturerId, await pendingInvitations(tx, scope), how);
        const next = i + inviteBatch;
        if (next >= change.contactIds.length || Date.now() < stepEnds) return false;
        // The step's time is up: the rest is a new run, queued with this slice's invitations.
        await jobs.send<TagChangeJob>(TAG_CHANGE_JOB, { changeId, from: next }, { tx });
        return true;
      });
      if (handedOver) return;
    }
    await markChangeProcessed(db, change.id, clock.now());
  };

  /**
   * Takes over changes whose job was lost (a crash) or is held by a process that is gone (its claim
   * expired), a step each (a longer one queues its rest), and prunes old processed ones; then keeps the
   * groups' member counts (folds their deltas, repairs any drift: member-counts.ts).
   */
  const sweep = async () => {
    const now = clock.now();
    const lost = await unprocessedChanges(db, TAG_CHANGE_JOB, 100);
    let finished = 0;
    for (const id of lost) {
      // One change that keeps failing must not hold up the others behind it.
      try {
        await processChange(id);
        finished += 1;
      } catch (err) {
        log.error({ err, change: id }, 'tag change sweep could not finish a change');
      }
    }
    await pruneChanges(db, new Date(now.getTime() - keepChangesMs));
    if (finished > 0) log.info({ changes: finished }, 'tag change sweep finished lost changes');
    return { finished, ...(await counts.keep()) };
  };

  jobs.define<TagChangeJob>(TAG_CHANGE_JOB, (data) => processChange(data.changeId, data.from), {
    retryLimit: 5,
    expireInSeconds: 40,
  });
  // Every minute: a lost change is found within one, and the partial index of unprocessed changes
  // makes an idle sweep one index probe (and the counts' fold one probe of their deltas' index).
  jobs.define(TAG_SWEEP_JOB, () => sweep().then(() => undefined), {
    cron: '* * * * *',
    retryLimit: 0,
  });

  /**
   * The contacts module's hook, in the transaction that tags: records the change and queues its job
   * when some group is linked to a running campaign (with the shared lock held, no link can appear
   * unseen meanwhile).
   */
  const tagsAdded = async (tx: DbOrTx, change: TagsAdded) => {
    await lockAudienceShared(tx, change.manufacturerId);
    if (!(await hasLiveAudience(tx, change.manufacturerId))) return;
    const row = await insertChange(tx, { ...change, now: clock.now() });
    await jobs.send<TagChangeJob>(TAG_CHANGE_JOB, { changeId: row.id }, { tx });
  };

  return { tagsAdded, processChange, sweep, queueGroupAudience };
};
export type AudienceJob = ReturnType<typeof createAudienceJob>;
