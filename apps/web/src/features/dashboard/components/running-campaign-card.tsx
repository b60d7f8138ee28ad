import { Anchor, Box, Paper, SimpleGrid, Text } from '@mantine/core';
import type { DashboardCampaign } from '@parley/contract';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { formatDateTime } from '@/lib/format-date';
import { useLanguage } from '@/lib/i18n';
import { lastAnswerText } from './last-answer';

/** A running campaign's statistics tab, where its numbers come from. */
export const campaignStatisticsPath = (id: string) => `${paths.campaign(id)}?tab=statistics`;

const Figure = ({ label, children }: { label: string; children: React.ReactNode }) => (
  <Box style={{ display: 'flex', flexDirection: 'column-reverse', minWidth: 0 }}>
    <Text component="dt" size="xs" c="dimmed">
      {label}
    </Text>
    <Text component="dd" m={0} fw={600} style={{ fontVariantNumeric: 'tabular-nums' }}>
      {children}
    </Text>
  </Box>
);

/** One running campaign on the dashboard: its title (to its statistics) and its headline numbers. */
export const RunningCampaignCard = ({ campaign }: { campaign: DashboardCampaign }) => {
  const { t } = useTranslation();
  const language = useLanguage();
  const number = (value: number) => value.toLocaleString(language);
  const percent = new Intl.NumberFormat(language, { style: 'percent', maximumFractionDigits: 0 });
  return (
    <Paper component="li" withBorder radius="md" p="md">
      <Anchor
        component={Link}
        to={campaignStatisticsPath(campaign._id)}
        fw={600}
        style={{ overflowWrap: 'anywhere' }}
      >
        {campaign.title}
      </Anchor>
      <SimpleGrid
        component="dl"
        cols={{ base: 2, xs: 3, sm: 5 }}
        spacing="sm"
        verticalSpacing="xs"
        mt="sm"
        mb={0}
      >
        <Figure label={t('dashboard.running.answers')}>{number(campaign.answers)}</Figure>
        <Figure label={t('dashboard.running.last7Days')}>{number(campaign.answersLast7Days)}</Figure>
        <Figure label={t('dashboard.running.invited')}>{number(campaign.invited)}</Figure>
        <Figure label={t('dashboard.running.responseRate')}>
          {campaign.responseRate === null
            ? t('dashboard.running.noRate')
            : percent.format(campaign.responseRate)}
        </Figure>
        <Figure label={t('dashboard.running.lastAnswer')}>
          {campaign.lastAnswerAt ? (
            <time dateTime={campaign.lastAnswerAt} title={formatDateTime(campaign.lastAnswerAt, language)}>
              {lastAnswerText(campaign.lastAnswerAt, language)}
            </time>
          ) : (
            t('dashboard.running.noAnswerYet')
          )}
        </Figure>
      </SimpleGrid>
    </Paper>
  );
};
