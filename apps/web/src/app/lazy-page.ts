import { type ComponentType, createElement, type LazyExoticComponent, lazy } from 'react';
import { textsReady } from '@/lib/texts';

/** Pages whose code failed to load, each able to make a fresh attempt. */
const failed = new Set<() => void>();

/** A route page: rendered like a component, and its code (with its texts) fetched ahead by `preload`. */
export type LazyPage = ComponentType & { preload: () => Promise<void> };

/**
 * A route module loaded on demand (one chunk each), shown once its texts are there. `preload` fetches it
 * ahead (a link pointed at, the route's loader, the browser idle), so rendering it later does not wait.
 * React.lazy keeps a failed load failed for good, so a page whose chunk could not be fetched (an outage,
 * a deploy) gets a fresh lazy component when retryFailedPages() is called by the page error boundary's
 * "Try again".
 */
export const lazyPage = <M>(load: () => Promise<M>, pick: (module: M) => ComponentType): LazyPage => {
  let loading: Promise<M> | null = null;
  const loadOnce = () => {
    loading ??= load().then(
      async (module) => {
        // The texts of the module's groups started loading when it was evaluated (lib/texts.ts).
        await textsReady();
        return module;
      },
      (err: unknown) => {
        loading = null;
        throw err;
      },
    );
    return loading;
  };
  let current: LazyExoticComponent<ComponentType>;
  const reset = () => {
    loading = null;
    current = lazy(async () => {
      try {
        return { default: pick(await loadOnce()) };
      } catch (err) {
        failed.add(reset);
        throw err;
      }
    });
  };
  reset();
  const Page = () => createElement(current);
  return Object.assign(Page, {
    preload: () =>
      loadOnce().then(
        () => undefined,
        () => undefined,
      ),
  });
};

/** Lets every page whose code failed to load try again at its next render. */
export const retryFailedPages = () => {
  for (const reset of [...failed]) reset();
  failed.clear();
};
