import { paths } from '@/config/paths';
import { useListAddress } from '@/lib/use-list-address';
import type { TicketListQuery } from '../api/get-tickets';

export const ticketPageSize = 20;

export const archivedChoices = ['false', 'true', 'all'] as const;
export type ArchivedChoice = (typeof archivedChoices)[number];
export const ratingChoices = ['up', 'down', 'none'] as const;
export type RatingChoice = (typeof ratingChoices)[number];
export const sortChoices = ['newest', 'oldest', 'activity'] as const;
export type SortChoice = (typeof sortChoices)[number];

/** The inbox's filters as the address holds them (the contract's names, so the ticket page reads them too). */
export type TicketFilters = {
  archived: ArchivedChoice;
  unanswered: boolean;
  newComments: boolean;
  rating: RatingChoice | '';
  search: string;
  sort: SortChoice;
  contactListId: string;
  /** The cross-campaign inbox's campaign filter. */
  campaign: string;
};

type Changes = Partial<TicketFilters> & { page?: number };

const pick = <T extends string>(choices: readonly T[], value: string | null, fallback: T): T =>
  choices.find((c) => c === value) ?? fallback;

const defaults: TicketFilters = {
  archived: 'false',
  unanswered: false,
  newComments: false,
  rating: '',
  search: '',
  sort: 'newest',
  contactListId: '',
  campaign: '',
};

/** The filters worth writing into an address: only what differs from the default inbox. */
const filterEntries = (f: TicketFilters): [string, string][] => {
  const entries: [string, string | null][] = [
    ['archived', f.archived === 'false' ? null : f.archived],
    ['unanswered', f.unanswered ? 'true' : null],
    ['newComments', f.newComments ? 'true' : null],
    ['rating', f.rating || null],
    ['search', f.search.trim() || null],
    ['sort', f.sort === 'newest' ? null : f.sort],
    ['contactListId', f.contactListId || null],
    ['campaign', f.campaign || null],
  ];
  return entries.filter((e): e is [string, string] => e[1] !== null);
};

/**
 * A ticket's page with the list's filter in its address (`?archived=all&rating=up&inbox=1`), so
 * the ticket page steps to the next and previous ticket of the same list and leads back to it.
 */
export const ticketLink = (
  ticket: { _id: string; campaignId: string },
  filters: TicketFilters,
  from: 'campaign' | 'inbox',
) => {
  const search = new URLSearchParams(filterEntries(filters));
  if (from === 'inbox') search.set('inbox', '1');
  const query = search.toString();
  return `${paths.campaignTicket(ticket.campaignId, ticket._id)}${query ? `?${query}` : ''}`;
};

/** The filters an address holds (the list's, and the preload's of app/route-data.ts). */
export const ticketFiltersFrom = (params: URLSearchParams): TicketFilters => ({
  archived: pick(archivedChoices, params.get('archived'), 'false'),
  unanswered: params.get('unanswered') === 'true',
  newComments: params.get('newComments') === 'true',
  rating: pick<RatingChoice | ''>(ratingChoices, params.get('rating'), ''),
  search: params.get('search') ?? '',
  sort: pick(sortChoices, params.get('sort'), 'newest'),
  contactListId: params.get('contactListId') ?? '',
  campaign: params.get('campaign') ?? '',
});

/** The page an address holds (1-based, 1 when missing or malformed), as useListAddress reads it. */
export const listPageFrom = (params: URLSearchParams) =>
  Math.max(1, Number.parseInt(params.get('page') ?? '1', 10) || 1);

/**
 * The ticket list's filters, sort and page live in the page's address (beside the campaign page's
 * `tab`), so a reload, the back button and a shared link show the same list: `?archived=true&
 * unanswered=true&newComments=true&rating=up&search=brakes&sort=activity&contactListId=…&page=2`.
 */
export const useTicketFilterParams = () => {
  const { params, page, change } = useListAddress();
  const filters = ticketFiltersFrom(params);
  const filtered = filterEntries({ ...filters, sort: 'newest' }).length > 0;

  const update = (changes: Changes) =>
    change(({ set }) => {
      const merged = { ...filters, ...changes };
      for (const key of Object.keys(defaults)) set(key, null);
      for (const [key, value] of filterEntries(merged)) set(key, value);
    }, changes.page);

  /** Back to the plain inbox (the sort stays: it is an order, not a filter). */
  const clear = () => update({ ...defaults, sort: filters.sort });

  return { filters, page, filtered, update, clear, search: filters.search };
};

export type TicketFilterParams = ReturnType<typeof useTicketFilterParams>;

/** The list's query for the server: one campaign's tickets, or (no `campaignId`) every campaign's. */
export const ticketListQuery = (
  filters: TicketFilters,
  page: number,
  scope: { campaignId?: string; contactListId?: string },
): TicketListQuery => ({
  page,
  limit: ticketPageSize,
  archived: filters.archived,
  sort: filters.sort,
  ...(scope.campaignId ? { campaignId: scope.campaignId } : {}),
  ...(filters.unanswered ? { unanswered: 'true' as const } : {}),
  ...(filters.newComments ? { newComments: 'true' as const } : {}),
  ...(filters.rating ? { rating: filters.rating } : {}),
  ...(filters.search.trim() ? { search: filters.search.trim() } : {}),
  ...(scope.contactListId ? { contactListId: scope.contactListId } : {}),
});
