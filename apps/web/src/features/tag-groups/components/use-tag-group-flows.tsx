import { Text } from '@mantine/core';
import type { TagReport } from '@parley/contract';
import type { QueryKey } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useTagCheckAndSend } from '@/components/tag-report';
import { taggedContactKeys } from '@/lib/tags';
import { addGroupTags, type GroupTagsInput } from '../api/add-tags';
import { type DeleteTagGroupInput, deleteTagGroup } from '../api/delete-tag-group';
import { type GroupCampaignsInput, linkGroupCampaigns } from '../api/link-campaigns';
import { removeGroupTags } from '../api/remove-tags';
import { unlinkGroupCampaigns } from '../api/unlink-campaigns';
import { type UpdateTagGroupInput, updateTagGroup } from '../api/update-tag-group';

/** What a call that may invite changes besides the tag queries: the contacts and the participants. */
const invitationKeys: readonly QueryKey[] = taggedContactKeys;

type Done = { onDone?: (report: TagReport) => void; onExited?: () => void };

/** Deleting a group, checked first: its members keep their tags and their invitations. */
export const useDeleteTagGroupFlow = ({ onDone, onExited }: Done = {}) => {
  const { t } = useTranslation();
  return useTagCheckAndSend<DeleteTagGroupInput>({
    call: deleteTagGroup,
    title: (g) => t('tagGroups.delete.title', { title: g.title }),
    intro: () => <Text>{t('tagGroups.delete.text')}</Text>,
    confirmLabel: t('tagGroups.delete.confirm'),
    danger: true,
    doneTitle: (g) => t('tagGroups.delete.doneTitle', { title: g.title }),
    failedTitle: t('tagGroups.delete.failed'),
    onDone: (report) => onDone?.(report),
    onExited,
  });
};

/** Adding tags to a group's condition, checked first (who joins or leaves, who is invited). */
export const useAddTagsFlow = ({ onDone, onExited }: Done = {}) => {
  const { t } = useTranslation();
  return useTagCheckAndSend<GroupTagsInput>({
    call: addGroupTags,
    title: (i) => t('tagGroups.tags.addTitle', { count: i.tags.length, tags: i.tags.join(', ') }),
    confirmLabel: t('tagGroups.tags.addConfirm'),
    doneTitle: () => t('tagGroups.tags.addedTitle'),
    failedTitle: t('tagGroups.tags.addFailed'),
    invalidate: invitationKeys,
    onDone: (report) => onDone?.(report),
    onExited,
  });
};

/** Taking a tag out of a group's condition, checked first. */
export const useRemoveTagsFlow = ({ onDone, onExited }: Done = {}) => {
  const { t } = useTranslation();
  return useTagCheckAndSend<GroupTagsInput>({
    call: removeGroupTags,
    title: (i) => t('tagGroups.tags.removeTitle', { count: i.tags.length, tags: i.tags.join(', ') }),
    confirmLabel: t('tagGroups.tags.removeConfirm'),
    danger: true,
    doneTitle: () => t('tagGroups.tags.removedTitle'),
    failedTitle: t('tagGroups.tags.removeFailed'),
    invalidate: invitationKeys,
    onDone: (report) => onDone?.(report),
    onExited,
  });
};

/** Linking running campaigns, checked first: the members are invited now and as they join. */
export const useLinkCampaignsFlow = ({ onDone, onExited }: Done = {}) => {
  const { t } = useTranslation();
  return useTagCheckAndSend<GroupCampaignsInput>({
    call: linkGroupCampaigns,
    title: (i) => t('tagGroups.campaigns.linkTitle', { count: i.campaignIds.length }),
    intro: () => <Text>{t('tagGroups.campaigns.linkText')}</Text>,
    confirmLabel: t('tagGroups.campaigns.linkConfirm'),
    doneTitle: () => t('tagGroups.campaigns.linkedTitle'),
    failedTitle: t('tagGroups.campaigns.linkFailed'),
    invalidate: invitationKeys,
    onDone: (report) => onDone?.(report),
    onExited,
  });
};

/** Unlinking a campaign, checked first: nobody more is invited to it; the invitations made stay. */
export const useUnlinkCampaignsFlow = ({ onDone, onExited }: Done = {}) => {
  const { t } = useTranslation();
  return useTagCheckAndSend<GroupCampaignsInput & { campaignTitle: string }>({
    call: ({ campaignTitle: _title, ...input }) => unlinkGroupCampaigns(input),
    title: (i) => t('tagGroups.campaigns.unlinkTitle', { title: i.campaignTitle }),
    intro: () => <Text>{t('tagGroups.campaigns.unlinkText')}</Text>,
    confirmLabel: t('tagGroups.campaigns.unlinkConfirm'),
    danger: true,
    doneTitle: (i) => t('tagGroups.campaigns.unlinkedTitle', { title: i.campaignTitle }),
    failedTitle: t('tagGroups.campaigns.unlinkFailed'),
    invalidate: invitationKeys,
    onDone: (report) => onDone?.(report),
    onExited,
  });
};

/** A new condition (and whatever else changed with it), checked first: who joins or leaves. */
export const useUpdateConditionFlow = ({ onDone, onExited }: Done = {}) => {
  const { t } = useTranslation();
  return useTagCheckAndSend<UpdateTagGroupInput>({
    call: updateTagGroup,
    title: (i) =>
      t('tagGroups.settings.conditionTitle', {
        condition: t(i.condition === 'or' ? 'tagGroups.condition.or' : 'tagGroups.condition.and'),
      }),
    confirmLabel: t('tagGroups.settings.conditionConfirm'),
    doneTitle: () => t('tagGroups.settings.savedTitle'),
    failedTitle: t('tagGroups.settings.saveFailed'),
    invalidate: invitationKeys,
    onDone: (report) => onDone?.(report),
    onExited,
  });
};
