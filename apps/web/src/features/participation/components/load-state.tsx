import { Loader, VisuallyHidden } from '@/components/plain/plain';
import { isApiError } from '@/lib/api-error';
import { PageMessage } from './page-message';
import { useSurveyTranslation } from './survey-language';

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

/**
 * Why a survey or ticket did not load: a link that names nothing (404, or 400 for anything the
 * server refuses to read) is a broken link to the participant; anything else may pass, so retry.
 */
export const LoadProblem = ({
  error,
  retry,
  notFound,
}: {
  error: unknown;
  retry: () => void;
  /** What the broken link pointed at: its message differs. */
  notFound: 'survey' | 'ticket';
}) => {
  const { t } = useSurveyTranslation();
  const broken = isApiError(error) && (error.status === 404 || error.status === 400);
  return broken ? (
    notFound === 'survey' ? (
      <PageMessage title={t('participation.notFoundTitle')} text={t('participation.notFoundText')} />
    ) : (
      <PageMessage
        title={t('participation.ticket.notFoundTitle')}
        text={t('participation.ticket.notFoundText')}
      />
    )
  ) : (
    <PageMessage
      title={t('participation.loadFailedTitle')}
      text={t('participation.loadFailedText')}
      action={{ label: t('participation.retry'), onClick: retry }}
    />
  );
};
