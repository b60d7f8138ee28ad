import { useCallback, useEffect, useRef, useState } from 'react';
import { isApiError } from '@/lib/api-error';

/** How long a failed read waits before its one retry. */
export const retryDelayMs = 1000;

/** No answer, or the server's own trouble: worth one more try. A 4xx answer would be the same again. */
const isTransient = (error: unknown) => isApiError(error) && (error.status === 0 || error.status >= 500);

const pause = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, ms);
    signal.addEventListener('abort', () => {
      clearTimeout(timer);
      resolve();
    });
  });

/** One read, tried again once after a moment when it got no answer or a 5xx (a phone's line drops often). */
const loadWithRetry = async <T>(load: (signal: AbortSignal) => Promise<T>, signal: AbortSignal) => {
  try {
    return await load(signal);
  } catch (error) {
    if (!isTransient(error) || signal.aborted) throw error;
    await pause(retryDelayMs, signal);
    if (signal.aborted) throw error;
    return load(signal);
  }
};

export type Load<T> = {
  data: T | undefined;
  error: unknown;
  isPending: boolean;
  /** Loads again; what was there stays on screen until the new answer arrives. */
  refetch: () => void;
};

/**
 * One read for a page that needs no query cache (the light pages, docs/architecture.md): loads
 * once per `key` (trying once more after a second when there was no answer or a server error), drops
 * an answer that arrives after the key changed or the page went, and can load again on request.
 */
export const useLoad = <T>(key: string, load: (signal: AbortSignal) => Promise<T>): Load<T> => {
  const [state, setState] = useState<{ key: string; data?: T; error?: unknown; done: boolean }>({
    key,
    done: false,
  });
  const [round, setRound] = useState(0);
  const loader = useRef(load);
  loader.current = load;

  // biome-ignore lint/correctness/useExhaustiveDependencies: a new `round` (refetch) is the reason to load the same key again.
  useEffect(() => {
    const controller = new AbortController();
    loadWithRetry(loader.current, controller.signal).then(
      (data) => {
        if (!controller.signal.aborted) setState({ key, data, done: true });
      },
      (error: unknown) => {
        if (!controller.signal.aborted)
          setState((s) => ({ key, data: s.key === key ? s.data : undefined, error, done: true }));
      },
    );
    return () => controller.abort();
  }, [key, round]);

  const refetch = useCallback(() => {
    // Without anything to show meanwhile, the page waits (loading) again rather than keep the old error.
    setState((s) => (s.data === undefined ? { key: s.key, done: false } : s));
    setRound((r) => r + 1);
  }, []);
  const current = state.key === key;
  return {
    data: current ? state.data : undefined,
    error: current ? state.error : undefined,
    isPending: !current || (!state.done && state.data === undefined),
    refetch,
  };
};
