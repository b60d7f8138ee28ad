import type { HistoryEntry } from '@parley/contract';
import type { historyEntries } from './history.tables.js';

export const toHistoryEntry = (
  entry: typeof historyEntries.$inferSelect,
  seenAt: Date | null,
): HistoryEntry => ({
  _id: entry.id,
  product: entry.product,
  kind: entry.kind,
  subject: { type: entry.subjectType, _id: entry.subjectId, title: entry.subjectTitle },
  data: entry.data,
  isNewHistory: seenAt === null,
  createdAt: entry.createdAt.toISOString(),
});
