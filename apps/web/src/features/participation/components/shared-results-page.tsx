import type { SharedResults } from '@parley/contract';
import type { ReactNode } from 'react';
import { Stack, Text, Title } from '@/components/plain/plain';
import { isApiError } from '@/lib/api-error';
import { detectLanguage } from '@/lib/language';
import { useDocumentTitle } from '@/lib/use-document-title';
import { useSharedResults } from '../api/get-shared-results';
import { PublicLoading } from './load-state';
import { PageMessage } from './page-message';
import { PublicPageLayout } from './public-page-layout';
import { SharedQuestionResult } from './shared-question-result';
import s from './shared-results.module.css';
import { SharedResultsSummary } from './shared-results-summary';
import { useResultsTranslation } from './shared-results-texts';
import { SurveyLanguageProvider } from './survey-language';

const ResultsView = ({ token, results }: { token: string; results: SharedResults }) => {
  const { t } = useResultsTranslation();
  useDocumentTitle(t('sharedResults.pageTitle', { title: results.title }));
  return (
    <Stack gap={24}>
      <SharedResultsSummary results={results} />
      <section aria-labelledby="shared-results-questions">
        <Stack gap={12}>
          <Title order={2} size="h3" id="shared-results-questions">
            {t('sharedResults.questionsTitle')}
          </Title>
          {results.questions.length === 0 ? (
            <Text dimmed>{t('sharedResults.noQuestions')}</Text>
          ) : (
            <ol className={s.questions}>
              {results.questions.map((question, index) => (
                <li key={question.questionId}>
                  <SharedQuestionResult token={token} question={question} number={index + 1} />
                </li>
              ))}
            </ol>
          )}
        </Stack>
      </section>
    </Stack>
  );
};

/** A link that names no shared results (404: withdrawn or never shared; 400: a mangled token). */
const isBrokenLink = (error: unknown) => isApiError(error) && (error.status === 404 || error.status === 400);

const LoadFailed = ({ error, retry }: { error: unknown; retry: () => void }) => {
  const { t } = useResultsTranslation();
  useDocumentTitle(t(isBrokenLink(error) ? 'sharedResults.notFound.title' : 'sharedResults.failed.title'));
  return isBrokenLink(error) ? (
    <PageMessage title={t('sharedResults.notFound.title')} text={t('sharedResults.notFound.text')} />
  ) : (
    <PageMessage
      title={t('sharedResults.failed.title')}
      text={t('sharedResults.failed.text')}
      action={{ label: t('sharedResults.failed.retry'), onClick: retry }}
    />
  );
};

/**
 * `/p/results/:token`: an ended campaign's results, shared by the owner through a secret link (D23):
 * the figures and every question's chart, written answers when the owner shared them, and never
 * anything that tells who answered. In the campaign's language; a lazy chunk of its own with its
 * own texts (`locales/shared-results/`), so the survey page does not carry it.
 */
export const SharedResultsPage = ({ token }: { token: string }) => {
  const { data: results, error, isPending, refetch } = useSharedResults(token);
  const language = results?.language ?? detectLanguage();
  let content: ReactNode;
  if (isPending) content = <PublicLoading />;
  else if (!results) content = <LoadFailed error={error} retry={refetch} />;
  else content = <ResultsView token={token} results={results} />;
  return (
    <SurveyLanguageProvider language={language}>
      <PublicPageLayout language={language}>{content}</PublicPageLayout>
    </SurveyLanguageProvider>
  );
};
