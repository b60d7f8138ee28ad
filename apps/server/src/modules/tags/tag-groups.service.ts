import { type TagCondition, type TagReport, tagLimits } from '@parley/contract';
import type { Db } from '../../db/client.js';
import type { Clock } from '../../lib/clock.js';
import { AppError, notFound } from '../../lib/errors.js';
import { assertFresh } from '../../lib/fresh.js';
import { decodeCursor, nextCursor, pageOffset } from '../../lib/paging.js';
import {
  countSegment,
  listSegmentMembers,
  listTagGroups,
  membersSort,
  segmentDelta,
  segmentMemberIds,
  tagCounts,
} from '../../queries/segments.query.js';
import type { CampaignService } from '../campaigns/index.js';
import { toContact } from '../contacts/index.js';
import type { InvitationService } from '../invitations/index.js';
import type { AudienceJob } from './audience-job.js';
import { audienceReport } from './audience-report.js';
import {
  deleteGroup,
  dropMemberDeltas,
  findGroupCounted,
  insertGroup,
  linkCampaigns,
  linkedAmong,
  lockAudience,
  lockGroups,
  type TagGroupRow,
  unlinkCampaigns,
  updateGroup,
} from './tags.repository.js';
import {
  emptyReport,
  groupOf,
  lockOwnGroup,
  type RunChecked,
  toGroup,
  uniqueTags,
  withTitleCheck,
} from './tags.shared.js';

/**
 * Tag groups (D17; docs/product-decisions.md, "Tags and tag groups"): the segments, their members and
 * the tags in use; a group's definition (title, tags, condition), its links to running campaigns, and
 * for a linked group the invitations of those who join (queued for the live audience's job).
 */
export const createTagGroups = ({
  db,
  clock,
  run,
  audience,
  campaigns,
  invitations,
}: {
  db: Db;
  clock: Clock;
  run: RunChecked;
  audience: Pick<AudienceJob, 'queueGroupAudience'>;
  campaigns: Pick<CampaignService, 'row' | 'hold'>;
  invitations: Pick<InvitationService, 'runningCampaigns'>;
}) => {
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
        // The new definition's count, counted with the audience lock held exclusively: no tag change is
        // in flight, so it replaces the kept count and its deltas exactly.
        ...(delta ? { memberCount: delta.members, countedAt: clock.now() } : {}),
        updatedAt: clock.now(),
      });
      if (delta) await dropMemberDeltas(tx, g.id);
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
            await audience.queueGroupAudience(tx, manufacturerId, { groupId: g.id, contactIds: joined });
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
          await audience.queueGroupAudience(tx, manufacturerId, {
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

  return {
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

    /**
     * A page of the group's members, newest first, by page or after a cursor (keyset: no row repeated or
     * skipped while contacts are added); the total is the group's kept count unless a search narrows it.
     */
    members: async (
      manufacturerId: string,
      id: string,
      q: { page: number; limit: number; search?: string | undefined; after?: string | undefined },
    ) => {
      const after = q.after ? decodeCursor(q.after, membersSort) : undefined;
      const found = await findGroupCounted(db, manufacturerId, id);
      if (!found) throw notFound('tag group');
      const { group: g, memberCount } = found;
      const { rows, total } = await listSegmentMembers(db, {
        manufacturerId,
        condition: g.condition,
        tags: g.tags,
        search: q.search,
        limit: q.limit,
        offset: pageOffset(q),
        after,
        total: q.search ? undefined : memberCount,
      });
      return {
        documents: rows.map((r) => toContact(r.contact, r)),
        total,
        ...nextCursor(rows, q.limit, membersSort, (r) => ({ key: r.key, id: r.contact.id })),
      };
    },

    search: (manufacturerId: string, q: { search?: string | undefined; limit: number }) =>
      tagCounts(db, { manufacturerId, search: q.search, limit: q.limit }),

    /**
     * A new group has no linked campaign yet, so it invites nobody. Its members are counted with the
     * audience lock held exclusively, so no tag change is in flight that the count would miss and that
     * would not see the group either (docs/architecture.md, "Tags and live audiences").
     */
    create: async (
      manufacturerId: string,
      b: { title: string; description: string; condition: TagCondition; tags: string[] },
    ) => {
      const tags = uniqueTags(b.tags);
      const row = await withTitleCheck(b.title, () =>
        db.transaction(async (tx) => {
          await lockAudience(tx, manufacturerId);
          const memberCount = await countSegment(tx, manufacturerId, { condition: b.condition, tags });
          return insertGroup(tx, { manufacturerId, ...b, tags, memberCount, now: clock.now() });
        }),
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
        // Its count's deltas (one written by a tag change still in flight is dropped by the sweep).
        await dropMemberDeltas(tx, g.id);
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
  };
};
export type TagGroups = ReturnType<typeof createTagGroups>;
