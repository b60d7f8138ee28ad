import { contactCodes, type TagReport } from '@parley/contract';
import type { DbOrTx } from '../../db/client.js';
import { type AudienceScope, audienceCounts } from '../../queries/live-audience.query.js';

/**
 * The report's invitation part: per campaign of the live audience in scope, and what keeps people out;
 * and how many people the largest campaign's audience holds (a link's report names them as its contacts).
 */
export const audienceReport = async (
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
