import { useParams } from 'react-router';
import { useRefreshHistoryOnOpen } from '@/features/history/api/use-refresh-history-on-open';
import { useTicket } from '@/features/tickets/api/get-ticket';
import { TicketPage } from '@/features/tickets/components/ticket-page';

/** /connect/campaigns/:id/tickets/:ticketId — one campaign ticket: its answers and the conversation about it. */
export const CampaignTicketRoute = () => {
  const { id = '', ticketId = '' } = useParams();
  // The same query as the page's (one request): the history follows once the ticket has loaded.
  const { data: ticket } = useTicket(ticketId);
  useRefreshHistoryOnOpen(ticket?._id);
  return <TicketPage campaignId={id} ticketId={ticketId} />;
};
