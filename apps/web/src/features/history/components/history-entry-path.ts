import type { HistoryEntry } from '@parley/contract';
import { paths } from '@/config/paths';

/** D20: each entry links to its subject; a campaign ticket needs its campaign from `data`. */
export const historyEntryPath = (entry: HistoryEntry): string | null => {
  const { subject, data } = entry;
  switch (subject.type) {
    case 'campaign':
      return paths.campaign(subject._id);
    case 'campaignTicket':
      return typeof data.campaignId === 'string' ? paths.campaignTicket(data.campaignId, subject._id) : null;
    case 'postTicket':
      return paths.ticket(subject._id);
    case 'contactRequest':
      return paths.contactRequests;
  }
};
