import { useDebouncedValue } from '@mantine/hooks';
import type { ContactRequestStatus } from '@parley/contract';
import { useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { useContactRequests } from '../api/get-contact-requests';

export const statuses = [
  'pending',
  'accepted',
  'rejected',
] as const satisfies readonly ContactRequestStatus[];
export const contactRequestPageSize = 20;
const searchDelayMs = 300;
/**
 * The contact requests page's state: the status (its tab, kept in the address), the search (typed,
 * then asked for after a pause), the page of each, the requests and the tabs' counts.
 */
export const useContactRequestsPage = () => {
  const [params, setParams] = useSearchParams();
  const statusParam = params.get('status');
  const status: ContactRequestStatus = statuses.find((s) => s === statusParam) ?? 'pending';
  const [searchInput, setSearchInput] = useState('');
  const [debounced] = useDebouncedValue(searchInput.trim(), searchDelayMs);
  const search = searchInput.trim() === '' ? '' : debounced;
  // Another status or search starts at its first page.
  const pageKey = `${status}|${search}`;
  const [paging, setPaging] = useState({ key: pageKey, page: 1 });
  const page = paging.key === pageKey ? paging.page : 1;
  const setPage = (next: number) => setPaging({ key: pageKey, page: next });
  const { data, isPending, isFetching } = useContactRequests({
    page,
    limit: contactRequestPageSize,
    'statuses[]': [status],
    ...(search ? { search } : {}),
  });
  // The tabs keep their counts while another status loads.
  const lastCounts = useRef(data?.counts);
  if (data) lastCounts.current = data.counts;
  const counts = lastCounts.current;

  const chooseStatus = (next: string | null) => {
    if (next) setParams(next === 'pending' ? {} : { status: next });
  };

  return {
    status,
    chooseStatus,
    searchInput,
    setSearchInput,
    search,
    page,
    setPage,
    data,
    isPending,
    isFetching,
    counts,
  };
};
