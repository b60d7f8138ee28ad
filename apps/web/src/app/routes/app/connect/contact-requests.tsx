import { useTranslation } from 'react-i18next';
import { ComingSoonPage } from '@/components/coming-soon-page';

/** /connect/contact-requests — contact requests (later issue). */
export const ContactRequestsRoute = () => {
  const { t } = useTranslation();
  return (
    <ComingSoonPage
      title={t('pages.contactRequests.title')}
      description={t('pages.contactRequests.description')}
    />
  );
};
