const base = 'http://console.invalid';

/**
 * D10: `destination` only ever leads to a path of the console itself. Anything else (another
 * origin, `//host`, a scheme, a public `/p/` page, /login itself) falls back to the dashboard.
 */
export const safeDestination = (raw: string | null | undefined): string => {
  if (!raw?.startsWith('/') || raw.startsWith('//') || raw.startsWith('/\\')) return '/';
  // Control characters could smuggle a scheme or host past the checks below.
  if ([...raw].some((c) => c.charCodeAt(0) < 0x20 || c.charCodeAt(0) === 0x7f)) return '/';
  let url: URL;
  try {
    url = new URL(raw, base);
  } catch {
    return '/';
  }
  if (url.origin !== base) return '/';
  const { pathname } = url;
  if (pathname === '/p' || pathname.startsWith('/p/') || pathname === '/login') return '/';
  return `${pathname}${url.search}${url.hash}`;
};

/** Where a signed-out visitor of `pathname + search` is sent (the dashboard needs no destination). */
export const loginPathFor = (pathname: string, search: string): string => {
  const wanted = `${pathname}${search}`;
  return wanted === '/' ? '/login' : `/login?destination=${encodeURIComponent(wanted)}`;
};
