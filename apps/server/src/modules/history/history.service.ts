import type { Product } from '@parley/contract';
import type { Db, DbOrTx } from '../../db/client.js';
import { pageOffset } from '../../lib/paging.js';
import {
  addHistoryEntry,
  listHistory,
  markHistorySeen,
  markSubjectSeen,
  type NewHistoryEntry,
  type SubjectType,
} from './history.repository.js';

/** Who is reading: the owner and their manufacturer (the tenant). */
type Reader = { manufacturerId: string; ownerId: string };

/**
 * The owner's history (D20): entries of their manufacturer, each new until this owner has seen it.
 * `notify`, when given, queues the owners' mails of an entry in the entry's transaction (or holds
 * them for the hour's digest past the ceiling: docs/product-decisions.md, "Owner mails").
 */
export const createHistoryService = ({
  db,
  notify,
}: {
  db: Db;
  notify?: (tx: DbOrTx, entry: NewHistoryEntry, entryId: string) => Promise<void>;
}) => ({
  list: (reader: Reader, q: { product: Product; page: number; limit: number }) =>
    listHistory(db, { ...reader, product: q.product, limit: q.limit, offset: pageOffset(q) }),
  seen: (reader: Reader, ids: string[]) => markHistorySeen(db, { ...reader, ids }),
  /** Opening something (a campaign, a ticket) is reading its entries. */
  subjectOpened: (reader: Reader, subjectType: SubjectType, subjectId: string) =>
    markSubjectSeen(db, { ...reader, subjectType, subjectId }),
  /** Other modules write an entry in the transaction of what happened. */
  add: async (tx: DbOrTx, entry: NewHistoryEntry) => {
    const row = await addHistoryEntry(tx, entry);
    if (notify && row) await notify(tx, entry, row.id);
    return row;
  },
});
export type HistoryService = ReturnType<typeof createHistoryService>;
