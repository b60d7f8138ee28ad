import { type ComponentType, createElement, type LazyExoticComponent, lazy } from 'react';

/** Pages whose code failed to load, each able to make a fresh attempt. */
const failed = new Set<() => void>();

/**
 * A route module loaded on demand (one chunk each). React.lazy keeps a failed load failed for
 * good, so a page whose chunk could not be fetched (an outage, a deploy) gets a fresh lazy
 * component when retryFailedPages() is called by the page error boundary's "Try again".
 */
export const lazyPage = <M>(load: () => Promise<M>, pick: (module: M) => ComponentType): ComponentType => {
  let current: LazyExoticComponent<ComponentType>;
  const reset = () => {
    current = lazy(async () => {
      try {
        return { default: pick(await load()) };
      } catch (err) {
        failed.add(reset);
        throw err;
      }
    });
  };
  reset();
  const Page = () => createElement(current);
  return Page;
};

/** Lets every page whose code failed to load try again at its next render. */
export const retryFailedPages = () => {
  for (const reset of [...failed]) reset();
  failed.clear();
};
