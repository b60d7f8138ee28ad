import { useCallback, useEffect, useRef, useState } from 'react';

export type Load<T> = {
  data: T | undefined;
  error: unknown;
  isPending: boolean;
  /** Loads again; what was there stays on screen until the new answer arrives. */
  refetch: () => void;
};

/**
 * One read for a page that needs no query cache (the public pages, docs/architecture.md): loads
 * once per `key`, drops an answer that arrives after the key changed or the page went, and can
 * load again on request.
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
    loader.current(controller.signal).then(
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
