import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, beforeEach, vi } from 'vitest';
import '@/lib/i18n';
import { loadAllTexts } from '@/lib/texts';

// The console and the sign-in page hand over by full page loads, which jsdom cannot make: tests see
// where a page would go through this mock (lib/leave-page.ts).
vi.mock('@/lib/leave-page', async (importOriginal) => ({
  ...(await importOriginal<typeof import('@/lib/leave-page')>()),
  leaveTo: vi.fn(),
}));

// Every text in both languages, as the console has them once its screens have loaded (lib/texts.ts):
// a test renders any screen, in either language, at once.
await loadAllTexts();

// The first render of a test file transforms every lazy route module on demand, which takes
// seconds on a busy machine: allow for it.
configure({ asyncUtilTimeout: 10_000 });

// Mantine reads media queries and observes element sizes; jsdom implements neither.
Object.defineProperty(window, 'matchMedia', {
  writable: true,
  value: (query: string) => ({
    matches: false,
    media: query,
    onchange: null,
    addListener: () => undefined,
    removeListener: () => undefined,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
    dispatchEvent: () => false,
  }),
});

class ResizeObserverStub {
  observe() {}
  unobserve() {}
  disconnect() {}
}
window.ResizeObserver = ResizeObserverStub;
window.HTMLElement.prototype.scrollIntoView = () => undefined;
window.scrollTo = () => undefined;

// The api client logs every HTTP failure by design; tests provoke them on purpose.
const realError = console.error;
beforeEach(() => {
  vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
    if (typeof args[0] === 'string' && args[0].startsWith('[api]')) return;
    realError(...args);
  });
});

afterEach(() => {
  cleanup();
  window.localStorage.clear();
  window.sessionStorage.clear();
  document.cookie.split(';').forEach((cookie) => {
    const name = cookie.split('=')[0]?.trim();
    // biome-ignore lint/suspicious/noDocumentCookie: expiring the cookies a test set.
    if (name) document.cookie = `${name}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/`;
  });
});

afterEach(async () => {
  const { resetAppState } = await import('./test-utils');
  await resetAppState();
});

// A request for a path that no route of the contract has is a mistake in the app or the test,
// even when the app copes with the fake server's refusal.
afterEach(async () => {
  const { takeUnknownRequests } = await import('./fake-server');
  const unknown = takeUnknownRequests();
  if (unknown.length > 0) throw new Error(`Requests for no route of the contract: ${unknown.join(', ')}`);
});
