import { Box, EmptyState, Group, SegmentedControl, Stack, Text, Title } from '@mantine/core';
import { IconChartBar } from '@tabler/icons-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { ColumnChart } from '@/components/charts/column-chart';
import { CardsSkeleton } from '@/components/loaders';
import { useLanguage } from '@/lib/i18n';
import { useStatistics } from '../api/get-statistics';
import { formatCalendarDay } from '../lib/calendar-day';
import { statisticsWindowFrom, statisticsWindows } from '../lib/statistics-window';
import { LoadFailedAlert } from './load-failed-alert';
import { StatisticsFigures } from './statistics-figures';

/** The window in the address (`days=30`), see statisticsWindowFrom. */
const useWindow = () => {
  const [params, setParams] = useSearchParams();
  const days = statisticsWindowFrom(params);
  const setDays = (next: number | undefined) =>
    setParams(
      (current) => {
        const updated = new URLSearchParams(current);
        if (next === undefined) updated.delete('days');
        else updated.set('days', String(next));
        return updated;
      },
      { replace: true },
    );
  return [days, setDays] as const;
};

/** D23: the campaign as a whole: headline numbers and the answers per day over a window of days. */
export const StatisticsPanel = ({ campaignId }: { campaignId: string }) => {
  const { t } = useTranslation();
  const language = useLanguage();
  const [days, setDays] = useWindow();
  const windowLabelId = useId();
  const { data, isPending, isError, isFetching, refetch } = useStatistics(campaignId, days);

  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-end" wrap="wrap">
        <Title order={2} size="h4">
          {t('statistics.title')}
        </Title>
        {/* Within a phone's width the period's options scroll sideways (docs/product-decisions.md, Console). */}
        <Group gap="xs" wrap="nowrap" style={{ minWidth: 0, maxWidth: '100%' }}>
          <Text id={windowLabelId} fz="sm" fw={500}>
            {t('statistics.window.label')}
          </Text>
          <SegmentedControl
            aria-labelledby={windowLabelId}
            data={[
              { value: 'campaign', label: t('statistics.window.campaign') },
              ...statisticsWindows.map((d) => ({
                value: String(d),
                label: t('statistics.window.days', { count: d }),
              })),
            ]}
            value={days === undefined ? 'campaign' : String(days)}
            onChange={(value) => setDays(statisticsWindows.find((d) => String(d) === value))}
          />
        </Group>
      </Group>
      {isPending ? (
        <CardsSkeleton heights={[68, 68, 180]} />
      ) : isError && !data ? (
        <LoadFailedAlert onRetry={() => void refetch()} />
      ) : data ? (
        <Stack gap="lg" aria-busy={isFetching || undefined}>
          <StatisticsFigures statistics={data} />
          {data.answers === 0 ? (
            <EmptyState
              icon={<IconChartBar size={24} aria-hidden />}
              title={t('statistics.empty.title')}
              description={t('statistics.empty.text')}
            />
          ) : (
            <Box>
              <ColumnChart
                locale={language}
                title={t('statistics.perDay.title')}
                description={t('statistics.perDay.description', {
                  count: data.answersInWindow,
                  from: formatCalendarDay(data.from, language),
                  to: formatCalendarDay(data.to, language),
                  timeZone: data.timeZone,
                })}
                categoryLabel={t('statistics.perDay.day')}
                valueLabel={t('statistics.perDay.answers')}
                data={data.perDay.map((d) => ({
                  key: d.date,
                  label: formatCalendarDay(d.date, language),
                  value: d.answers,
                }))}
              />
            </Box>
          )}
          <Text fz="xs" c="dimmed">
            {t('statistics.timeZone', { timeZone: data.timeZone })}
          </Text>
        </Stack>
      ) : null}
    </Stack>
  );
};
