import { useTranslation } from 'react-i18next';
import { ComingSoonPage } from '@/components/coming-soon-page';

/** /platform/tickets/:id — one post ticket (later issue). */
export const TicketRoute = () => {
  const { t } = useTranslation();
  return <ComingSoonPage title={t('pages.ticket.title')} description={t('pages.ticket.description')} />;
};
