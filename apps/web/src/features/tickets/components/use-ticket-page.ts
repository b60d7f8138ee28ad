import { type RefObject, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { paths } from '@/config/paths';
import { notifySuccess } from '@/lib/notifications';
import { useTicket } from '../api/get-ticket';
import { useArchiveTicket } from '../api/ticket-mutations';
import { filterSearch } from '../lib/ticket-filter';
import { ticketContactName } from './ticket-columns';
import { useTicketNeighbours } from './ticket-navigation';
import { useTicketShortcuts } from './use-ticket-shortcuts';

/**
 * The ticket page's state and steps: the ticket and its neighbours in the list it was opened from,
 * the address corrected to the ticket's own campaign, what is said to screen readers, archive and
 * restore, the keyboard's shortcuts and the way back to the list.
 */
export const useTicketPage = ({ campaignId, ticketId }: { campaignId: string; ticketId: string }) => {
  const { t } = useTranslation();
  const location = useLocation();
  const navigate = useNavigate();
  const { data: ticket, error, isPending } = useTicket(ticketId);
  const neighbours = useTicketNeighbours({ campaignId, ticketId, search: location.search });
  const archive = useArchiveTicket(ticketId);
  const answerRef = useRef<HTMLTextAreaElement>(null);
  const commentRef = useRef<HTMLTextAreaElement>(null);
  const [announcement, setAnnouncement] = useState('');
  // The ticket whose arrival was said (the one first opened needs no announcement).
  const announcedFor = useRef(ticketId);

  // Reached through the inbox's ids (which carry no campaign) or an old link: the address names
  // the ticket's own campaign.
  const ticketCampaign = ticket?._id === ticketId ? ticket.campaignId : undefined;
  useEffect(() => {
    if (ticketCampaign && ticketCampaign !== campaignId) {
      navigate(`${paths.campaignTicket(ticketCampaign, ticketId)}${location.search}`, { replace: true });
    }
  }, [ticketCampaign, campaignId, ticketId, location.search, navigate]);

  const participant = ticket
    ? ticket.contact
      ? ticketContactName(ticket) || ticket.contact.email
      : t('tickets.deletedContact')
    : '';

  // Moving to another ticket is said to screen readers (the tab's title changes too).
  useEffect(() => {
    if (!ticket || ticket._id !== ticketId || announcedFor.current === ticketId) return;
    announcedFor.current = ticketId;
    setAnnouncement(
      neighbours.position !== null
        ? t('tickets.nav.announcePosition', {
            name: participant,
            position: neighbours.position,
            total: neighbours.total,
          })
        : t('tickets.nav.announce', { name: participant }),
    );
  }, [ticket, ticketId, participant, neighbours.position, neighbours.total, t]);

  const toggleArchive = () => {
    if (!ticket || archive.isPending) return;
    const ignore = !ticket.ignored;
    archive.mutate(ignore, {
      onSuccess: () => {
        const message = ignore ? t('tickets.archive.done') : t('tickets.archive.restored');
        setAnnouncement(message);
        notifySuccess({ title: message, message: ignore ? t('tickets.archive.doneText') : '' });
      },
    });
  };

  const focusField = (ref: RefObject<HTMLTextAreaElement | null>) => {
    const field = ref.current;
    if (!field) return;
    field.scrollIntoView({ block: 'center', behavior: 'smooth' });
    field.focus();
  };

  useTicketShortcuts({
    next: () => {
      if (neighbours.nextTo) navigate(neighbours.nextTo);
    },
    previous: () => {
      if (neighbours.previousTo) navigate(neighbours.previousTo);
    },
    toggleArchive,
    focusAnswer: () => focusField(answerRef),
    focusComment: () => focusField(commentRef),
  });

  // Back to the list it was opened from, with its filter.
  const listFilter = filterSearch(new URLSearchParams(location.search));
  const backTo = neighbours.inbox
    ? `${paths.inbox}${listFilter}`
    : `${paths.campaign(campaignId)}?tab=participants${listFilter.replace('?', '&')}`;

  return {
    ticket,
    error,
    isPending,
    neighbours,
    archive,
    answerRef,
    commentRef,
    announcement,
    participant,
    toggleArchive,
    backTo,
  };
};
