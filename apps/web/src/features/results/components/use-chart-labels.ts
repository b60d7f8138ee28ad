import { useTranslation } from 'react-i18next';
import type { RankingChartLabels } from '@/components/charts/ranking-chart';

/** The chart texts in the console's language (the charts take their texts as props). */
export const useRankingLabels = (caption: string): RankingChartLabels => {
  const { t } = useTranslation();
  return {
    caption,
    option: t('results.ranking.option'),
    mean: t('results.ranking.mean'),
    median: t('results.ranking.median'),
    position: (position) => t('results.ranking.position', { position }),
    removed: t('results.removed'),
    none: t('results.ranking.none'),
  };
};
