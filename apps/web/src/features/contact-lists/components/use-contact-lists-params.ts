import { contactListSortFields } from '@parley/contract';
import { useSearchParams } from 'react-router';
import type { ContactListsQuery } from '@/lib/contact-lists';

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
  const [params, setParams] = useSearchParams();
  const search = params.get('q') ?? '';
  const page = Math.max(1, Number.parseInt(params.get('page') ?? '1', 10) || 1);
  const sortParam = params.get('sort');
  const sort: Sort = isSort(sortParam) ? sortParam : 'name';

  const update = (changes: Changes) => {
    setParams(
      () => {
        // From the address as it is now (a sort chosen while the search waits must not be lost).
        const next = new URLSearchParams(window.location.search);
        const set = (key: string, value: string | null) => (value ? next.set(key, value) : next.delete(key));
        if (changes.search !== undefined) set('q', changes.search.trim() || null);
        if (changes.sort !== undefined) set('sort', changes.sort === 'name' ? null : changes.sort);
        // A new search or sort starts again at page 1.
        const newPage = changes.page ?? 1;
        set('page', newPage > 1 ? String(newPage) : null);
        return next;
      },
      { replace: changes.page === undefined },
    );
  };

  const query: ContactListsQuery = {
    page,
    limit: contactListsPageSize,
    sort,
    ...(search.trim() ? { search: search.trim() } : {}),
  };
  return { search, page, sort, searched: search.trim() !== '', query, update };
};
