import type { RefObject } from 'react';

/**
 * Once a dialog has gone: when the focus was lost with what opened it or with what the dialog
 * changed (a removed chip, a picker that closed), it goes to `fallback`; otherwise it stays.
 */
export const refocus = (fallback: RefObject<HTMLElement | null>) => {
  const active = document.activeElement;
  const lost = active === null || active === document.body || !active.isConnected;
  if (lost && fallback.current?.isConnected) fallback.current.focus();
};
