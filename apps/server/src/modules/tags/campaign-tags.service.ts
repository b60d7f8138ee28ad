import type { Clock } from '../../lib/clock.js';
import { participantsOf } from '../../queries/segments.query.js';
import type { CampaignService } from '../campaigns/index.js';
import type { ContactTagging } from './contact-tagging.service.js';
import { emptyReport, type RunChecked, uniqueTags } from './tags.shared.js';

/**
 * Campaign tags (D17): the tags a campaign gives its participants with their answer; on request also to
 * those who answered already (through the contact tagging's edit, with its report and live audience).
 */
export const createCampaignTags = ({
  clock,
  run,
  campaigns,
  tagging,
}: {
  clock: Clock;
  run: RunChecked;
  campaigns: Pick<CampaignService, 'changeTags'>;
  tagging: Pick<ContactTagging, 'editInTx'>;
}) => ({
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
      return tagging.editInTx(tx, manufacturerId, {
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
      await campaigns.changeTags(tx, manufacturerId, campaignId, { remove: uniqueTags(b.tags) }, clock.now());
      return emptyReport(b.callForCheck);
    }),
});
