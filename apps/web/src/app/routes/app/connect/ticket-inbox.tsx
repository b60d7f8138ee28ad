import { TicketInbox } from '@/features/tickets/components/ticket-inbox';

/** /connect/tickets — the inbox: the tickets of every campaign, filtered and sorted. */
export const TicketInboxRoute = () => <TicketInbox />;
