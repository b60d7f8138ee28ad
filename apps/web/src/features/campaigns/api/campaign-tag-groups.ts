import { api, type TagReport } from '@parley/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '@/lib/api-client';
import { tagQueryKeys } from '@/lib/tags';

/** The most groups one campaign lists or one search offers (the route's largest page). */
export const campaignGroupsLimit = 100;

/** Under 'tags', so the tag flow's refresh after any tag call reads them again. */
export const campaignTagGroupKeys = {
  linked: (campaignId: string) => [...tagQueryKeys.all, 'campaign-groups', campaignId] as const,
  choices: (search: string) => [...tagQueryKeys.all, 'group-choices', search] as const,
};

/** GET /tag/tag-group?campaignId=…: the groups linked to this campaign, with their members now. */
export const linkedTagGroupsQueryOptions = (campaignId: string) =>
  queryOptions({
    queryKey: campaignTagGroupKeys.linked(campaignId),
    queryFn: ({ signal }) =>
      call(api.tags.groups, { query: { campaignId, limit: campaignGroupsLimit } }, { signal }),
    // The section says it could not be loaded.
    meta: { errorNotification: false },
  });

export const useLinkedTagGroups = (campaignId: string) => useQuery(linkedTagGroupsQueryOptions(campaignId));

/** GET /tag/tag-group?search=…: the groups the owner may link, searched on the server. */
export const useTagGroupChoices = (search: string, enabled: boolean) =>
  useQuery({
    queryKey: campaignTagGroupKeys.choices(search),
    queryFn: ({ signal }) =>
      call(
        api.tags.groups,
        { query: { limit: campaignGroupsLimit, ...(search ? { search } : {}) } },
        { signal },
      ),
    placeholderData: keepPreviousData,
    enabled,
  });

type CheckInput = { /** D16: only say what it would do. */ callForCheck: boolean };

export type LinkGroupsInput = { campaignId: string; tagGroupIds: string[] };

/** POST /tag/tag-groups/:campaignId/campaign: the groups' members are invited now and whenever someone joins. */
export const linkTagGroups = ({
  campaignId,
  tagGroupIds,
  callForCheck,
}: LinkGroupsInput & CheckInput): Promise<TagReport> =>
  call(api.tags.linkGroups, { params: { id: campaignId }, body: { tagGroupIds, callForCheck } });

export type UnlinkGroupInput = { campaignId: string; groupId: string; groupTitle: string };

/** DELETE /tag/tag-group/:groupId/campaign: the group invites nobody more; the invitations made stay. */
export const unlinkTagGroup = ({
  campaignId,
  groupId,
  callForCheck,
}: UnlinkGroupInput & CheckInput): Promise<TagReport> =>
  call(api.tags.unlinkCampaigns, {
    params: { id: groupId },
    body: { campaignIds: [campaignId], callForCheck },
  });
