/**
 * An owner's avatar address (docs/product-decisions.md, "API-wide"): an image link the console shows in
 * its user menu. Only a web address is taken: `https:`, and plain `http:` only where Parley itself runs
 * without TLS (development, where the embedded store's own files are `http://localhost…`). Anything
 * else (`javascript:`, `data:`, `file:`, a relative path) is refused. The console checks with this
 * before it sends, the contract's schema and the server with the same function.
 */

/** The longest avatar address, as for every stored link. */
export const avatarUrlMax = 2000;

/** `tooLong`, `invalid` (not an http(s) address) or `insecure` (plain http where only https is taken). */
export type AvatarUrlProblem = 'tooLong' | 'invalid' | 'insecure';

/** What is wrong with an avatar address (trimmed by the caller), or undefined when it is fine. */
export const avatarUrlProblem = (
  value: string,
  opts: { allowHttp: boolean },
): AvatarUrlProblem | undefined => {
  if (value.length > avatarUrlMax) return 'tooLong';
  if (/\s/.test(value) || !URL.canParse(value)) return 'invalid';
  const url = new URL(value);
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return 'invalid';
  // A link with credentials would send them to whoever hosts the image (and hides the real host).
  if (url.username !== '' || url.password !== '' || url.hostname === '') return 'invalid';
  return url.protocol === 'http:' && !opts.allowHttp ? 'insecure' : undefined;
};

/**
 * A manufacturer's privacy-notice and imprint links (docs/product-decisions.md, "API-wide"): shown on
 * its public pages and in its mails, so only `https:` (no plain http, not even in development), by
 * the avatar's rule otherwise.
 */
export const publicLinkProblem = (value: string): AvatarUrlProblem | undefined =>
  avatarUrlProblem(value, { allowHttp: false });

/** The server's English words for a refused privacy-notice or imprint link. */
export const publicLinkMessages: Record<AvatarUrlProblem, string> = {
  tooLong: `must be at most ${avatarUrlMax} characters`,
  invalid: 'must be an https address',
  insecure: 'must be an https address',
};

/** The server's English words for each problem (the console has its own, in German and English). */
export const avatarUrlMessages: Record<AvatarUrlProblem, string> = {
  tooLong: `must be at most ${avatarUrlMax} characters`,
  invalid: 'must be an https address of an image',
  insecure: 'must be an https address (plain http only in development)',
};
