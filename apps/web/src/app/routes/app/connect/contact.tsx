import { useTranslation } from 'react-i18next';
import { ComingSoonPage } from '@/components/coming-soon-page';

/** /connect/contacts/:id — one contact (later issue). */
export const ContactRoute = () => {
  const { t } = useTranslation();
  return <ComingSoonPage title={t('pages.contact.title')} description={t('pages.contact.description')} />;
};
