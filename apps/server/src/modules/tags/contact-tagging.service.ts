import {
  type ContactFilterQuery,
  isSegmentMember,
  type TagChangeVia,
  type TagReport,
} from '@parley/contract';
import type { DbOrTx, Tx } from '../../db/client.js';
import type { Clock } from '../../lib/clock.js';
import { notFound } from '../../lib/errors.js';
import { pickersOfOption } from '../../queries/segments.query.js';
import type { ContactService } from '../contacts/index.js';
import type { QuestionService } from '../questions/index.js';
import { audienceReport } from './audience-report.js';
import { groupsOf, keptCounts } from './tags.repository.js';
import { emptyReport, type RunChecked, uniqueTags } from './tags.shared.js';

/**
 * Tagging contacts (D16): the owner's edit from the contact book (by ids or by the list's filter), the
 * preview of re-applying an option's tags (simulate) and the re-apply itself. Every tag goes through
 * the contacts service's `editTags`, which tells the live audience of gained tags in the same
 * transaction; the report says who joins and leaves which group and what the job will invite.
 */
export const createContactTagging = ({
  clock,
  run,
  contacts,
  questions,
}: {
  clock: Clock;
  run: RunChecked;
  contacts: Pick<ContactService, 'byIds' | 'editTags' | 'idsMatching'>;
  questions: Pick<QuestionService, 'option'>;
}) => {
  /**
   * Adds and removes contacts' tags in `tx` and reports (D16): who was tagged and untagged, which groups
   * they join and leave, and the invitations the live-audience job makes for those who gained a tag
   * (the contacts module tells `tagsAdded`, which queues that job in `tx`).
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
        report.groups.push({ _id: g.id, title: g.title, gained: joined, lost: left, memberCount: 0 });
      }
    }
    // The counts after the change, as kept: the trigger on contacts wrote this change's deltas in `tx`.
    const kept = await keptCounts(
      tx,
      report.groups.map((g) => g._id),
    );
    for (const g of report.groups) g.memberCount = kept.get(g._id) ?? 0;
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

  return {
    editInTx,

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

    /** An option's tags re-applied to its past pickers (`option.tags-to-past-pickers`, in the questions change's transaction). */
    tagPickers: async (
      tx: DbOrTx,
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
  };
};
export type ContactTagging = ReturnType<typeof createContactTagging>;
