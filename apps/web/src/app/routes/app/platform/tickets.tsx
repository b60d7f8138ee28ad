import { useTranslation } from 'react-i18next';
import { ComingSoonPage } from '@/components/coming-soon-page';

/** /platform/tickets — post tickets (later issue). */
export const TicketsRoute = () => {
  const { t } = useTranslation();
  return <ComingSoonPage title={t('pages.tickets.title')} description={t('pages.tickets.description')} />;
};
