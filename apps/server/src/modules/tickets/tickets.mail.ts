import type { Language } from '@parley/contract';
import { type MailMessage, oneClickUnsubscribeHeaders, privateLinkMailBody } from '../mail/index.js';

export type ConversationMailKind = 'answer' | 'comment' | 'followUp' | 'followUpReminder';

const texts = {
  en: {
    subject: {
      answer: (maker: string, title: string) => `${maker} answered you about "${title}"`,
      comment: (maker: string, title: string) => `New message from ${maker} about "${title}"`,
      followUp: (maker: string, title: string) => `${maker} has a question about "${title}"`,
      followUpReminder: (maker: string, title: string) =>
        `Reminder: ${maker} is waiting for your reply about "${title}"`,
    },
    hello: (name: string | null) => (name ? `Hello ${name},` : 'Hello,'),
    intro: {
      answer: (maker: string, title: string) => `${maker} has answered your participation in "${title}":`,
      comment: (maker: string, title: string) =>
        `${maker} wrote to you about your participation in "${title}":`,
      followUp: (maker: string, title: string) =>
        `${maker} wrote to you about your participation in "${title}":`,
      followUpReminder: (maker: string, title: string) =>
        `a few days ago ${maker} wrote to you about your participation in "${title}" and would be glad of a reply:`,
    },
    reply: 'Read the whole conversation and reply at your private link:',
    button: 'Open the conversation',
    personal: 'This link is yours alone: please do not forward it.',
    unsubscribe: 'No more emails about this conversation? Turn them off here:',
  },
  de: {
    subject: {
      answer: (maker: string, title: string) => `${maker} hat Ihnen zu „${title}“ geantwortet`,
      comment: (maker: string, title: string) => `Neue Nachricht von ${maker} zu „${title}“`,
      followUp: (maker: string, title: string) => `${maker} hat eine Frage zu „${title}“`,
      followUpReminder: (maker: string, title: string) =>
        `Erinnerung: ${maker} wartet auf Ihre Antwort zu „${title}“`,
    },
    hello: (name: string | null) => (name ? `Hallo ${name},` : 'Guten Tag,'),
    intro: {
      answer: (maker: string, title: string) => `${maker} hat auf Ihre Teilnahme an „${title}“ geantwortet:`,
      comment: (maker: string, title: string) =>
        `${maker} hat Ihnen zu Ihrer Teilnahme an „${title}“ geschrieben:`,
      followUp: (maker: string, title: string) =>
        `${maker} hat Ihnen zu Ihrer Teilnahme an „${title}“ geschrieben:`,
      followUpReminder: (maker: string, title: string) =>
        `vor einigen Tagen hat ${maker} Ihnen zu Ihrer Teilnahme an „${title}“ geschrieben und würde sich über eine Antwort freuen:`,
    },
    reply: 'Das ganze Gespräch lesen und antworten können Sie unter Ihrem persönlichen Link:',
    button: 'Gespräch öffnen',
    personal: 'Dieser Link gilt nur für Sie: Bitte leiten Sie ihn nicht weiter.',
    unsubscribe: 'Keine E-Mails mehr zu diesem Gespräch? Hier abschalten:',
  },
} as const satisfies Record<Language, unknown>;

/**
 * A mail of the ticket conversation to the participant (docs/product-decisions.md, "The ticket
 * conversation"): the owner's answer, a comment, a mass follow-up or its reminder, in the ticket's
 * language, with the message, a fresh private link to the ticket page and a one-click way to turn
 * this conversation's mails off (RFC 8058 headers and a link).
 */
export const conversationMail = (m: {
  kind: ConversationMailKind;
  to: string;
  language: Language;
  firstname: string | null;
  manufacturerId: string;
  manufacturerName: string;
  campaignTitle: string;
  message: string;
  ticketLink: string;
  unsubscribeLink: string;
  unsubscribeApiUrl: string;
  /** The owner's own subject, filled (a mass follow-up's); absent: the kind's. */
  subject?: string | undefined;
}): MailMessage => {
  const t = texts[m.language];
  const intro = t.intro[m.kind](m.manufacturerName, m.campaignTitle);
  const { text, html } = privateLinkMailBody({
    language: m.language,
    sender: m.manufacturerName,
    hello: t.hello(m.firstname),
    intro,
    message: m.message,
    link: m.ticketLink,
    button: t.button,
    linkText: t.reply,
    personal: t.personal,
    unsubscribeText: t.unsubscribe,
    unsubscribeLink: m.unsubscribeLink,
  });
  return {
    to: m.to,
    onBehalfOf: { manufacturerId: m.manufacturerId, name: m.manufacturerName },
    kind: `tickets/${m.kind}`,
    // One line whatever a participant's name holds (the header must not break).
    subject: (m.subject ?? t.subject[m.kind](m.manufacturerName, m.campaignTitle)).replace(/\p{Cc}+/gu, ' '),
    text,
    html,
    headers: oneClickUnsubscribeHeaders(m.unsubscribeApiUrl, m.unsubscribeLink),
  };
};
