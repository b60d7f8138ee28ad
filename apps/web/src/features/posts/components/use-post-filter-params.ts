import type { PostState } from '@parley/contract';
import { useListAddress } from '@/lib/use-list-address';
import type { PostListQuery } from '../api/post-query-keys';
import { manuTypes, postStates } from '../lib/post-states';

export const postPageSize = 20;

/** The feed's tabs: every post, or one state. */
export const stateTabs = ['all', ...postStates] as const;
export type StateTab = (typeof stateTabs)[number];
export const manuTypeChoices = [...manuTypes, 'none'] as const;
export type ManuTypeChoice = (typeof manuTypeChoices)[number];
export const sortChoices = ['newest', 'oldest', 'activity'] as const;
export type SortChoice = (typeof sortChoices)[number];

/** The feed's filters as the address holds them. */
export type PostFilters = {
  state: StateTab;
  manuType: ManuTypeChoice | '';
  unanswered: boolean;
  newComments: boolean;
  reported: boolean;
  search: string;
  sort: SortChoice;
};

type Changes = Partial<PostFilters> & { page?: number };

const pick = <T extends string>(choices: readonly T[], value: string | null, fallback: T): T =>
  choices.find((c) => c === value) ?? fallback;

const defaults: PostFilters = {
  state: 'all',
  manuType: '',
  unanswered: false,
  newComments: false,
  reported: false,
  search: '',
  sort: 'newest',
};

/** What differs from the plain feed, as the address's entries. */
const filterEntries = (f: PostFilters): [string, string][] => {
  const entries: [string, string | null][] = [
    ['state', f.state === 'all' ? null : f.state],
    ['manuType', f.manuType || null],
    ['unanswered', f.unanswered ? 'true' : null],
    ['newComments', f.newComments ? 'true' : null],
    ['reported', f.reported ? 'true' : null],
    ['search', f.search.trim() || null],
    ['sort', f.sort === 'newest' ? null : f.sort],
  ];
  return entries.filter((e): e is [string, string] => e[1] !== null);
};

/**
 * The feed's state tab, filters, sort and page live in the address, so a reload, the back button
 * and a shared link show the same feed: `?state=pending&manuType=none&unanswered=true&
 * newComments=true&reported=true&search=brakes&sort=activity&page=2`.
 */
export const usePostFilterParams = () => {
  const { params, page, change } = useListAddress();
  const filters: PostFilters = {
    state: pick(stateTabs, params.get('state'), 'all'),
    manuType: pick<ManuTypeChoice | ''>(manuTypeChoices, params.get('manuType'), ''),
    unanswered: params.get('unanswered') === 'true',
    newComments: params.get('newComments') === 'true',
    reported: params.get('reported') === 'true',
    search: params.get('search') ?? '',
    sort: pick(sortChoices, params.get('sort'), 'newest'),
  };
  // The tab and the order are not filters: "Clear filters" keeps them.
  const filtered = filterEntries({ ...filters, state: 'all', sort: 'newest' }).length > 0;

  const update = (changes: Changes) =>
    change(({ set }) => {
      const merged = { ...filters, ...changes };
      for (const key of Object.keys(defaults)) set(key, null);
      for (const [key, value] of filterEntries(merged)) set(key, value);
    }, changes.page);

  const clear = () => update({ ...defaults, state: filters.state, sort: filters.sort });

  return { filters, page, filtered, update, clear, search: filters.search };
};

export type PostFilterParams = ReturnType<typeof usePostFilterParams>;

/** The feed's query for the server. */
export const postListQuery = (filters: PostFilters, page: number): PostListQuery => ({
  feed_type: 'small',
  page,
  limit: postPageSize,
  sort: filters.sort,
  ...(filters.state === 'all' ? {} : { 'states[]': [filters.state as PostState] }),
  ...(filters.manuType ? { manuType: filters.manuType } : {}),
  ...(filters.unanswered ? { unanswered: 'true' as const } : {}),
  ...(filters.newComments ? { newComments: 'true' as const } : {}),
  ...(filters.reported ? { reported: 'true' as const } : {}),
  ...(filters.search.trim() ? { search: filters.search.trim() } : {}),
});
