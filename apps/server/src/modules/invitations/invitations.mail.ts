import type { Language } from '@parley/contract';
import { escapeHtml, type MailMessage, mailButton, oneClickUnsubscribeHeaders } from '../mail/index.js';

const texts = {
  en: {
    subject: (title: string, maker: string) => `${maker} asks for your opinion: ${title}`,
    reminderSubject: (title: string, maker: string) => `Reminder: ${maker} asks for your opinion: ${title}`,
    hello: (name: string | null) => (name ? `Hello ${name},` : 'Hello,'),
    invite: (title: string, maker: string) => `${maker} invites you to take part in the survey "${title}".`,
    remind: (title: string, maker: string) =>
      `a few days ago ${maker} invited you to the survey "${title}". It is still open, and your answer still counts.`,
    link: 'Your personal link to the survey:',
    button: 'Open the survey',
    personal: 'This link is yours alone: please do not forward it.',
    unsubscribe: (maker: string) => `No more invitations from ${maker}? Unsubscribe here:`,
  },
  de: {
    subject: (title: string, maker: string) => `${maker} bittet um Ihre Meinung: ${title}`,
    reminderSubject: (title: string, maker: string) =>
      `Erinnerung: ${maker} bittet um Ihre Meinung: ${title}`,
    hello: (name: string | null) => (name ? `Hallo ${name},` : 'Guten Tag,'),
    invite: (title: string, maker: string) => `${maker} lädt Sie zur Umfrage „${title}“ ein.`,
    remind: (title: string, maker: string) =>
      `vor einigen Tagen hat ${maker} Sie zur Umfrage „${title}“ eingeladen. Sie ist noch offen, und Ihre Antwort zählt weiterhin.`,
    link: 'Ihr persönlicher Link zur Umfrage:',
    button: 'Umfrage öffnen',
    personal: 'Dieser Link gilt nur für Sie: Bitte leiten Sie ihn nicht weiter.',
    unsubscribe: (maker: string) => `Keine Einladungen von ${maker} mehr? Hier abmelden:`,
  },
} as const satisfies Record<Language, unknown>;

/**
 * An invitation or reminder mail (docs/product-decisions.md, "Invitations"): a plain-text part and a
 * simple HTML part with the manufacturer's name and image, the personal link, and a one-click
 * unsubscribe (RFC 8058 `List-Unsubscribe` and `List-Unsubscribe-Post`, and the link in the text).
 */
export const invitationMail = (m: {
  to: string;
  language: Language;
  reminder: boolean;
  firstname: string | null;
  campaignTitle: string;
  manufacturerId: string;
  manufacturerName: string;
  manufacturerImage: string | null;
  surveyLink: string;
  unsubscribeLink: string;
  unsubscribeApiUrl: string;
}): MailMessage => {
  const t = texts[m.language];
  const intro = m.reminder
    ? t.remind(m.campaignTitle, m.manufacturerName)
    : t.invite(m.campaignTitle, m.manufacturerName);
  const text = [
    t.hello(m.firstname),
    '',
    intro,
    '',
    t.link,
    m.surveyLink,
    '',
    t.personal,
    '',
    '-- ',
    t.unsubscribe(m.manufacturerName),
    m.unsubscribeLink,
    '',
  ].join('\n');
  const image = m.manufacturerImage
    ? `<p><img src="${escapeHtml(m.manufacturerImage)}" alt="${escapeHtml(m.manufacturerName)}" style="max-height:64px"></p>`
    : '';
  const html = `<!doctype html><html lang="${m.language}"><body style="font-family:sans-serif;line-height:1.5;color:#212529">
${image}<p><strong>${escapeHtml(m.manufacturerName)}</strong></p>
<p>${escapeHtml(t.hello(m.firstname))}</p>
<p>${escapeHtml(intro)}</p>
<p>${mailButton(m.surveyLink, t.button)}</p>
<p style="font-size:13px">${escapeHtml(t.link)}<br><a href="${escapeHtml(m.surveyLink)}">${escapeHtml(m.surveyLink)}</a></p>
<p style="font-size:13px">${escapeHtml(t.personal)}</p>
<hr><p style="font-size:12px;color:#495057">${escapeHtml(t.unsubscribe(m.manufacturerName))} <a href="${escapeHtml(m.unsubscribeLink)}">${escapeHtml(m.unsubscribeLink)}</a></p>
</body></html>`;
  return {
    to: m.to,
    onBehalfOf: { manufacturerId: m.manufacturerId, name: m.manufacturerName },
    kind: m.reminder ? 'invitations/reminder' : 'invitations/invitation',
    subject: m.reminder
      ? t.reminderSubject(m.campaignTitle, m.manufacturerName)
      : t.subject(m.campaignTitle, m.manufacturerName),
    text,
    html,
    headers: oneClickUnsubscribeHeaders(m.unsubscribeApiUrl, m.unsubscribeLink),
  };
};
