import type { TicketMedia } from '@parley/contract';
import { PrivateMediaView } from '@/components/private-media';
import { useTicketMediaUrl } from '../api/get-ticket-media';

/**
 * An image or video the participant attached (D25): private, so fetched with the token and shown
 * through an object URL (revoked when it leaves the page), never linked directly.
 */
export const TicketMediaView = ({
  ticketId,
  media,
  description,
}: {
  ticketId: string;
  media: TicketMedia;
  /** What it is, for screen readers ("Image 1 from Anna Example"). */
  description: string;
}) => {
  const { url, isError, refetch } = useTicketMediaUrl(ticketId, media._id);
  return (
    <PrivateMediaView
      kind={media.kind}
      url={url}
      isError={isError}
      onRetry={() => void refetch()}
      description={description}
    />
  );
};
