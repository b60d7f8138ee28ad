/**
 * Public pages whose address holds a secret (docs/product-decisions.md, "API-wide"): a participant's
 * invitation or ticket token (the unsubscribe page carries the invitation's), a shared-results token. Whoever has such a link reads what it opens, so
 * the server sends these pages with no Referer at all, and the console's analytics never reports the
 * secret part of their path.
 */
export const secretLinkPrefixes = ['/p/i/', '/p/t/', '/p/unsubscribe/', '/p/results/'] as const;

/** The path with a secret link's token replaced by `:token` (`/p/t/abc` → `/p/t/:token`); others unchanged. */
export const redactSecretLink = (pathname: string): string => {
  const prefix = secretLinkPrefixes.find((p) => pathname.startsWith(p));
  return prefix ? `${prefix}:token` : pathname;
};
