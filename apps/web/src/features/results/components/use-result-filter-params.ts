import { useListAddress } from '@/lib/use-list-address';
import type { ResultFilterQuery } from '../api/result-query-keys';

export const ratingChoices = ['up', 'down', 'none'] as const;
export type RatingChoice = (typeof ratingChoices)[number];
export const archivedChoices = ['all', 'false', 'true'] as const;
export type ArchivedChoice = (typeof archivedChoices)[number];

/** The results filter as the address holds it; '' is "any". */
export type ResultFilters = {
  from: string;
  to: string;
  contactListId: string;
  tag: string;
  rating: RatingChoice | '';
  archived: ArchivedChoice;
};

const defaults: ResultFilters = { from: '', to: '', contactListId: '', tag: '', rating: '', archived: 'all' };
const keys = Object.keys(defaults) as (keyof ResultFilters)[];

const dayPattern = /^\d{4}-\d{2}-\d{2}$/;
const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const pick = <T extends string>(choices: readonly T[], value: string | null, fallback: T): T =>
  choices.find((c) => c === value) ?? fallback;

/** A hand-edited address falls back to "any" for what the server would refuse. */
const day = (value: string | null) => (value && dayPattern.test(value) ? value : '');

/** The filter an address holds (the screen's, and the preload's of app/route-data.ts). */
export const resultFiltersFrom = (params: URLSearchParams): ResultFilters => {
  const contactListId = params.get('contactListId') ?? '';
  return {
    from: day(params.get('from')),
    to: day(params.get('to')),
    contactListId: uuidPattern.test(contactListId) ? contactListId : '',
    tag: params.get('tag')?.trim() ?? '',
    rating: pick<RatingChoice | ''>(ratingChoices, params.get('rating'), ''),
    archived: pick(archivedChoices, params.get('archived'), 'all'),
  };
};

/**
 * The results tab's filter lives in the page's address, beside `tab` (`?tab=results&from=2025-03-01&
 * rating=up&archived=false`), so a reload and a shared link show the same results.
 */
export const useResultFilterParams = () => {
  const { params, change } = useListAddress();
  const filters = resultFiltersFrom(params);
  const filtered = keys.some((key) => filters[key] !== defaults[key]);

  const update = (changes: Partial<ResultFilters>) =>
    change(({ set }) => {
      const merged = { ...filters, ...changes };
      for (const key of keys) set(key, merged[key] === defaults[key] ? null : merged[key]);
    });

  const clear = () => update(defaults);

  return { filters, filtered, update, clear };
};

export type ResultFilterParams = ReturnType<typeof useResultFilterParams>;

/** The filter as the calls take it: only what is set (a range out of order is sent without its end). */
export const resultFilterQuery = (f: ResultFilters): ResultFilterQuery => ({
  archived: f.archived,
  ...(f.from ? { from: f.from } : {}),
  ...(f.to && !(f.from && f.from > f.to) ? { to: f.to } : {}),
  ...(f.contactListId ? { contactListId: f.contactListId } : {}),
  ...(f.tag ? { tag: f.tag } : {}),
  ...(f.rating ? { rating: f.rating } : {}),
});
