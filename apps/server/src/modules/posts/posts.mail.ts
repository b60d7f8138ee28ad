import type { Language } from '@parley/contract';
import {
  escapeHtml,
  type MailMessage,
  mailButton,
  oneClickUnsubscribeHeaders,
  privateLinkMailBody,
} from '../mail/index.js';

export type PostMailKind = 'received' | 'answer' | 'comment';

const texts = {
  en: {
    subject: {
      received: (maker: string) => `Your feedback to ${maker}`,
      answer: (maker: string) => `${maker} answered your feedback`,
      comment: (maker: string) => `${maker} commented on your feedback`,
    },
    hello: (name: string) => `Hello ${name},`,
    intro: {
      received: (maker: string) => `thank you for your feedback to ${maker}. This is what you wrote:`,
      answer: (maker: string) => `${maker} has answered your feedback:`,
      comment: (maker: string) => `${maker} wrote a comment on your feedback:`,
    },
    link: 'Your feedback, its answer and its comments are at your private link, where you can also comment:',
    button: 'Open your feedback',
    personal: 'This link is yours alone: please do not forward it.',
    unsubscribe: 'No more emails about this feedback? Turn them off here:',
  },
  de: {
    subject: {
      received: (maker: string) => `Ihr Feedback an ${maker}`,
      answer: (maker: string) => `${maker} hat auf Ihr Feedback geantwortet`,
      comment: (maker: string) => `${maker} hat Ihr Feedback kommentiert`,
    },
    hello: (name: string) => `Hallo ${name},`,
    intro: {
      received: (maker: string) => `vielen Dank für Ihr Feedback an ${maker}.`,
      answer: (maker: string) => `${maker} hat auf Ihr Feedback geantwortet:`,
      comment: (maker: string) => `${maker} hat Ihr Feedback kommentiert:`,
    },
    link: 'Ihr Feedback, die Antwort und die Kommentare finden Sie unter Ihrem persönlichen Link, wo Sie auch kommentieren können:',
    button: 'Ihr Feedback öffnen',
    personal: 'Dieser Link gilt nur für Sie: Bitte leiten Sie ihn nicht weiter.',
    unsubscribe: 'Keine E-Mails mehr zu diesem Feedback? Hier abschalten:',
  },
} as const satisfies Record<Language, unknown>;

/**
 * A mail to a post's author (docs/product-decisions.md, "The platform area"): their post was
 * received, the owner answered it or commented on it; in the post's language, with the owner's
 * message, a fresh private link to their page and a one-click way to turn this post's mails off. The
 * receipt quotes nothing: anyone can type any address into the form, and the mail must not carry a
 * stranger's words to it.
 */
export const postMail = (m: {
  kind: PostMailKind;
  to: string;
  language: Language;
  name: string;
  manufacturerId: string;
  manufacturerName: string;
  /** The owner's answer or comment (none for the receipt). */
  message: string | null;
  postLink: string;
  unsubscribeLink: string;
  unsubscribeApiUrl: string;
}): MailMessage => {
  const t = texts[m.language];
  const intro = t.intro[m.kind](m.manufacturerName);
  const { text, html } = privateLinkMailBody({
    language: m.language,
    sender: m.manufacturerName,
    hello: t.hello(m.name),
    intro,
    message: m.message,
    link: m.postLink,
    button: t.button,
    linkText: t.link,
    personal: t.personal,
    unsubscribeText: t.unsubscribe,
    unsubscribeLink: m.unsubscribeLink,
  });
  return {
    to: m.to,
    onBehalfOf: { manufacturerId: m.manufacturerId, name: m.manufacturerName },
    kind: `posts/${m.kind}`,
    subject: t.subject[m.kind](m.manufacturerName),
    text,
    html,
    headers: oneClickUnsubscribeHeaders(m.unsubscribeApiUrl, m.unsubscribeLink),
  };
};

const confirmTexts = {
  en: {
    subject: (maker: string) => `Please confirm your report on the feedback page of ${maker}`,
    hello: 'Hello,',
    intro: (maker: string) =>
      `someone, we hope you, reported a post on the feedback page of ${maker} and gave this email address. A report counts only once its address is confirmed. If it was you, please confirm it:`,
    button: 'Confirm the report',
    expiry: (hours: number) => `The link is good for ${hours} hours.`,
    notYou: 'If it was not you, please ignore this email: without confirmation nothing happens.',
  },
  de: {
    subject: (maker: string) => `Bitte bestätigen Sie Ihre Meldung auf der Feedback-Seite von ${maker}`,
    hello: 'Hallo,',
    intro: (maker: string) =>
      `jemand, hoffentlich Sie, hat einen Beitrag auf der Feedback-Seite von ${maker} gemeldet und diese E-Mail-Adresse angegeben. Eine Meldung zählt erst, wenn ihre Adresse bestätigt ist. Wenn Sie es waren, bestätigen Sie sie bitte:`,
    button: 'Meldung bestätigen',
    expiry: (hours: number) => `Der Link gilt ${hours} Stunden.`,
    notYou:
      'Wenn Sie es nicht waren, beachten Sie diese E-Mail bitte nicht: Ohne Bestätigung geschieht nichts.',
  },
} as const satisfies Record<Language, unknown>;

/**
 * The link a visitor's report is confirmed by (docs/product-decisions.md, "The platform area"), in
 * the page's language. Like the author's receipt it quotes nothing that was typed (neither the reason
 * nor the post): anyone can type any address into the report.
 */
export const reportConfirmationMail = (m: {
  to: string;
  language: Language;
  manufacturerId: string;
  manufacturerName: string;
  link: string;
  hours: number;
}): MailMessage => {
  const t = confirmTexts[m.language];
  const intro = t.intro(m.manufacturerName);
  return {
    to: m.to,
    onBehalfOf: { manufacturerId: m.manufacturerId, name: m.manufacturerName },
    kind: 'posts/report-confirmation',
    subject: t.subject(m.manufacturerName),
    text: [t.hello, '', intro, '', m.link, '', t.expiry(m.hours), t.notYou, ''].join('\n'),
    html: `<!doctype html><html lang="${m.language}"><body style="font-family:sans-serif;line-height:1.5;color:#212529">
<p><strong>${escapeHtml(m.manufacturerName)}</strong></p>
<p>${escapeHtml(t.hello)}</p>
<p>${escapeHtml(intro)}</p>
<p>${mailButton(m.link, t.button)}</p>
<p style="font-size:13px"><a href="${escapeHtml(m.link)}">${escapeHtml(m.link)}</a></p>
<p style="font-size:13px">${escapeHtml(t.expiry(m.hours))} ${escapeHtml(t.notYou)}</p>
</body></html>`,
  };
};
