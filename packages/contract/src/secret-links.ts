/**
 * Public pages whose address holds a secret (docs/product-decisions.md, "API-wide"): a participant's
 * invitation or ticket token (the unsubscribe page carries the invitation's), a shared-results token, a post
 * author's token (`/p/f/:manufacturerId/mine/:token`), a report's confirmation token
 * (`/p/f/:manufacturerId/report/:token`). Whoever has such a link reads what it opens, so
 * the server sends these pages with no Referer at all, and the console's analytics never reports the
 * secret part of their path.
 */
export const secretLinkPrefixes = ['/p/i/', '/p/t/', '/p/unsubscribe/', '/p/results/'] as const;

/** A post author's page or a report's confirmation: the feedback page's address, then `mine/` or `report/` and the token. */
const authorLink = /^(\/p\/f\/[^/?#]+\/(?:mine|report)\/)[^/?#]/;

/** Whether the path is one of a page that holds a secret. */
export const holdsSecretLink = (pathname: string) =>
  secretLinkPrefixes.some((p) => pathname.startsWith(p)) || authorLink.test(pathname);

/** The path with a secret link's token replaced by `:token` (`/p/t/abc` → `/p/t/:token`); others unchanged. */
export const redactSecretLink = (pathname: string): string => {
  const prefix = secretLinkPrefixes.find((p) => pathname.startsWith(p));
  if (prefix) return `${prefix}:token`;
  const author = authorLink.exec(pathname);
  return author ? `${author[1]}:token` : pathname;
};
