import { useParams } from 'react-router';
import { useRefreshHistoryOnOpen } from '@/features/history/api/use-refresh-history-on-open';
import { useTicket } from '@/features/tickets/api/get-ticket';
import { TicketView } from '@/features/tickets/components/ticket-view';

/** /connect/campaigns/:id/tickets/:ticketId — one campaign ticket, read-only. */
export const CampaignTicketRoute = () => {
  const { id = '', ticketId = '' } = useParams();
  // The same query as the view's (one request): the history follows once the ticket has loaded.
  const { data: ticket } = useTicket(ticketId);
  useRefreshHistoryOnOpen(ticket?._id);
  return <TicketView campaignId={id} ticketId={ticketId} />;
};
