import type { Language } from '@parley/contract';
import { type MailMessage, oneClickUnsubscribeHeaders, privateLinkMailBody } from '../mail/index.js';

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
    kind: `posts/${m.kind}`,
    subject: t.subject[m.kind](m.manufacturerName),
    text,
    html,
    headers: oneClickUnsubscribeHeaders(m.unsubscribeApiUrl, m.unsubscribeLink),
  };
};
