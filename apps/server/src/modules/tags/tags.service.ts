import {
  type ContactFilterQuery,
  contactCodes,
  isSegmentMember,
  normalizeTag,
  type TagChangeVia,
  type TagCondition,
  type TagGroup,
  type TagReport,
  tagLimits,
} from '@parley/contract';
import type { Logger } from 'pino';
import type { Db, DbOrTx, Tx } from '../../db/client.js';
import type { JobQueue } from '../../jobs/queue.js';
import type { Clock } from '../../lib/clock.js';
import { AppError, notFound } from '../../lib/errors.js';
import { assertFresh } from '../../lib/fresh.js';
import { pageOffset } from '../../lib/paging.js';
import {
  type AudienceScope,
  audienceCounts,
  countSegment,
  findTagGroupWithCounts,
  hasLiveAudience,
  listSegmentMembers,
  listTagGroups,
  type PendingInvitation,
  participantsOf,
  pendingInvitations,
  pickersOfOption,
  segmentDelta,
  segmentMemberIds,
  type TagGroupWithCounts,
  tagCounts,
} from '../../queries/segments.query.js';
import type { CampaignService } from '../campaigns/index.js';
import { type ContactService, type TagsAdded, toContact } from '../contacts/index.js';
import type { InvitationService } from '../invitations/index.js';
import type { QuestionService } from '../questions/index.js';
import './tags.errors.js';
import {
  deleteGroup,
  findChange,
  findGroup,
  groupsOf,
  insertChange,
  insertGroup,
  isTitleTaken,
  linkCampaigns,
  linkedAmong,
  lockAudience,
  lockAudienceShared,
  lockGroups,
  markChangeProcessed,
  pruneChanges,
  type TagGroupRow,
  unlinkCampaigns,
  unprocessedChanges,
  updateGroup,
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

const toGroup = (r: TagGroupWithCounts): TagGroup => ({
  _id: r.group.id,
  title: r.group.title,
  description: r.group.description,
  condition: r.group.condition,
  tags: r.group.tags,
  memberCount: r.memberCount,
  campaigns: r.campaigns.map((c) => ({ ...c, state: c.state as TagGroup['campaigns'][number]['state'] })),
  createdAt: r.group.createdAt.toISOString(),
  updatedAt: r.group.updatedAt.toISOString(),
});

const titleTaken = (title: string) =>
  new AppError('tag/group-title-taken', `A tag group titled "${title}" exists already.`, 'title');

const uniqueTags = (tags: string[]) => [...new Set(tags.map(normalizeTag))].sort();

/** Thrown to roll a preview's transaction back (D16: the same call, nothing kept). */
class Preview extends Error {}

/** An empty report, filled by each call. */
const emptyReport = (check: boolean): TagReport => ({
  check,
  contacts: 0,
  tagged: 0,
  untagged: 0,
  groups: [],
  invitations: 0,
  campaigns: [],
  problems: [],
});

/**
 * Tags and tag groups (D16, D17; docs/product-decisions.md, "Tags and tag groups"): the contacts'
 * tags (by hand, by answers, by re-applying option and campaign tags), the groups that make segments
 * of them, and the live audiences: a group linked to a running campaign invites its members when
 * linked and whoever joins it later, through a job queued with the tag change and a sweep behind it.
 * Every call that takes `callForCheck` runs the same code in a transaction it rolls back.
 */
export const createTagService = ({
  db,
  clock,
  jobs,
  log,
  campaigns,
  contacts,
  invitations,
  questions,
}: {
  db: Db;
  clock: Clock;
  jobs: Pick<JobQueue, 'define' | 'send'>;
  log: Pick<Logger, 'info' | 'error'>;
  campaigns: Pick<CampaignService, 'row' | 'changeTags' | 'hold'>;
  contacts: Pick<ContactService, 'byIds' | 'lockByIds' | 'editTags' | 'idsMatching'>;
  invitations: Pick<InvitationService, 'inviteInTx' | 'runningCampaigns'>;
  questions: Pick<QuestionService, 'option'>;
}) => {
  /** Runs `fn` in a transaction; with `check` rolls it back and answers what `fn` answered. */
  const run = async <T>(check: boolean, fn: (tx: Tx) => Promise<T>): Promise<T> => {
    if (!check) return db.transaction(fn);
    let result: T | undefined;
    try {
      await db.transaction(async (tx) => {
        result = await fn(tx);
        throw new Preview();
      });
    } catch (err) {
      if (!(err instanceof Preview)) throw err;
    }
    return result as T;
  };

  const withTitleCheck = async <T>(title: string, fn: () => Promise<T>) => {
    try {
      return await fn();
    } catch (err) {
      if (isTitleTaken(err)) throw titleTaken(title);
      throw err;
    }
  };

  const groupOf = async (reader: DbOrTx, manufacturerId: string, id: string) => {
    const row = await findTagGroupWithCounts(reader, manufacturerId, id);
    if (!row) throw notFound('tag group');
    return toGroup(row);
  };

  const lockOwnGroup = async (tx: Tx, manufacturerId: string, id: string) => {
    const [row] = await lockGroups(tx, manufacturerId, [id]);
    if (!row) throw notFound('tag group');
    return row;
  };

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
   * The report's invitation part: per campaign of the live audience in scope, and what keeps people out;
   * and how many people the largest campaign's audience holds (a link's report names them as its contacts).
   */
  const audienceReport = async (
    reader: DbOrTx,
    scope: AudienceScope,
  ): Promise<{ part: Pick<TagReport, 'invitations' | 'campaigns' | 'problems'>; people: number }> => {
    const rows = await audienceCounts(reader, scope);
    const unsubscribed = rows.reduce((n, r) => n + r.unsubscribed, 0);
    const reached = rows.reduce((n, r) => n + r.reached, 0);
    const problems: TagReport['problems'] = [];
    if (unsubscribed > 0) {
      problems.push({
        code: contactCodes.unsubscribed,
        message: 'These people unsubscribed from your invitations and are not invited.',
        count: unsubscribed,
      });
    }
    if (reached > 0) {
      problems.push({
        code: contactCodes.alreadyInvited,
        message: 'These people were invited to or answered the campaign already.',
        count: reached,
      });
    }
    return {
      part: {
        invitations: rows.reduce((n, r) => n + r.pending, 0),
        campaigns: rows.map((r) => ({ _id: r.campaignId, title: r.title, invitations: r.pending })),
        problems,
      },
      people: Math.max(0, ...rows.map((r) => r.pending + r.reached + r.unsubscribed)),
    };
  };

  /**
   * Adds and removes contacts' tags in `tx` and reports (D16): who was tagged and untagged, which groups
   * they join and leave, and the invitations the live-audience job makes for those who gained a tag
   * (the contacts module tells `tagsAdded` below, which queues that job in `tx`).
   */
  const editInTx = async (
    tx: Tx,
    manufacturerId: string,
    o: { contactIds: string[]; add: string[]; remove: string[]; via: TagChangeVia; check: boolean },
  ): Promise<TagReport> => {
    const add = uniqueTags(o.add);
    const remove = uniqueTags(o.remove);
    const groups = await groupsOf(tx, manufacturerId);
    const rows = await contacts.editTags(
      tx,
      manufacturerId,
      o.contactIds,
      { add, remove, via: o.via },
      clock.now(),
    );
    const gained = rows.filter((r) => add.some((t) => !r.oldTags.includes(t)));
    const report = emptyReport(o.check);
    report.contacts = o.contactIds.length;
    report.tagged = gained.length;
    report.untagged = rows.filter((r) => remove.some((t) => r.oldTags.includes(t))).length;
    const sets = rows.map((r) => ({ old: new Set(r.oldTags), now: new Set(r.tags) }));
    for (const g of groups) {
      let joined = 0;
      let left = 0;
      for (const r of sets) {
        const was = isSegmentMember(g, r.old);
        const is = isSegmentMember(g, r.now);
        if (is && !was) joined += 1;
        if (was && !is) left += 1;
      }
      if (joined + left > 0) {
        report.groups.push({
          _id: g.id,
          title: g.title,
          gained: joined,
          lost: left,
          memberCount: await countSegment(tx, manufacturerId, g),
        });
      }
    }
    if (gained.length > 0) {
      const { part } = await audienceReport(tx, {
        manufacturerId,
        contactIds: gained.map((r) => r.id),
        tags: add,
      });
      Object.assign(report, part);
    }
    return report;
  };

  /**
   * A change of one group's definition (tags, condition): members gained and lost, and, for a linked group,
   * the invitations of those who join (queued for the job).
   */
  const changeGroup = async (
    manufacturerId: string,
    id: string,
    check: boolean,
    change: (g: TagGroupRow) => {
      condition?: TagCondition;
      tags?: string[];
      title?: string;
      description?: string;
      updatedAt?: string | undefined;
    },
  ): Promise<TagReport> =>
    run(check, async (tx) => {
      await lockAudience(tx, manufacturerId);
      const g = await lockOwnGroup(tx, manufacturerId, id);
      const next = change(g);
      assertFresh(g.updatedAt, next.updatedAt);
      const after = { condition: next.condition ?? g.condition, tags: next.tags ?? g.tags };
      if (after.tags.length > tagLimits.tagsPerCall) {
        throw new AppError('validation', `A tag group holds at most ${tagLimits.tagsPerCall} tags.`, 'tags');
      }
      const report = emptyReport(check);
      const defined = after.condition !== g.condition || after.tags.join('\n') !== g.tags.join('\n');
      const delta = defined ? await segmentDelta(tx, manufacturerId, g, after) : undefined;
      await updateGroup(tx, g.id, {
        ...(next.title !== undefined ? { title: next.title } : {}),
        ...(next.description !== undefined ? { description: next.description } : {}),
        condition: after.condition,
        tags: after.tags,
        updatedAt: clock.now(),
      });
      if (delta) {
        report.contacts = delta.gained + delta.lost;
        report.groups.push({
          _id: g.id,
          title: next.title ?? g.title,
          gained: delta.gained,
          lost: delta.lost,
          memberCount: delta.members,
        });
        if (delta.gained > 0) {
          // Those who join, and only they: the report counts what the job will do.
          const joined = await segmentMemberIds(tx, manufacturerId, after, g);
          const { part } = await audienceReport(tx, { manufacturerId, groupIds: [g.id], contactIds: joined });
          Object.assign(report, part);
          if (!check && report.invitations > 0) {
            await queueGroupAudience(tx, manufacturerId, { groupId: g.id, contactIds: joined });
          }
        }
      }
      report.group = await groupOf(tx, manufacturerId, g.id);
      return report;
    });

  /** Links groups and campaigns, reports, and (unless checking) invites the new audience at once. */
  const link = async (
    manufacturerId: string,
    groupIds: string[],
    campaignIds: string[],
    check: boolean,
    one?: string,
  ): Promise<TagReport> => {
    const targets = await invitations.runningCampaigns(manufacturerId, campaignIds).catch((err: unknown) => {
      // Linking groups to the campaign of the path: the refusal names no field of the body.
      if (!one && err instanceof AppError && err.code === 'contact/5')
        throw new AppError('contact/5', err.message);
      throw err;
    });
    return run(check, async (tx) => {
      // Lock order (docs/product-decisions.md, "Tags and tag groups"): the campaigns, the audience, the groups.
      await campaigns.hold(
        tx,
        manufacturerId,
        targets.map((c) => c.id),
      );
      await lockAudience(tx, manufacturerId);
      const unique = [...new Set(groupIds)];
      const groups = await lockGroups(tx, manufacturerId, unique);
      if (groups.length !== unique.length) throw notFound('tag group');
      await linkCampaigns(
        tx,
        groups.flatMap((g) => targets.map((c) => ({ tagGroupId: g.id, campaignId: c.id, manufacturerId }))),
        clock.now(),
      );
      const scope = { manufacturerId, groupIds: unique, campaignIds: targets.map((c) => c.id) };
      const { part, people } = await audienceReport(tx, scope);
      const report: TagReport = { ...emptyReport(check), ...part, contacts: people };
      // Every campaign named is in the report, also one nobody new is invited to.
      for (const c of targets) {
        if (!report.campaigns.some((r) => r._id === c.id))
          report.campaigns.push({ _id: c.id, title: c.title, invitations: 0 });
      }
      if (!check && report.invitations > 0) {
        for (const g of groups) {
          await queueGroupAudience(tx, manufacturerId, {
            groupId: g.id,
            contactIds: await segmentMemberIds(tx, manufacturerId, g),
            campaignIds: scope.campaignIds,
          });
        }
      }
      if (one) report.group = await groupOf(tx, manufacturerId, one);
      return report;
    });
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
   * expired), a step each (a longer one queues its rest), and prunes old processed ones.
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
    return { finished };
  };

  jobs.define<TagChangeJob>(TAG_CHANGE_JOB, (data) => processChange(data.changeId, data.from), {
    retryLimit: 5,
    expireInSeconds: 40,
  });
  // Every minute: a lost change is found within one, and the partial index of unprocessed changes
  // makes an idle sweep one index probe.
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

  return {
    tagsAdded,
    processChange,
    sweep,

    groups: async (
      manufacturerId: string,
      q: {
        page: number;
        limit: number;
        search?: string | undefined;
        campaignId?: string | undefined;
        sort: string;
      },
    ) => {
      if (q.campaignId) await campaigns.row(manufacturerId, q.campaignId);
      const { rows, total } = await listTagGroups(db, {
        manufacturerId,
        search: q.search,
        campaignId: q.campaignId,
        sort: q.sort,
        limit: q.limit,
        offset: pageOffset(q),
      });
      return { documents: rows.map(toGroup), total };
    },

    group: (manufacturerId: string, id: string) => groupOf(db, manufacturerId, id),

    members: async (
      manufacturerId: string,
      id: string,
      q: { page: number; limit: number; search?: string | undefined },
    ) => {
      const g = await findGroup(db, manufacturerId, id);
      if (!g) throw notFound('tag group');
      const { rows, total } = await listSegmentMembers(db, {
        manufacturerId,
        condition: g.condition,
        tags: g.tags,
        search: q.search,
        limit: q.limit,
        offset: pageOffset(q),
      });
      return { documents: rows.map((r) => toContact(r.contact, r)), total };
    },

    search: (manufacturerId: string, q: { search?: string | undefined; limit: number }) =>
      tagCounts(db, { manufacturerId, search: q.search, limit: q.limit }),

    /** A new group has no linked campaign yet, so it invites nobody. */
    create: async (
      manufacturerId: string,
      b: { title: string; description: string; condition: TagCondition; tags: string[] },
    ) => {
      const row = await withTitleCheck(b.title, () =>
        insertGroup(db, { manufacturerId, ...b, tags: uniqueTags(b.tags), now: clock.now() }),
      );
      return groupOf(db, manufacturerId, row.id);
    },

    update: (
      manufacturerId: string,
      id: string,
      b: {
        title?: string | undefined;
        description?: string | undefined;
        condition?: TagCondition | undefined;
        updatedAt?: string | undefined;
        callForCheck: boolean;
      },
    ) =>
      withTitleCheck(b.title ?? '', () =>
        changeGroup(manufacturerId, id, b.callForCheck, () => ({
          ...(b.title !== undefined ? { title: b.title } : {}),
          ...(b.description !== undefined ? { description: b.description } : {}),
          ...(b.condition !== undefined ? { condition: b.condition } : {}),
          updatedAt: b.updatedAt,
        })),
      ),

    /** Contacts keep their tags and invitations stay; the links go with the group. */
    remove: (manufacturerId: string, id: string, b: { callForCheck: boolean }) =>
      run(b.callForCheck, async (tx) => {
        const g = await lockOwnGroup(tx, manufacturerId, id);
        const group = await groupOf(tx, manufacturerId, g.id);
        await deleteGroup(tx, g.id);
        return {
          ...emptyReport(b.callForCheck),
          contacts: group.memberCount,
          groups: [{ _id: g.id, title: g.title, gained: 0, lost: group.memberCount, memberCount: 0 }],
          campaigns: group.campaigns.map((c) => ({ _id: c._id, title: c.title, invitations: 0 })),
          group,
        };
      }),

    addTags: (manufacturerId: string, id: string, b: { tags: string[]; callForCheck: boolean }) =>
      changeGroup(manufacturerId, id, b.callForCheck, (g) => ({ tags: uniqueTags([...g.tags, ...b.tags]) })),

    removeTags: (manufacturerId: string, id: string, b: { tags: string[]; callForCheck: boolean }) => {
      const gone = new Set(uniqueTags(b.tags));
      return changeGroup(manufacturerId, id, b.callForCheck, (g) => ({
        tags: g.tags.filter((t) => !gone.has(t)),
      }));
    },

    linkCampaigns: (
      manufacturerId: string,
      id: string,
      b: { campaignIds: string[]; callForCheck: boolean },
    ) => link(manufacturerId, [id], b.campaignIds, b.callForCheck, id),

    linkGroups: (
      manufacturerId: string,
      campaignId: string,
      b: { tagGroupIds: string[]; callForCheck: boolean },
    ) => link(manufacturerId, b.tagGroupIds, [campaignId], b.callForCheck),

    /** D17: the group stops inviting for these campaigns; the invitations made stay. */
    unlinkCampaigns: (
      manufacturerId: string,
      id: string,
      b: { campaignIds: string[]; callForCheck: boolean },
    ) =>
      run(b.callForCheck, async (tx) => {
        const g = await lockOwnGroup(tx, manufacturerId, id);
        const unique = [...new Set(b.campaignIds)];
        const linked = await linkedAmong(tx, g.id, unique);
        if (linked.length !== unique.length) throw notFound('link of this campaign');
        const before = await groupOf(tx, manufacturerId, g.id);
        await unlinkCampaigns(tx, g.id, unique);
        return {
          ...emptyReport(b.callForCheck),
          campaigns: before.campaigns
            .filter((c) => unique.includes(c._id))
            .map((c) => ({ _id: c._id, title: c.title, invitations: 0 })),
          group: await groupOf(tx, manufacturerId, g.id),
        };
      }),

    /** PATCH /tag/edit: the owner's tagging of contacts from the contact book. */
    edit: async (
      manufacturerId: string,
      b: {
        contactIds?: string[] | undefined;
        filter?: ContactFilterQuery | undefined;
        addedTags: string[];
        removedTags: string[];
        callForCheck: boolean;
      },
    ) => {
      // By filter: every contact the contact list's filter matches now (docs/product-decisions.md, "Contacts").
      const ids = b.contactIds
        ? [...new Set(b.contactIds)]
        : await contacts.idsMatching(manufacturerId, b.filter ?? {});
      return run(b.callForCheck, async (tx) => {
        const own = await contacts.byIds(tx, manufacturerId, ids);
        if (b.contactIds && own.length !== ids.length) throw notFound('contact');
        return editInTx(tx, manufacturerId, {
          contactIds: own.map((c) => c.id),
          add: b.addedTags,
          remove: b.removedTags,
          via: 'hand',
          check: b.callForCheck,
        });
      });
    },

    /** D17's preview: what giving `tags` to the option's past pickers would do. Changes nothing. */
    simulate: async (
      manufacturerId: string,
      campaignId: string,
      questionId: string,
      optionId: string,
      tags: string[],
    ) => {
      await questions.option(manufacturerId, campaignId, questionId, optionId);
      return run(true, async (tx) => {
        const pickers = await pickersOfOption(tx, campaignId, optionId);
        if (pickers.length === 0 || tags.length === 0)
          return { ...emptyReport(true), contacts: pickers.length };
        return editInTx(tx, manufacturerId, {
          contactIds: pickers,
          add: tags,
          remove: [],
          via: 'option',
          check: true,
        });
      });
    },

    /** The questions module's re-apply of an option's tags to its past pickers (late-bound, in its transaction). */
    tagPickers: async (
      tx: Tx,
      q: { manufacturerId: string; campaignId: string; optionId: string; tags: string[] },
    ) => {
      const pickers = await pickersOfOption(tx, q.campaignId, q.optionId);
      await contacts.editTags(
        tx,
        q.manufacturerId,
        pickers,
        { add: q.tags, remove: [], via: 'option' },
        clock.now(),
      );
    },

    /** Campaign tags: later participants get them; with applyToPast those who answered already too. */
    addCampaignTags: (
      manufacturerId: string,
      campaignId: string,
      b: { tags: string[]; applyToPast: boolean; callForCheck: boolean },
    ) =>
      run(b.callForCheck, async (tx) => {
        const tags = uniqueTags(b.tags);
        await campaigns.changeTags(tx, manufacturerId, campaignId, { add: tags }, clock.now());
        if (!b.applyToPast) return emptyReport(b.callForCheck);
        const participants = await participantsOf(tx, campaignId);
        return editInTx(tx, manufacturerId, {
          contactIds: participants,
          add: tags,
          remove: [],
          via: 'campaign',
          check: b.callForCheck,
        });
      }),

    /** Later participants do not get these; contacts keep the tags they got. */
    removeCampaignTags: (
      manufacturerId: string,
      campaignId: string,
      b: { tags: string[]; callForCheck: boolean },
    ) =>
      run(b.callForCheck, async (tx) => {
        await campaigns.changeTags(
          tx,
          manufacturerId,
          campaignId,
          { remove: uniqueTags(b.tags) },
          clock.now(),
        );
        return emptyReport(b.callForCheck);
      }),
  };
};
export type TagService = ReturnType<typeof createTagService>;
