import type { SharedResults } from '@parley/contract';
import { Stack, Text, Title } from '@/components/plain/plain';
import { formatDate } from '@/lib/format-date';
import s from './shared-results.module.css';
import { useResultsTranslation } from './shared-results-texts';

/** The head of the shared page: the campaign, who ran it, and its figures as a list of terms. */
export const SharedResultsSummary = ({ results }: { results: SharedResults }) => {
  const { t, language, share } = useResultsTranslation();
  const figures = [
    { key: 'answers', label: t('sharedResults.answers'), value: results.answers.toLocaleString(language) },
    results.responseRate === null
      ? null
      : { key: 'rate', label: t('sharedResults.responseRate'), value: share(results.responseRate) },
    results.endedAt === null
      ? null
      : { key: 'ended', label: t('sharedResults.ended'), value: formatDate(results.endedAt, language) },
  ].filter((figure) => figure !== null);
  return (
    <Stack gap={16}>
      <Stack gap={4}>
        <Title order={1} size="h2" className={s.wrap}>
          {results.title}
        </Title>
        <Text dimmed>{t('sharedResults.by', { name: results.manufacturerName })}</Text>
      </Stack>
      {results.description ? (
        <Text preWrap className={s.wrap}>
          {results.description}
        </Text>
      ) : null}
      <dl className={s.figures}>
        {figures.map((figure) => (
          <div key={figure.key} className={s.figure}>
            <dt>{figure.label}</dt>
            <dd>{figure.value}</dd>
          </div>
        ))}
      </dl>
    </Stack>
  );
};
