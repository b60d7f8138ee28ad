import { api, type TagReport } from '@parley/contract';
import { call } from '@/lib/api-client';

type CheckInput = { /** D16: only say what it would do. */ callForCheck: boolean };

export type AddCampaignTagsInput = {
  campaignId: string;
  tags: string[];
  /** Those who answered already get the tags too. */
  applyToPast: boolean;
};

/** POST /tag/campaign/:id: every participant gets the campaign's tags (with `applyToPast`, past ones too). */
export const addCampaignTags = ({
  campaignId,
  tags,
  applyToPast,
  callForCheck,
}: AddCampaignTagsInput & CheckInput): Promise<TagReport> =>
  call(api.tags.addCampaignTags, { params: { id: campaignId }, body: { tags, applyToPast, callForCheck } });

export type RemoveCampaignTagsInput = { campaignId: string; tags: string[] };

/** DELETE /tag/campaign/:id: later participants do not get them; contacts keep the tags they got. */
export const removeCampaignTags = ({
  campaignId,
  tags,
  callForCheck,
}: RemoveCampaignTagsInput & CheckInput): Promise<TagReport> =>
  call(api.tags.removeCampaignTags, { params: { id: campaignId }, body: { tags, callForCheck } });
