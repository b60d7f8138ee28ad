import type { PublicPost } from '@parley/contract';
import { useRef, useState } from 'react';
import { useLoad } from '@/lib/use-load';
import { type FeedbackSort, loadFeed } from '../api/feedback';

/**
 * The feed's posts: the first page by `useLoad` (with its retry), later pages added on request. A
 * change of order starts again from the first page; a post that moved between pages is shown once.
 */
export const useFeed = (manufacturerId: string, sort: FeedbackSort) => {
  const key = `feedback:${manufacturerId}:${sort}`;
  const first = useLoad(key, (signal) => loadFeed(manufacturerId, { sort, page: 1 }, signal));
  const [more, setMore] = useState<{ key: string; posts: PublicPost[]; pages: number; total?: number }>({
    key,
    posts: [],
    pages: 1,
  });
  const [loadingMore, setLoadingMore] = useState(false);
  const [moreFailed, setMoreFailed] = useState(false);
  const current = useRef(key);
  current.current = key;
  const extra = more.key === key ? more : { key, posts: [], pages: 1 };

  const seen = new Set<string>();
  const posts = [...(first.data?.documents ?? []), ...extra.posts].filter((p) => {
    if (seen.has(p._id)) return false;
    seen.add(p._id);
    return true;
  });
  const total = extra.total ?? first.data?.total ?? 0;

  /** Loads the next page; answers the first post it added (for the focus). */
  const loadMore = async (): Promise<string | undefined> => {
    const page = extra.pages + 1;
    setLoadingMore(true);
    setMoreFailed(false);
    try {
      const next = await loadFeed(manufacturerId, { sort, page });
      if (current.current !== key) return undefined;
      setMore((m) => ({
        key,
        posts: [...(m.key === key ? m.posts : []), ...next.documents],
        pages: page,
        total: next.total,
      }));
      return next.documents.find((p) => !seen.has(p._id))?._id;
    } catch {
      if (current.current === key) setMoreFailed(true);
      return undefined;
    } finally {
      setLoadingMore(false);
    }
  };

  /** From the first page again (a new post was published). */
  const reload = () => {
    setMore({ key, posts: [], pages: 1 });
    first.refetch();
  };

  return { first, posts, total, loadMore, loadingMore, moreFailed, reload };
};

export type Feed = ReturnType<typeof useFeed>;
