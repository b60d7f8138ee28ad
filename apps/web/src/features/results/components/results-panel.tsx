import { EmptyState, Group, Stack, Title } from '@mantine/core';
import type { CampaignState } from '@parley/contract';
import { IconInbox } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { CardsSkeleton } from '@/components/loaders';
import { useQuestionStats } from '../api/get-question-stats';
import { ExportButtons } from './export-buttons';
import { LoadFailedAlert } from './load-failed-alert';
import { QuestionResultCard } from './question-result-card';
import { ResultFilters } from './result-filters';
import { ShareResults } from './share-results';
import { resultFilterQuery, useResultFilterParams } from './use-result-filter-params';

type Props = { campaign: { _id: string; title: string; state: CampaignState } };

/**
 * D23: a campaign's results per question for the tickets in the filter (kept in the address), its
 * exports and its shared results page.
 */
export const ResultsPanel = ({ campaign }: Props) => {
  const { t } = useTranslation();
  const params = useResultFilterParams();
  const filter = resultFilterQuery(params.filters);
  const { data, isPending, isError, isFetching, refetch } = useQuestionStats({
    ...filter,
    campaignId: campaign._id,
  });

  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-end" wrap="wrap">
        <Title order={2} size="h4">
          {t('results.title')}
        </Title>
        <ExportButtons campaign={campaign} filter={filter} />
      </Group>
      <ResultFilters params={params} tickets={data?.tickets} />
      {isPending ? (
        <CardsSkeleton heights={[140, 140]} />
      ) : isError && !data ? (
        <LoadFailedAlert onRetry={() => void refetch()} />
      ) : data && data.tickets === 0 ? (
        <EmptyState
          icon={<IconInbox size={24} aria-hidden />}
          title={params.filtered ? t('results.empty.filteredTitle') : t('results.empty.title')}
          description={params.filtered ? t('results.empty.filteredText') : t('results.empty.text')}
        />
      ) : data ? (
        <Stack gap="md" aria-busy={isFetching || undefined}>
          {data.questions.map((question, i) => (
            <QuestionResultCard
              key={question.questionId}
              campaignId={campaign._id}
              question={question}
              number={i + 1}
              filter={filter}
            />
          ))}
        </Stack>
      ) : null}
      <ShareResults campaign={campaign} />
    </Stack>
  );
};
