import { Text } from '@mantine/core';
import type { Campaign } from '@parley/contract';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { pageCount } from '@/components/paged-table';
import { useTagCheckAndSend } from '@/components/tag-report';
import { refocus } from '@/lib/refocus';
import { taggedContactKeys } from '@/lib/tags';
import {
  type LinkGroupsInput,
  linkedGroupsPageSize,
  linkTagGroups,
  type UnlinkGroupInput,
  unlinkTagGroup,
  useLinkedTagGroups,
} from '../api/campaign-tag-groups';

/**
 * The campaign's linked tag groups, a page at a time, and linking and unlinking them, each through
 * D16's check with its report.
 */
export const useCampaignTagGroups = (campaign: Campaign) => {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const linked = useLinkedTagGroups(campaign._id, page);
  const [linking, setLinking] = useState(false);
  const linkButton = useRef<HTMLButtonElement>(null);
  const running = campaign.state === 'running';
  const total = linked.data?.total ?? 0;
  // Unlinking the last group of the last page: the page before it.
  const pages = pageCount(total, linkedGroupsPageSize);
  useEffect(() => {
    if (linked.data && page > pages) setPage(pages);
  }, [linked.data, page, pages]);

  const link = useTagCheckAndSend<LinkGroupsInput & { titles: string[] }>({
    call: async ({ titles: _titles, ...input }) => {
      const report = await linkTagGroups(input);
      if (input.callForCheck) setLinking(false);
      return report;
    },
    title: (input) => t('campaigns.tagGroups.confirmLinkTitle', { count: input.tagGroupIds.length }),
    confirmLabel: t('campaigns.tagGroups.confirmLink'),
    intro: (input) => (
      <Text fz="sm">
        {t('campaigns.tagGroups.linkText', {
          count: input.titles.length,
          groups: input.titles.map((title) => `“${title}”`).join(', '),
        })}
      </Text>
    ),
    doneTitle: () => t('campaigns.tagGroups.linkedTitle'),
    failedTitle: t('campaigns.tagGroups.linkFailed'),
    // The members are invited: their contact pages and the campaign's participants change.
    invalidate: taggedContactKeys,
    onExited: () => refocus(linkButton),
  });

  const unlink = useTagCheckAndSend<UnlinkGroupInput>({
    call: unlinkTagGroup,
    title: (input) => t('campaigns.tagGroups.confirmUnlinkTitle', { title: input.groupTitle }),
    confirmLabel: t('campaigns.tagGroups.confirmUnlink'),
    intro: () => <Text fz="sm">{t('campaigns.tagGroups.unlinkText')}</Text>,
    danger: true,
    doneTitle: () => t('campaigns.tagGroups.unlinkedTitle'),
    failedTitle: t('campaigns.tagGroups.unlinkFailed'),
    invalidate: taggedContactKeys,
    onExited: () => refocus(linkButton),
  });

  return { page, setPage, linked, total, linking, setLinking, linkButton, running, link, unlink };
};
