import { useTranslation } from 'react-i18next';
import { ComingSoonPage } from '@/components/coming-soon-page';

/** /connect/contact-lists/:id — one contact list (later issue). */
export const ContactListRoute = () => {
  const { t } = useTranslation();
  return (
    <ComingSoonPage title={t('pages.contactList.title')} description={t('pages.contactList.description')} />
  );
};
