import { normalizeTag, type TagGroup, type TagReport } from '@parley/contract';
import type { Db, DbOrTx, Tx } from '../../db/client.js';
import { AppError, notFound } from '../../lib/errors.js';
import { findTagGroupWithCounts, type TagGroupWithCounts } from '../../queries/segments.query.js';
import { isTitleTaken, lockGroups } from './tags.repository.js';

/** What the tags module's use cases share: the report, the preview's transaction, a group as the API shows it. */

export const toGroup = (r: TagGroupWithCounts): TagGroup => ({
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

/** Runs `fn`, answering a taken title (the unique index's refusal) as `tag/group-title-taken`. */
export const withTitleCheck = async <T>(title: string, fn: () => Promise<T>) => {
  try {
    return await fn();
  } catch (err) {
    if (isTitleTaken(err)) throw titleTaken(title);
    throw err;
  }
};

export const uniqueTags = (tags: string[]) => [...new Set(tags.map(normalizeTag))].sort();

/** Thrown to roll a preview's transaction back (D16: the same call, nothing kept). */
class Preview extends Error {}

/** An empty report, filled by each call. */
export const emptyReport = (check: boolean): TagReport => ({
  check,
  contacts: 0,
  tagged: 0,
  untagged: 0,
  groups: [],
  invitations: 0,
  campaigns: [],
  problems: [],
});

/** Runs `fn` in a transaction; with `check` rolls it back and answers what `fn` answered. */
export type RunChecked = <T>(check: boolean, fn: (tx: Tx) => Promise<T>) => Promise<T>;

export const checkedRunner =
  (db: Db): RunChecked =>
  async <T>(check: boolean, fn: (tx: Tx) => Promise<T>): Promise<T> => {
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

/** A group of the manufacturer as the API shows it (its member count, its linked campaigns); 404 otherwise. */
export const groupOf = async (reader: DbOrTx, manufacturerId: string, id: string) => {
  const row = await findTagGroupWithCounts(reader, manufacturerId, id);
  if (!row) throw notFound('tag group');
  return toGroup(row);
};

/** The manufacturer's group, locked for the caller's transaction; 404 otherwise. */
export const lockOwnGroup = async (tx: Tx, manufacturerId: string, id: string) => {
  const [row] = await lockGroups(tx, manufacturerId, [id]);
  if (!row) throw notFound('tag group');
  return row;
};
