import { Badge, Group, Paper, Stack, Text, Title } from '@mantine/core';
import type { QuestionResult } from '@parley/contract';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { BarList } from '@/components/charts/bar-list';
import { RankingChart } from '@/components/charts/ranking-chart';
import { useLanguage } from '@/lib/i18n';
import type { ResultFilterQuery } from '../api/result-query-keys';
import { FreeTextAnswers } from './free-text-answers';
import { useRankingLabels } from './use-chart-labels';

type Props = {
  campaignId: string;
  question: QuestionResult;
  /** Its place among the questions, from 1. */
  number: number;
  filter: ResultFilterQuery;
};

/** One question's result: its type, text and counts, and its options as bars, a ranking, or the answers. */
export const QuestionResultCard = ({ campaignId, question, number, filter }: Props) => {
  const { t } = useTranslation();
  const language = useLanguage();
  const titleId = useId();
  const rankingLabels = useRankingLabels(t('results.ranking.caption', { question: question.text }));
  const format = new Intl.NumberFormat(language).format;
  return (
    <Paper component="section" withBorder radius="md" p="md" aria-labelledby={titleId}>
      <Stack gap="sm">
        <Stack gap={4}>
          <Group gap="xs">
            <Badge variant="light">{t(`questions.types.${question.type}`)}</Badge>
            {question.removed ? (
              <Badge variant="outline" color="gray">
                {t('results.questionRemoved')}
              </Badge>
            ) : null}
          </Group>
          <Title order={3} size="h5" id={titleId} style={{ overflowWrap: 'anywhere' }}>
            {t('results.questionTitle', { number, text: question.text })}
          </Title>
          <Text fz="sm" c="dimmed">
            {t('results.counts', {
              answered: format(question.answered),
              skipped: format(question.skipped),
              skippedByPath: format(question.skippedByPath),
            })}
          </Text>
        </Stack>
        {question.type === 'SingleChoice' || question.type === 'MultiChoice' ? (
          <>
            <BarList
              locale={language}
              labelledBy={titleId}
              removedLabel={t('results.removed')}
              items={question.options}
            />
            {question.type === 'MultiChoice' ? (
              <Text fz="xs" c="dimmed">
                {t('results.multiChoiceHint')}
              </Text>
            ) : null}
          </>
        ) : null}
        {question.type === 'Ranking' ? (
          <RankingChart locale={language} labels={rankingLabels} items={question.options} />
        ) : null}
        {question.type === 'FreeText' ? (
          <FreeTextAnswers campaignId={campaignId} questionId={question.questionId} filter={filter} />
        ) : null}
      </Stack>
    </Paper>
  );
};
