import { api, type TagReport } from '@parley/contract';
import { call } from '@/lib/api-client';
import type { CheckInput } from './tag-group-query-keys';

export type GroupCampaignsInput = { id: string; campaignIds: string[] };

/** POST /tag/tag-group/:id/campaign: the members are invited to the running campaigns now and as they join. */
export const linkGroupCampaigns = ({
  id,
  campaignIds,
  callForCheck,
}: GroupCampaignsInput & CheckInput): Promise<TagReport> =>
  call(api.tags.linkCampaigns, { params: { id }, body: { campaignIds, callForCheck } });
