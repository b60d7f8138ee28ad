import { Alert, Badge, Group, Stack, Text, Title } from '@mantine/core';
import type { Campaign } from '@parley/contract';
import { IconUsersGroup } from '@tabler/icons-react';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { BackLink } from '@/components/record-page';
import { paths } from '@/config/paths';
import { useMeSmall } from '@/lib/current-owner';
import { usePageTitle } from '@/lib/page-title';
import { CampaignActions } from './campaign-actions';
import { wantsCampaignHeadingFocus } from './campaign-heading-focus';
import { CampaignProgress } from './campaign-progress';
import { CampaignStateBadge } from './campaign-state-badge';

/** The campaign page's title block: state, counts and the lifecycle actions. */
export const CampaignHeader = ({ campaign, onPreview }: { campaign: Campaign; onPreview: () => void }) => {
  const { t } = useTranslation();
  usePageTitle(campaign.title);
  const { data: owner } = useMeSmall();
  // D8: the plan's answerLimitation caps tickets per campaign (partners have none); once reached,
  // new participants are told the survey is full, so the owner should know it too.
  const limit = owner && !owner.manufacturer.isPartner ? owner.manufacturer.answerLimitation : null;
  const full = limit !== null && campaign.ticketCount >= limit && campaign.state !== 'archived';
  const heading = useRef<HTMLHeadingElement>(null);
  const focusHeading = () => heading.current?.focus();
  const location = useLocation();
  // Arrived from "Create campaign" or "Copy": the new campaign's title is where the person is now.
  const arrivedNew = wantsCampaignHeadingFocus(location.state);
  // biome-ignore lint/correctness/useExhaustiveDependencies: once per arrival (location.key), not on every render
  useEffect(() => {
    if (arrivedNew) heading.current?.focus();
  }, [location.key]);
  return (
    <Stack gap="sm" mb="md">
      <BackLink to={paths.campaigns}>{t('campaigns.page.back')}</BackLink>
      <Group justify="space-between" align="flex-start" gap="md">
        <Stack gap={6} style={{ minWidth: 0 }}>
          <Title ref={heading} tabIndex={-1} order={1} size="h2" style={{ overflowWrap: 'anywhere' }}>
            {campaign.title}
          </Title>
          <Group gap="sm">
            <CampaignStateBadge state={campaign.state} />
            {campaign.state === 'archived' && campaign.archivedFrom ? (
              <Text fz="sm" c="dimmed">
                {t('campaigns.page.archivedFrom', { state: t(`campaigns.state.${campaign.archivedFrom}`) })}
              </Text>
            ) : null}
            <Badge variant="outline" color="gray">
              {t('campaigns.page.questionCount', { count: campaign.questionCount })}
            </Badge>
            <CampaignProgress ticketCount={campaign.ticketCount} endCondition={campaign.endCondition} />
          </Group>
        </Stack>
        <CampaignActions campaign={campaign} onPreview={onPreview} onStateChanged={focusHeading} />
      </Group>
      {full ? (
        <Alert
          role="status"
          color="orange"
          variant="light"
          icon={<IconUsersGroup size={18} aria-hidden />}
          title={t('campaigns.page.fullTitle')}
        >
          {t('campaigns.page.fullText', { count: limit })}
        </Alert>
      ) : null}
    </Stack>
  );
};
