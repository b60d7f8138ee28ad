import { type CampaignState, campaignSortFields } from '@parley/contract';
import { useSearchParams } from 'react-router';
import type { CampaignListQuery } from '../api/campaign-query-keys';

export const campaignListPageSize = 20;

export type StateFilter = 'active' | CampaignState;
export const stateFilters: readonly StateFilter[] = ['active', 'draft', 'running', 'ended', 'archived'];

type Sort = NonNullable<CampaignListQuery['sort']>;
export const sortChoices = [
  '-createdAt',
  '-updatedAt',
  'title',
  '-ticketCount',
] as const satisfies readonly Sort[];
const isSort = (v: string | null): v is Sort =>
  v !== null && (campaignSortFields as readonly string[]).includes(v.replace(/^-/, ''));

/**
 * The list's filter lives in the page's address (`?state=ended&q=bike&page=2&sort=title`), so a
 * reload, the back button and a shared link show the same list.
 */
export const useCampaignListParams = () => {
  const [params, setParams] = useSearchParams();
  const stateParam = params.get('state');
  const state: StateFilter = stateFilters.includes(stateParam as StateFilter)
    ? (stateParam as StateFilter)
    : 'active';
  const search = params.get('q') ?? '';
  const page = Math.max(1, Number.parseInt(params.get('page') ?? '1', 10) || 1);
  const sortParam = params.get('sort');
  const sort: Sort = isSort(sortParam) ? sortParam : '-createdAt';

  const update = (changes: { state?: StateFilter; search?: string; page?: number; sort?: Sort }) => {
    setParams(
      (prev) => {
        const next = new URLSearchParams(prev);
        const set = (key: string, value: string | null) => (value ? next.set(key, value) : next.delete(key));
        if (changes.state !== undefined) set('state', changes.state === 'active' ? null : changes.state);
        if (changes.search !== undefined) set('q', changes.search.trim() || null);
        if (changes.sort !== undefined) set('sort', changes.sort === '-createdAt' ? null : changes.sort);
        // Any new filter starts again at page 1; only a page change keeps the others.
        const newPage = changes.page ?? 1;
        set('page', newPage > 1 ? String(newPage) : null);
        return next;
      },
      { replace: changes.page === undefined },
    );
  };

  // "active" sends no state: the server lists every state but archived (D12).
  const query: CampaignListQuery = {
    page,
    limit: campaignListPageSize,
    sort,
    ...(search.trim() ? { search: search.trim() } : {}),
    ...(state === 'active' ? {} : { 'states[]': [state] }),
  };
  return { state, search, page, sort, query, update };
};
