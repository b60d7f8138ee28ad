import { Box, Paper, Text } from '@mantine/core';
import type { CampaignStatistics } from '@parley/contract';
import { useTranslation } from 'react-i18next';
import { useLanguage } from '@/lib/i18n';
import { formatDuration } from '../lib/format-duration';

const grid = {
  display: 'grid',
  gridTemplateColumns: 'repeat(auto-fill, minmax(9.5rem, 1fr))',
  gap: 'var(--mantine-spacing-sm)',
} as const;

/** The campaign's headline numbers as figures: answers, invitations, rates, time to answer, sources. */
export const StatisticsFigures = ({ statistics }: { statistics: CampaignStatistics }) => {
  const { t } = useTranslation();
  const language = useLanguage();
  const number = new Intl.NumberFormat(language).format;
  const percent = new Intl.NumberFormat(language, { style: 'percent', maximumFractionDigits: 1 }).format;
  const none = t('statistics.figures.none');
  const s = statistics;
  const figures = [
    { key: 'answers', value: number(s.answers) },
    { key: 'invited', value: number(s.invited) },
    { key: 'delivered', value: number(s.delivered) },
    { key: 'opened', value: number(s.opened) },
    { key: 'responseRate', value: s.responseRate === null ? none : percent(s.responseRate) },
    { key: 'completion', value: s.completion === null ? none : percent(s.completion) },
    {
      key: 'medianTime',
      value: s.medianSecondsToAnswer === null ? none : formatDuration(s.medianSecondsToAnswer, t),
    },
    { key: 'openLink', value: number(s.bySource.openLink) },
    { key: 'invitation', value: number(s.bySource.invitation) },
  ] as const;
  return (
    <Box role="group" aria-label={t('statistics.figures.label')}>
      <Box component="dl" m={0} style={grid}>
        {figures.map((f) => (
          <Paper key={f.key} withBorder radius="md" p="xs">
            <Text component="dt" fz="sm" c="dimmed">
              {t(`statistics.figures.${f.key}`)}
            </Text>
            <Text component="dd" m={0} fz="xl" fw={600}>
              {f.value}
            </Text>
          </Paper>
        ))}
      </Box>
      <Text fz="xs" c="dimmed" mt={6}>
        {t('statistics.figures.hint')}
      </Text>
    </Box>
  );
};
