import { useCampaignNames } from '@/lib/campaign-names';

/**
 * The inbox's campaign filter: the campaigns that can hold tickets (a draft never has any; an
 * archived campaign keeps its tickets, D12). Without the names the filter offers "All campaigns"
 * only; the list itself still works, so a failure is not announced.
 */
export const useTicketCampaignNames = () =>
  useCampaignNames(['running', 'ended', 'archived'], { errorNotification: false });
