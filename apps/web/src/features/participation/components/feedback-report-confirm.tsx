import type { ReportConfirmation } from '@parley/contract';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { Alert, Button, Link, Row, Stack, Text } from '@/components/plain/plain';
import { isApiError } from '@/lib/api-error';
import { useDocumentTitle } from '@/lib/use-document-title';
import { confirmReport, useReportConfirmation } from '../api/feedback';
import s from './feedback.module.css';
import { FeedbackHeader, FeedbackLoadProblem, feedbackPageHref, initialLanguage } from './feedback-shared';
import { translateFeedback, useFeedbackTranslation } from './feedback-texts';
import { PublicLoading } from './load-state';
import { PageMessage } from './page-message';
import { PublicPageLayout } from './public-page-layout';
import { SurveyLanguageProvider } from './survey-language';

type Step = 'ask' | 'done' | 'gone';

/**
 * The report the link names and a button that confirms it. Opening the link changes nothing: a mail
 * scanner that opens it, or the owner of an address someone else typed, must not confirm a report by
 * that alone. Once confirmed, a note takes the button's place and the focus.
 */
const ConfirmView = ({ token, report }: { token: string; report: ReportConfirmation }) => {
  const { t } = useFeedbackTranslation();
  const name = report.page.manufacturerName;
  const [step, setStep] = useState<Step>(report.confirmed ? 'done' : 'ask');
  const [failed, setFailed] = useState(false);
  const [sending, setSending] = useState(false);
  const note = useRef<HTMLParagraphElement>(null);
  const [confirmedHere, setConfirmedHere] = useState(false);
  useEffect(() => {
    if (confirmedHere) note.current?.focus();
  }, [confirmedHere]);

  const confirm = async () => {
    if (sending) return;
    setSending(true);
    setFailed(false);
    try {
      await confirmReport(token);
      setStep('done');
      setConfirmedHere(true);
    } catch (error) {
      if (isApiError(error) && (error.status === 404 || error.status === 400)) setStep('gone');
      else setFailed(true);
    } finally {
      setSending(false);
    }
  };

  if (step === 'gone') {
    return (
      <PageMessage
        focus
        title={t('feedbackPage.confirmReport.notFound.title')}
        text={t('feedbackPage.confirmReport.notFound.text')}
      />
    );
  }
  return (
    <Stack gap={24}>
      <FeedbackHeader info={report.page} title={t('feedbackPage.confirmReport.title')}>
        <Text dimmed>{t('feedbackPage.confirmReport.intro', { name })}</Text>
      </FeedbackHeader>
      {report.post ? (
        <blockquote className={s.post} style={{ margin: 0 }}>
          <p className={s.author} style={{ margin: 0 }}>
            {report.post.authorName}
          </p>
          <Text preWrap>{report.post.excerpt}</Text>
        </blockquote>
      ) : (
        <Text>{t('feedbackPage.confirmReport.notPublic')}</Text>
      )}
      {step === 'done' ? (
        <p ref={note} tabIndex={-1} role="status" style={{ margin: 0 }}>
          {t(confirmedHere ? 'feedbackPage.confirmReport.done' : 'feedbackPage.confirmReport.already')}
        </p>
      ) : (
        <Stack gap={8}>
          <Text small>{t('feedbackPage.confirmReport.explain')}</Text>
          {failed ? (
            <Alert tone="red" role="alert">
              {t('feedbackPage.confirmReport.failed')}
            </Alert>
          ) : null}
          <Row>
            <Button loading={sending} onClick={() => void confirm()}>
              {t('feedbackPage.confirmReport.confirm')}
            </Button>
          </Row>
        </Stack>
      )}
      <Link href={feedbackPageHref(report.manufacturerId)}>{t('feedbackPage.post.back', { name })}</Link>
    </Stack>
  );
};

const notFoundLink = {
  title: 'feedbackPage.confirmReport.notFound.title',
  text: 'feedbackPage.confirmReport.notFound.text',
} as const;

/**
 * `/p/f/:manufacturerId/report/:token`: the page a report's confirmation mail links to, in the
 * language of the page the report was sent from (`?lang=`). It shows the reported post and confirms
 * the report on request; only a confirmed report counts (docs/product-decisions.md, "The platform
 * area").
 */
export const FeedbackReportConfirmPage = ({ token }: { token: string }) => {
  const { data, error, isPending, refetch } = useReportConfirmation(token);
  const [language] = useState(initialLanguage);
  useDocumentTitle(
    translateFeedback(
      language,
      data || isPending ? 'feedbackPage.confirmReport.title' : 'feedbackPage.confirmReport.notFound.title',
    ),
  );
  let content: ReactNode;
  if (isPending) content = <PublicLoading />;
  else if (!data) content = <FeedbackLoadProblem error={error} retry={refetch} notFound={notFoundLink} />;
  else content = <ConfirmView token={token} report={data} />;
  return (
    <SurveyLanguageProvider language={language}>
      <PublicPageLayout language={language} privacyUrl={data?.page.privacyUrl}>
        {content}
      </PublicPageLayout>
    </SurveyLanguageProvider>
  );
};
