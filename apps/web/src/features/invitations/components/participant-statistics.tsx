import { Box, Skeleton } from '@mantine/core';
import type { ParticipantStatistics as Statistics } from '@parley/contract';
import { useTranslation } from 'react-i18next';
import { FigureGrid, figureGridStyle } from '@/components/figure-grid';
import { useLanguage } from '@/lib/i18n';

const counts = ['invited', 'queued', 'sent', 'opened', 'answered', 'failed', 'unsubscribed'] as const;

const minWidth = '8.5rem';

/** The campaign's invitations by state and its response rate, as figures. */
export const ParticipantStatisticsView = ({ statistics }: { statistics: Statistics | undefined }) => {
  const { t } = useTranslation();
  const language = useLanguage();
  const percent = new Intl.NumberFormat(language, { style: 'percent', maximumFractionDigits: 1 });
  if (!statistics) {
    return (
      <Box style={figureGridStyle(minWidth)} role="status" aria-busy="true" aria-label={t('common.loading')}>
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
    <FigureGrid
      label={t('participants.statistics.label')}
      figures={figures}
      minWidth={minWidth}
      hint={
        <>
          {t('participants.statistics.rateHint')}
          {statistics.openLinkAnswers > 0
            ? ` ${t('participants.statistics.openLink', { count: statistics.openLinkAnswers })}`
            : ''}
        </>
      }
    />
  );
};
