import { useTranslation } from 'react-i18next';
import { ComingSoonPage } from '@/components/coming-soon-page';

/** /connect/contacts — the contact list (later issue). */
export const ContactsRoute = () => {
  const { t } = useTranslation();
  return <ComingSoonPage title={t('pages.contacts.title')} description={t('pages.contacts.description')} />;
};
