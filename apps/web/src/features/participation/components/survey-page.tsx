import type { Language, PublicSurvey, SurveyStatus } from '@parley/contract';
import { type ReactNode, useState } from 'react';
import { Stack } from '@/components/plain/plain';
import { detectLanguage } from '@/lib/language';
import { useDocumentTitle } from '@/lib/use-document-title';
import type { Load } from '@/lib/use-load';
import { useSurvey } from '../api/get-survey';
import { LoadProblem, PublicLoading } from './load-state';
import { PageMessage } from './page-message';
import { PublicPageLayout } from './public-page-layout';
import { SurveyForm } from './survey-form';
import { SurveyHeader } from './survey-header';
import { SurveyLanguageProvider, useSurveyTranslation } from './survey-language';
import type { SurveyInvitation } from './use-survey-form';

/** An invitee who answered already (by this link or the open one): nothing more to do here. */
const AnsweredMessage = ({ focus }: { focus: boolean }) => {
  const { t } = useSurveyTranslation();
  return (
    <PageMessage
      level={2}
      focus={focus}
      title={t('participation.invitation.answered.title')}
      text={t('participation.invitation.answered.text')}
    />
  );
};

/** Under the survey's header, which names the survey already. */
const SurveyStatusMessage = ({
  status,
  focus,
}: {
  status: Exclude<SurveyStatus, 'open'>;
  focus: boolean;
}) => {
  const { t } = useSurveyTranslation();
  return (
    <PageMessage
      level={2}
      focus={focus}
      title={t(`participation.status.${status}.title`)}
      text={t(`participation.status.${status}.text`)}
    />
  );
};

type SurveyScreenProps = {
  load: Load<PublicSurvey>;
  /** What a broken link pointed at: its message differs. */
  notFound: 'survey' | 'invitation';
  /** By personal invitation: who answers (no email step), once the survey has loaded. */
  invitation?: SurveyInvitation | undefined;
  /** By personal invitation: the invitee has answered already and may not again. */
  answered?: boolean;
};

/**
 * The survey page, by its open link or by a personal invitation: loading, a broken link, the form,
 * or why the survey cannot be answered, in the survey's language.
 */
export const SurveyScreen = ({ load, notFound, invitation, answered = false }: SurveyScreenProps) => {
  const { data: survey, error, isPending, refetch } = load;
  // The survey closed while the participant was answering: the form gives way to the message, which
  // takes the focus (the form's own alert and the focused control go with the form).
  const [closedWhileAnswering, setClosedWhileAnswering] = useState(false);
  // The browser tab and screen readers name the page after the survey.
  useDocumentTitle(survey?.title ?? '');
  // Until the survey says its language, the visitor's own language is the best guess.
  const language: Language = survey?.language ?? detectLanguage();

  let content: ReactNode;
  if (isPending) {
    content = <PublicLoading />;
  } else if (!survey) {
    content = <LoadProblem error={error} retry={refetch} notFound={notFound} />;
  } else if (answered) {
    content = (
      <Stack gap={24}>
        <SurveyHeader survey={survey} />
        <AnsweredMessage focus={closedWhileAnswering} />
      </Stack>
    );
  } else {
    content =
      survey.status === 'open' ? (
        // A refusal saying the survey closed meanwhile (or, by invitation, that the invitee answered
        // meanwhile) loads the page again, so the page says so.
        <SurveyForm
          survey={survey}
          invitation={invitation}
          onSurveyClosed={() => {
            setClosedWhileAnswering(true);
            refetch();
          }}
        />
      ) : (
        <Stack gap={24}>
          <SurveyHeader survey={survey} />
          <SurveyStatusMessage status={survey.status} focus={closedWhileAnswering} />
        </Stack>
      );
  }
  return (
    <SurveyLanguageProvider language={language}>
      <PublicPageLayout language={language} privacyUrl={survey?.privacyUrl} imprintUrl={survey?.imprintUrl}>
        {content}
      </PublicPageLayout>
    </SurveyLanguageProvider>
  );
};

/** `/p/c/:campaignId`: a survey by its open link, in the survey's language (D10). */
export const SurveyPage = ({ campaignId }: { campaignId: string }) => {
  const load = useSurvey(campaignId);
  return <SurveyScreen load={load} notFound="survey" />;
};
