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

/**
 * The body of a mail that carries a message to one person with their private link (the ticket
 * conversation's, a post author's): greeting, intro, the quoted message when there is one, the link
 * as a button and in full, a "this link is yours" line, and the way to turn these mails off. The
 * text part and the HTML part say the same.
 */
export const privateLinkMailBody = (m: {
  language: string;
  sender: string;
  hello: string;
  intro: string;
  message: string | null;
  link: string;
  button: string;
  linkText: string;
  personal: string;
  unsubscribeText: string;
  unsubscribeLink: string;
}) => ({
  text: [
    m.hello,
    '',
    m.intro,
    '',
    ...(m.message === null ? [] : [...m.message.split('\n').map((l) => `> ${l}`), '']),
    m.linkText,
    m.link,
    '',
    m.personal,
    '',
    '-- ',
    m.unsubscribeText,
    m.unsubscribeLink,
    '',
  ].join('\n'),
  html: `<!doctype html><html lang="${m.language}"><body style="font-family:sans-serif;line-height:1.5;color:#212529">
<p><strong>${escapeHtml(m.sender)}</strong></p>
<p>${escapeHtml(m.hello)}</p>
<p>${escapeHtml(m.intro)}</p>
${m.message === null ? '' : `<blockquote style="margin:0 0 1em;padding:8px 12px;border-left:3px solid #1864ab;background:#f1f3f5;white-space:pre-wrap">${escapeHtml(m.message)}</blockquote>`}
<p>${mailButton(m.link, m.button)}</p>
<p style="font-size:13px">${escapeHtml(m.linkText)}<br><a href="${escapeHtml(m.link)}">${escapeHtml(m.link)}</a></p>
<p style="font-size:13px">${escapeHtml(m.personal)}</p>
<hr><p style="font-size:12px;color:#495057">${escapeHtml(m.unsubscribeText)} <a href="${escapeHtml(m.unsubscribeLink)}">${escapeHtml(m.unsubscribeLink)}</a></p>
</body></html>`,
});
