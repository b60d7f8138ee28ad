import { useParams } from 'react-router';
import { TicketView } from '@/features/tickets/components/ticket-view';

/** /connect/campaigns/:id/tickets/:ticketId — one campaign ticket, read-only. */
export const CampaignTicketRoute = () => {
  const { id = '', ticketId = '' } = useParams();
  return <TicketView campaignId={id} ticketId={ticketId} />;
};
