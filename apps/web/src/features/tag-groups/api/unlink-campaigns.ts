import { api, type TagReport } from '@parley/contract';
import { call } from '@/lib/api-client';
import type { GroupCampaignsInput } from './link-campaigns';
import type { CheckInput } from './tag-group-query-keys';

/** DELETE /tag/tag-group/:id/campaign: the group invites nobody more to them; the invitations made stay. */
export const unlinkGroupCampaigns = ({
  id,
  campaignIds,
  callForCheck,
}: GroupCampaignsInput & CheckInput): Promise<TagReport> =>
  call(api.tags.unlinkCampaigns, { params: { id }, body: { campaignIds, callForCheck } });
