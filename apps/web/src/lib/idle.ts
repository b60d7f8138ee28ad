/**
 * Runs `run` once the browser is idle (at the latest after `timeout` ms), for work the first screen
 * does not need: fetching code the owner may want next. Answers a function that cancels it.
 */
export const whenIdle = (run: () => void, timeout = 3000): (() => void) => {
  if (typeof window.requestIdleCallback === 'function') {
    const id = window.requestIdleCallback(run, { timeout });
    return () => window.cancelIdleCallback(id);
  }
  const id = window.setTimeout(run, Math.min(timeout, 1000));
  return () => window.clearTimeout(id);
};
