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

const interactions = ['pointermove', 'pointerdown', 'keydown', 'touchstart', 'wheel', 'scroll'] as const;

/**
 * Runs `run` when the browser is idle after the person's first interaction with the page (a pointer
 * moved, a key pressed, a touch, a scroll): for code fetched ahead of time, which should not compete with
 * the first screen while it loads and settles. Answers a function that cancels it.
 */
export const whenIdleAfterInteraction = (run: () => void): (() => void) => {
  let cancelIdle: (() => void) | null = null;
  const start = () => {
    stop();
    cancelIdle = whenIdle(run);
  };
  const stop = () => {
    for (const e of interactions) window.removeEventListener(e, start, true);
  };
  for (const e of interactions) window.addEventListener(e, start, { capture: true, passive: true });
  return () => {
    stop();
    cancelIdle?.();
  };
};
