import { api, type TagReport } from '@parley/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '@/lib/api-client';
import { tagQueryKeys } from '@/lib/tags';

/** The linked groups a page of the campaign's section shows. */
export const linkedGroupsPageSize = 20;

/** The most groups one search offers to link (the route's largest page); a search narrows them. */
const choicesLimit = 100;

/** Under 'tags', so the tag flow's refresh after any tag call reads them again. */
export const campaignTagGroupKeys = {
  linkedPage: (campaignId: string, page: number) =>
    [...tagQueryKeys.all, 'campaign-groups', campaignId, page] as const,
  choices: (search: string) => [...tagQueryKeys.all, 'group-choices', search] as const,
};

/** GET /tag/tag-group?campaignId=…: a page of the groups linked to this campaign, with their members now. */
export const linkedTagGroupsQueryOptions = (campaignId: string, page: number) =>
  queryOptions({
    queryKey: campaignTagGroupKeys.linkedPage(campaignId, page),
    queryFn: ({ signal }) =>
      call(api.tags.groups, { query: { campaignId, page, limit: linkedGroupsPageSize } }, { signal }),
    placeholderData: keepPreviousData,
    // The section says it could not be loaded.
    meta: { errorNotification: false },
  });

export const useLinkedTagGroups = (campaignId: string, page: number) =>
  useQuery(linkedTagGroupsQueryOptions(campaignId, page));

/** GET /tag/tag-group?search=…: the groups the owner may link, searched on the server. */
export const useTagGroupChoices = (search: string, enabled: boolean) =>
  useQuery({
    queryKey: campaignTagGroupKeys.choices(search),
    queryFn: ({ signal }) =>
      call(api.tags.groups, { query: { limit: choicesLimit, ...(search ? { search } : {}) } }, { signal }),
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
