import type { TicketFilter } from '@parley/contract';

/** The search params of a ticket list that make its filter (the list hands them on to a ticket). */
export const ticketFilterParams = [
  'archived',
  'unanswered',
  'newComments',
  'rating',
  'search',
  'sort',
  'contactListId',
  'campaign',
  'inbox',
] as const;

const oneOf = <T extends string>(value: string | null, choices: readonly T[]): T | undefined =>
  choices.find((c) => c === value);

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The filter a ticket was opened in, read from the page's search params: the list passes its
 * own along (`?archived=false&unanswered=true&sort=oldest&inbox=1`; the inbox narrowed to one
 * campaign adds `campaign`). Unknown values are dropped, so
 * a hand-edited address falls back to the inbox's defaults instead of a refused call.
 */
export const readTicketFilter = (
  params: URLSearchParams,
): { inbox: boolean; campaign: string | null; filter: TicketFilter } => {
  const filter: TicketFilter = {};
  const archived = oneOf(params.get('archived'), ['true', 'false', 'all'] as const);
  if (archived) filter.archived = archived;
  const unanswered = oneOf(params.get('unanswered'), ['true', 'false'] as const);
  if (unanswered) filter.unanswered = unanswered;
  const newComments = oneOf(params.get('newComments'), ['true', 'false'] as const);
  if (newComments) filter.newComments = newComments;
  const rating = oneOf(params.get('rating'), ['up', 'down', 'none'] as const);
  if (rating) filter.rating = rating;
  const search = params.get('search')?.trim().slice(0, 200);
  if (search) filter.search = search;
  const sort = oneOf(params.get('sort'), ['newest', 'oldest', 'activity'] as const);
  if (sort) filter.sort = sort;
  const contactListId = params.get('contactListId');
  if (contactListId && uuidPattern.test(contactListId)) filter.contactListId = contactListId;
  // The inbox narrowed to one campaign (its `campaign` filter).
  const campaign = params.get('campaign');
  return {
    inbox: params.get('inbox') === '1',
    campaign: campaign && uuidPattern.test(campaign) ? campaign : null,
    filter,
  };
};

/** Only the filter's params of `params` (in a stable order, without `inbox`), for the way back to the list. */
export const filterSearch = (params: URLSearchParams): string => {
  const kept = new URLSearchParams();
  for (const name of ticketFilterParams) {
    if (name === 'inbox') continue;
    const value = params.get(name);
    if (value !== null && value !== '') kept.set(name, value);
  }
  const text = kept.toString();
  return text ? `?${text}` : '';
};
