import { Box, Paper, Skeleton, Text } from '@mantine/core';
import type { ParticipantStatistics as Statistics } from '@parley/contract';
import { useTranslation } from 'react-i18next';
import { useLanguage } from '@/lib/i18n';

const counts = ['invited', 'queued', 'sent', 'opened', 'answered', 'failed', 'unsubscribed'] as const;

const grid = {
  display: 'grid',
  gridTemplateColumns: 'repeat(auto-fill, minmax(8.5rem, 1fr))',
  gap: 'var(--mantine-spacing-sm)',
} as const;

/** The campaign's invitations by state and its response rate, as figures. */
export const ParticipantStatisticsView = ({ statistics }: { statistics: Statistics | undefined }) => {
  const { t } = useTranslation();
  const language = useLanguage();
  const percent = new Intl.NumberFormat(language, { style: 'percent', maximumFractionDigits: 1 });
  if (!statistics) {
    return (
      <Box style={grid} role="status" aria-busy="true" aria-label={t('common.loading')}>
        {[...counts, 'responseRate'].map((key) => (
          <Skeleton key={key} height={68} radius="md" />
        ))}
      </Box>
    );
  }
  const figures = [
    ...counts.map((key) => ({
      key,
      label: t(`participants.statistics.${key}`),
      value: String(statistics[key]),
    })),
    {
      key: 'responseRate',
      label: t('participants.statistics.responseRate'),
      value: percent.format(statistics.responseRate),
    },
  ];
  return (
    <Box role="group" aria-label={t('participants.statistics.label')}>
      <Box component="dl" m={0} style={grid}>
        {figures.map((f) => (
          <Paper key={f.key} withBorder radius="md" p="xs">
            <Text component="dt" fz="sm" c="dimmed">
              {f.label}
            </Text>
            <Text component="dd" m={0} fz="xl" fw={600}>
              {f.value}
            </Text>
          </Paper>
        ))}
      </Box>
      <Text fz="xs" c="dimmed" mt={6}>
        {t('participants.statistics.rateHint')}
        {statistics.openLinkAnswers > 0
          ? ` ${t('participants.statistics.openLink', { count: statistics.openLinkAnswers })}`
          : ''}
      </Text>
    </Box>
  );
};
