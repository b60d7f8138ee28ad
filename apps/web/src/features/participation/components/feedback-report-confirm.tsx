import type { ReportConfirmation } from '@parley/contract';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { Alert, Button, Link, Row, Stack, Text } from '@/components/plain/plain';
import { isApiError } from '@/lib/api-error';
import { createTranslator, type TextKey } from '@/lib/translator';
import { useDocumentTitle } from '@/lib/use-document-title';
import deTexts from '@/locales/report-confirmation/de.json';
import enTexts from '@/locales/report-confirmation/en.json';
import { confirmReport, useReportConfirmation } from '../api/feedback';
import s from './feedback.module.css';
import {
  FeedbackHeader,
  FeedbackLoadProblem,
  feedbackPageHref,
  initialLanguage,
  isBrokenLink,
} from './feedback-shared';
import { useFeedbackTranslation } from './feedback-texts';
import { PublicLoading } from './load-state';
import { PageMessage } from './page-message';
import { PublicPageLayout } from './public-page-layout';
import { SurveyLanguageProvider } from './survey-language';

type Step = 'ask' | 'done' | 'gone';

/**
 * The page's own texts, in their own locale files (`locales/report-confirmation/`): loaded with this
 * chunk only, not with the feedback page most visitors open.
 */
const translateReport = createTranslator({ de: deTexts, en: enTexts });
type ReportTextKey = TextKey<typeof enTexts>;

const useReportTranslation = () => {
  const { t, language } = useFeedbackTranslation();
  return {
    t,
    r: (key: ReportTextKey, values?: Record<string, string | number>) =>
      translateReport(language, key, values),
  };
};

const NotValid = () => {
  const { r } = useReportTranslation();
  return (
    <PageMessage
      focus
      title={r('reportConfirmation.notFound.title')}
      text={r('reportConfirmation.notFound.text')}
    />
  );
};

/**
 * The report the link names and a button that confirms it. Opening the link changes nothing: a mail
 * scanner that opens it, or the owner of an address someone else typed, must not confirm a report by
 * that alone. Once confirmed, a note takes the button's place and the focus.
 */
const ConfirmView = ({ token, report }: { token: string; report: ReportConfirmation }) => {
  const { t, r } = useReportTranslation();
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

  if (step === 'gone') return <NotValid />;
  return (
    <Stack gap={24}>
      <FeedbackHeader info={report.page} title={r('reportConfirmation.title')}>
        <Text dimmed>{r('reportConfirmation.intro', { name })}</Text>
      </FeedbackHeader>
      {report.post ? (
        <blockquote className={s.post} style={{ margin: 0 }}>
          <p className={s.author} style={{ margin: 0 }}>
            {report.post.authorName}
          </p>
          <Text preWrap>{report.post.excerpt}</Text>
        </blockquote>
      ) : (
        <Text>{r('reportConfirmation.notPublic')}</Text>
      )}
      {step === 'done' ? (
        <p ref={note} tabIndex={-1} role="status" style={{ margin: 0 }}>
          {r(confirmedHere ? 'reportConfirmation.done' : 'reportConfirmation.already')}
        </p>
      ) : (
        <Stack gap={8}>
          <Text small>{r('reportConfirmation.explain')}</Text>
          {failed ? (
            <Alert tone="red" role="alert">
              {r('reportConfirmation.failed')}
            </Alert>
          ) : null}
          <Row>
            <Button loading={sending} onClick={() => void confirm()}>
              {r('reportConfirmation.confirm')}
            </Button>
          </Row>
        </Stack>
      )}
      <Link href={feedbackPageHref(report.manufacturerId)}>{t('feedbackPage.post.back', { name })}</Link>
    </Stack>
  );
};

/** What FeedbackLoadProblem says of a broken link; a broken link is said by NotValid before it. */
const notFoundPage = { title: 'feedbackPage.notFound.title', text: 'feedbackPage.notFound.text' } as const;

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
    translateReport(
      language,
      data || isPending ? 'reportConfirmation.title' : 'reportConfirmation.notFound.title',
    ),
  );
  let content: ReactNode;
  if (isPending) content = <PublicLoading />;
  else if (!data && isBrokenLink(error)) content = <NotValid />;
  else if (!data) content = <FeedbackLoadProblem error={error} retry={refetch} notFound={notFoundPage} />;
  else content = <ConfirmView token={token} report={data} />;
  return (
    <SurveyLanguageProvider language={language}>
      <PublicPageLayout
        language={language}
        privacyUrl={data?.page.privacyUrl}
        imprintUrl={data?.page.imprintUrl}
      >
        {content}
      </PublicPageLayout>
    </SurveyLanguageProvider>
  );
};
