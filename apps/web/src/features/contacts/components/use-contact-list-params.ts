import { contactSortFields } from '@parley/contract';
import { useListAddress } from '@/lib/use-list-address';
import type { ContactListQuery } from '../api/contact-query-keys';

export const contactListPageSize = 20;

export const participationFilters = ['invited', 'answered', 'notAnswered'] as const;
export type ParticipationFilter = (typeof participationFilters)[number];

type Sort = NonNullable<ContactListQuery['sort']>;
export const contactSortChoices = [
  '-createdAt',
  '-updatedAt',
  'email',
  'lastname',
  'firstname',
] as const satisfies readonly Sort[];
const isSort = (v: string | null): v is Sort =>
  v !== null && (contactSortFields as readonly string[]).includes(v.replace(/^-/, ''));

type Changes = {
  search?: string;
  page?: number;
  sort?: Sort;
  campaign?: string;
  participation?: ParticipationFilter | '';
  countries?: string[];
  cities?: string[];
  tags?: string[];
};

/**
 * The contact list's search, filters, sort and page live in the page's address
 * (`?q=anna&campaign=…&participation=answered&country=DE&city=Berlin&tag=vip&sort=email&page=2`), so a
 * reload, the back button and a shared link show the same list.
 */
export const useContactListParams = () => {
  const { params, page, change } = useListAddress();
  const search = params.get('q') ?? '';
  const sortParam = params.get('sort');
  const sort: Sort = isSort(sortParam) ? sortParam : '-createdAt';
  const campaign = params.get('campaign') ?? '';
  const participationParam = params.get('participation');
  const participation: ParticipationFilter | '' =
    participationFilters.find((p) => p === participationParam) ?? '';
  const countries = params.getAll('country');
  const cities = params.getAll('city');
  const tags = params.getAll('tag');
  const filtered =
    search.trim() !== '' ||
    campaign !== '' ||
    participation !== '' ||
    countries.length > 0 ||
    cities.length > 0 ||
    tags.length > 0;

  const update = (changes: Changes) =>
    change(({ set, setAll }) => {
      if (changes.search !== undefined) set('q', changes.search.trim() || null);
      if (changes.sort !== undefined) set('sort', changes.sort === '-createdAt' ? null : changes.sort);
      if (changes.campaign !== undefined) set('campaign', changes.campaign || null);
      if (changes.participation !== undefined) set('participation', changes.participation || null);
      if (changes.countries !== undefined) setAll('country', changes.countries);
      if (changes.cities !== undefined) setAll('city', changes.cities);
      if (changes.tags !== undefined) setAll('tag', changes.tags);
    }, changes.page);

  const clear = () =>
    update({ search: '', campaign: '', participation: '', countries: [], cities: [], tags: [] });

  const query: ContactListQuery = {
    page,
    limit: contactListPageSize,
    sort,
    ...(search.trim() ? { search: search.trim() } : {}),
    ...(campaign ? { campaignId: campaign } : {}),
    ...(participation ? { participation } : {}),
    ...(countries.length > 0 ? { 'countries[]': countries } : {}),
    ...(cities.length > 0 ? { 'cities[]': cities } : {}),
    ...(tags.length > 0 ? { 'tags[]': tags } : {}),
  };
  return {
    search,
    page,
    sort,
    campaign,
    participation,
    countries,
    cities,
    tags,
    filtered,
    query,
    update,
    clear,
  };
};

export type ContactListParams = ReturnType<typeof useContactListParams>;

/** The list's filter as the bulk calls take it: the list's query without page, limit and sort. */
export const contactFilterOf = ({ page: _page, limit: _limit, sort: _sort, ...filter }: ContactListQuery) =>
  filter;
