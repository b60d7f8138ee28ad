import { useTranslation } from 'react-i18next';
import { ComingSoonPage } from '@/components/coming-soon-page';

/** /connect/contact-lists — contact lists (later issue). */
export const ContactListsRoute = () => {
  const { t } = useTranslation();
  return (
    <ComingSoonPage title={t('pages.contactLists.title')} description={t('pages.contactLists.description')} />
  );
};
