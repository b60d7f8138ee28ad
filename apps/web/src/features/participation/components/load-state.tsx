import { Loader, VisuallyHidden } from '@/components/plain/plain';
import { isApiError } from '@/lib/api-error';
import { PageMessage } from './page-message';
import { type ParticipationTextKey, useSurveyTranslation } from './survey-language';

/** The public pages' wait while their survey or ticket loads. */
export const PublicLoading = () => {
  const { t } = useSurveyTranslation();
  return (
    <div
      role="status"
      aria-live="polite"
      style={{ display: 'flex', justifyContent: 'center', padding: '2rem 0' }}
    >
      <Loader />
      <VisuallyHidden>{t('participation.loading')}</VisuallyHidden>
    </div>
  );
};

/** What a broken link pointed at, and what a page that did not load says: the messages differ. */
const texts = {
  survey: {
    notFound: ['participation.notFoundTitle', 'participation.notFoundText'],
    failed: 'participation.loadFailedTitle',
  },
  invitation: {
    notFound: ['participation.invitation.notFoundTitle', 'participation.invitation.notFoundText'],
    failed: 'participation.loadFailedTitle',
  },
  ticket: {
    notFound: ['participation.ticket.notFoundTitle', 'participation.ticket.notFoundText'],
    failed: 'participation.loadFailedTitle',
  },
  unsubscribe: {
    notFound: ['participation.ticket.notFoundTitle', 'participation.ticket.notFoundText'],
    failed: 'participation.unsubscribe.loadFailedTitle',
  },
  contactRequest: {
    notFound: ['participation.contactRequest.notFoundTitle', 'participation.contactRequest.notFoundText'],
    failed: 'participation.contactRequest.loadFailedTitle',
  },
} as const satisfies Record<
  string,
  { notFound: readonly [ParticipationTextKey, ParticipationTextKey]; failed: ParticipationTextKey }
>;

/**
 * Why a page's data did not load: a link that names nothing (404, or 400 for anything the server
 * refuses to read) is a broken link to the participant; anything else may pass, so retry.
 */
export const LoadProblem = ({
  error,
  retry,
  notFound,
}: {
  error: unknown;
  retry: () => void;
  /** What the broken link pointed at. */
  notFound: keyof typeof texts;
}) => {
  const { t } = useSurveyTranslation();
  const broken = isApiError(error) && (error.status === 404 || error.status === 400);
  const {
    notFound: [title, text],
    failed,
  } = texts[notFound];
  return broken ? (
    <PageMessage title={t(title)} text={t(text)} />
  ) : (
    <PageMessage
      title={t(failed)}
      text={t('participation.loadFailedText')}
      action={{ label: t('participation.retry'), onClick: retry }}
    />
  );
};
