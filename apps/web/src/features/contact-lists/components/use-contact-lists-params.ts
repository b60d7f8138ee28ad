import { contactListSortFields } from '@parley/contract';
import type { ContactListsQuery } from '@/lib/contact-lists';
import { useListAddress } from '@/lib/use-list-address';

export const contactListsPageSize = 20;

type Sort = NonNullable<ContactListsQuery['sort']>;
export const contactListSortChoices = [
  'name',
  '-name',
  '-memberCount',
  '-updatedAt',
  '-createdAt',
] as const satisfies readonly Sort[];
const isSort = (v: string | null): v is Sort =>
  v !== null && (contactListSortFields as readonly string[]).includes(v.replace(/^-/, ''));

type Changes = { search?: string; page?: number; sort?: Sort };

/**
 * The lists page's search, sort and page live in the page's address (`?q=dealers&sort=-memberCount&page=2`),
 * so a reload, the back button and a shared link show the same lists.
 */
export const useContactListsParams = () => {
  const { params, page, change } = useListAddress();
  const search = params.get('q') ?? '';
  const sortParam = params.get('sort');
  const sort: Sort = isSort(sortParam) ? sortParam : 'name';

  const update = (changes: Changes) =>
    change(({ set }) => {
      if (changes.search !== undefined) set('q', changes.search.trim() || null);
      if (changes.sort !== undefined) set('sort', changes.sort === 'name' ? null : changes.sort);
    }, changes.page);

  const query: ContactListsQuery = {
    page,
    limit: contactListsPageSize,
    sort,
    ...(search.trim() ? { search: search.trim() } : {}),
  };
  return { search, page, sort, searched: search.trim() !== '', query, update };
};
