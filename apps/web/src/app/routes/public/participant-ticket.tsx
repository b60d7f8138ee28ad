import { useParams } from 'react-router';
import { TicketPage } from '@/features/participation/components/ticket-page';

/** D10 `/p/t/:token`: the participant's ticket by their private link; public, never guarded. */
export const ParticipantTicketRoute = () => {
  const { token = '' } = useParams();
  return <TicketPage key={token} token={token} />;
};
