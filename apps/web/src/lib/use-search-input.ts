import { useDebouncedValue } from '@mantine/hooks';
import { useEffect, useRef, useState } from 'react';

const searchDelayMs = 300;

/**
 * The search field of a list whose search lives in the page's address: the input answers each key
 * at once; the list follows when typing pauses. Only a new pause in typing searches, so clearing
 * the search (or every filter) in the address does not bring back the last text.
 */
export const useSearchInput = (params: { search: string; update: (changes: { search: string }) => void }) => {
  const [searchInput, setSearchInput] = useState(params.search);
  const [debounced] = useDebouncedValue(searchInput, searchDelayMs);
  const applied = useRef(debounced);
  useEffect(() => {
    if (debounced === applied.current) return;
    applied.current = debounced;
    if (debounced.trim() !== params.search.trim()) params.update({ search: debounced });
  }, [debounced, params]);
  return [searchInput, setSearchInput] as const;
};

/**
 * A list's page and search field, kept in the component: the search is the field trimmed, once
 * typing pauses, and a new search starts again at page 1.
 */
export const usePagedSearch = () => {
  const [page, setPage] = useState(1);
  const [searchInput, setSearchInput] = useState('');
  const [search] = useDebouncedValue(searchInput.trim(), searchDelayMs);
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new search starts again at page 1.
  useEffect(() => setPage(1), [search]);
  return { page, setPage, searchInput, setSearchInput, search };
};
