import type { CampaignStatistics } from '@parley/contract';
import { useTranslation } from 'react-i18next';
import { FigureGrid } from '@/components/figure-grid';
import { useLanguage } from '@/lib/i18n';
import { formatDuration } from '../lib/format-duration';

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
    <FigureGrid
      label={t('statistics.figures.label')}
      figures={figures.map((f) => ({ ...f, label: t(`statistics.figures.${f.key}`) }))}
      minWidth="9.5rem"
      hint={t('statistics.figures.hint')}
    />
  );
};
