import type { UnsubscribeInfo } from '@parley/contract';
import { type ReactNode, useRef, useState } from 'react';
import { Alert, Button, Paper, Stack, Text, Title } from '@/components/plain/plain';
import { detectLanguage } from '@/lib/language';
import { useDocumentTitle } from '@/lib/use-document-title';
import { unsubscribe, useUnsubscribeInfo } from '../api/unsubscribe';
import { LoadProblem, PublicLoading } from './load-state';
import { PageMessage } from './page-message';
import { PublicPageLayout } from './public-page-layout';
import { SurveyLanguageProvider, translate, useSurveyTranslation } from './survey-language';

const UnsubscribeView = ({ token, info }: { token: string; info: UnsubscribeInfo }) => {
  const { t } = useSurveyTranslation();
  const values = { email: info.email, name: info.manufacturerName };
  const [done, setDone] = useState(false);
  const [failed, setFailed] = useState(false);
  const [sending, setSending] = useState(false);
  // A second click while the request is out must not send again: state updates too late.
  const busy = useRef(false);

  const confirm = async () => {
    if (busy.current) return;
    busy.current = true;
    setSending(true);
    setFailed(false);
    try {
      await unsubscribe(token);
      setDone(true);
    } catch {
      setFailed(true);
    } finally {
      busy.current = false;
      setSending(false);
    }
  };

  if (done || info.unsubscribed) {
    // After the click the confirmation takes the focus (the button it replaces is gone).
    return (
      <PageMessage
        focus={done}
        title={t('participation.unsubscribe.doneTitle')}
        text={t(
          done ? 'participation.unsubscribe.doneText' : 'participation.unsubscribe.alreadyText',
          values,
        )}
      />
    );
  }
  return (
    <Paper style={{ marginTop: '2rem', padding: 'clamp(1rem, 4vw, 2rem)' }}>
      <Stack gap={12} center>
        <Title order={1} size="h2">
          {t('participation.unsubscribe.question', values)}
        </Title>
        <Text>{t('participation.unsubscribe.text', values)}</Text>
        {failed ? (
          // Announced at once; the button below tries again.
          <Alert tone="red" role="alert">
            {t('participation.unsubscribe.failed')}
          </Alert>
        ) : null}
        <Button onClick={() => void confirm()} loading={sending} style={{ marginTop: '0.75rem' }}>
          {t('participation.unsubscribe.confirm')}
        </Button>
      </Stack>
    </Paper>
  );
};

/**
 * `/p/unsubscribe/:token`: the invitation mail's unsubscribe link (D15). One click stops this
 * manufacturer's invitations and reminders to the address; mail clients may do the same without the
 * page (RFC 8058's one-click POST). In the visitor's language: the link belongs to no one survey.
 */
export const UnsubscribePage = ({ token }: { token: string }) => {
  const { data: info, error, isPending, refetch } = useUnsubscribeInfo(token);
  const language = detectLanguage();
  useDocumentTitle(translate(language, 'participation.unsubscribe.pageTitle'));
  let content: ReactNode;
  if (isPending) {
    content = <PublicLoading />;
  } else if (!info) {
    content = <LoadProblem error={error} retry={refetch} notFound="unsubscribe" />;
  } else {
    content = <UnsubscribeView token={token} info={info} />;
  }
  return (
    <SurveyLanguageProvider language={language}>
      <PublicPageLayout language={language}>{content}</PublicPageLayout>
    </SurveyLanguageProvider>
  );
};
