import { tagGroupSortFields } from '@parley/contract';
import { useListAddress } from '@/lib/use-list-address';
import type { TagGroupsQuery } from '../api/tag-group-query-keys';

export const tagGroupsPageSize = 20;

type Sort = NonNullable<TagGroupsQuery['sort']>;
export const tagGroupSortChoices = [
  'title',
  '-title',
  '-updatedAt',
  '-createdAt',
] as const satisfies readonly Sort[];
const isSort = (v: string | null): v is Sort =>
  v !== null && (tagGroupSortFields as readonly string[]).includes(v.replace(/^-/, ''));

type Changes = { search?: string; page?: number; sort?: Sort };

/**
 * The tag groups page's search, sort and page live in the page's address (`?q=vip&sort=-updatedAt&page=2`),
 * so a reload, the back button and a shared link show the same groups.
 */
export const useTagGroupsParams = () => {
  const { params, page, change } = useListAddress();
  const search = params.get('q') ?? '';
  const sortParam = params.get('sort');
  const sort: Sort = isSort(sortParam) ? sortParam : 'title';

  const update = (changes: Changes) =>
    change(({ set }) => {
      if (changes.search !== undefined) set('q', changes.search.trim() || null);
      if (changes.sort !== undefined) set('sort', changes.sort === 'title' ? null : changes.sort);
    }, changes.page);

  const query: TagGroupsQuery = {
    page,
    limit: tagGroupsPageSize,
    sort,
    ...(search.trim() ? { search: search.trim() } : {}),
  };
  return { search, page, sort, searched: search.trim() !== '', query, update };
};
