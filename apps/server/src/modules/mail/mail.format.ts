/** What every mail's HTML part and headers share: escaping, the call-to-action button, one-click unsubscribe. */

export const escapeHtml = (s: string) =>
  s.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );

/** The mail's main link as a button (inline styles: mail clients drop style sheets). */
export const mailButton = (href: string, label: string) =>
  `<a href="${escapeHtml(href)}" style="display:inline-block;padding:10px 18px;background:#1864ab;color:#fff;text-decoration:none;border-radius:4px">${escapeHtml(label)}</a>`;

/**
 * RFC 8058 one-click unsubscribe: the API address a mail client posts to, and the page a person
 * opens, in `List-Unsubscribe`, with `List-Unsubscribe-Post`.
 */
export const oneClickUnsubscribeHeaders = (apiUrl: string, pageUrl: string) => ({
  'List-Unsubscribe': `<${apiUrl}>, <${pageUrl}>`,
  'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
});
