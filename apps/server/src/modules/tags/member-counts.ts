import type { Logger } from 'pino';
import type { Db } from '../../db/client.js';
import type { Clock } from '../../lib/clock.js';
import { countedAndKept } from '../../queries/segments.query.js';
import {
  dropOrphanDeltas,
  foldMemberDeltas,
  groupsDueForCount,
  insertMemberDelta,
  lockAudienceShared,
  markCounted,
} from './tags.repository.js';

/** Groups one fold statement takes; the sweep folds until none is left (or its time is up). */
const foldBatch = 500;
/** How long a group's kept count goes unchecked by a full count before the sweep's repair counts it. */
export const recountAfterMs = 60 * 60_000;
/** Groups the repair checks in one sweep at most, and the time after which it starts no further count. */
const recountBatch = 20;
const recountStepMs = 5_000;

/**
 * Tag groups' member counts kept instead of counted on every read (docs/architecture.md, "Tags and live
 * audiences"). The trigger on contacts writes a delta row per group and statement in the transaction of
 * the change; this part is the sweep's share: it folds those rows into `tag_groups.member_count`, drops
 * those of groups that are gone, and repairs any drift by counting the groups least recently counted
 * (a count must never stay wrong, whatever wrote to contacts without the trigger: a data-only restore
 * with triggers off, a replica's apply).
 */
export const createMemberCounts = ({
  db,
  clock,
  log,
}: {
  db: Db;
  clock: Clock;
  log: Pick<Logger, 'info' | 'warn'>;
}) => {
  /** Folds every group's deltas into its row, `foldBatch` groups a statement. */
  const fold = async (ends: number) => {
    let folded = 0;
    for (;;) {
      const n = await foldMemberDeltas(db, foldBatch);
      folded += n;
      if (n < foldBatch || Date.now() > ends) break;
    }
    await dropOrphanDeltas(db);
    return folded;
  };

  /**
   * Counts one group and compares with its kept count, in one statement (one snapshot: a tag change
   * committed on either side of it is in both or in neither), holding the audience lock shared so its
   * definition cannot change meanwhile; a difference is written as one more delta. Answers the difference.
   */
  const recount = (group: { id: string; manufacturerId: string; condition: 'and' | 'or'; tags: string[] }) =>
    db.transaction(async (tx) => {
      await lockAudienceShared(tx, group.manufacturerId);
      const { counted, kept } = await countedAndKept(tx, group.manufacturerId, group.id, group);
      if (kept === undefined) return 0;
      const drift = counted - kept;
      if (drift !== 0) {
        await insertMemberDelta(tx, {
          manufacturerId: group.manufacturerId,
          tagGroupId: group.id,
          delta: drift,
        });
      }
      await markCounted(tx, group.id, clock.now());
      return drift;
    });

  /** The repair: the groups least recently counted, counted again, until `recountStepMs` is used. */
  const repair = async () => {
    const ends = Date.now() + recountStepMs;
    const due = await groupsDueForCount(db, new Date(clock.now().getTime() - recountAfterMs), recountBatch);
    let checked = 0;
    let repaired = 0;
    for (const g of due) {
      if (Date.now() > ends) break;
      const drift = await recount(g);
      checked += 1;
      if (drift !== 0) {
        repaired += 1;
        log.warn({ group: g.id, drift }, 'tag group member count had drifted; repaired');
      }
    }
    return { checked, repaired };
  };

  /** The sweep's part: fold, then repair. */
  const keep = async () => {
    const folded = await fold(Date.now() + recountStepMs);
    return { folded, ...(await repair()) };
  };

  return { keep, recount };
};
export type MemberCounts = ReturnType<typeof createMemberCounts>;
