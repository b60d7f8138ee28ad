import type { Language, TicketAnswer } from '@parley/contract';
import type { MailMessage } from '../mail/index.js';

const texts = {
  en: {
    subject: (title: string) => `Your answers to "${title}"`,
    hello: (name: string | null) => (name ? `Hello ${name},` : 'Hello,'),
    thanks: (title: string, maker: string) => `thank you for taking part in "${title}" by ${maker}.`,
    link: 'Your answers, and any reply to them, are at this private link. Opening it confirms your email address:',
    yours: 'Your answers:',
    skipped: '(skipped)',
    notYou: 'If you did not answer this survey, you can ignore this email.',
  },
  de: {
    subject: (title: string) => `Ihre Antworten zu „${title}“`,
    hello: (name: string | null) => (name ? `Hallo ${name},` : 'Guten Tag,'),
    thanks: (title: string, maker: string) => `vielen Dank für Ihre Teilnahme an „${title}“ von ${maker}.`,
    link: 'Ihre Antworten und spätere Rückmeldungen dazu finden Sie unter diesem persönlichen Link. Wenn Sie ihn öffnen, ist Ihre E-Mail-Adresse bestätigt:',
    yours: 'Ihre Antworten:',
    skipped: '(übersprungen)',
    notYou: 'Falls Sie an dieser Umfrage nicht teilgenommen haben, können Sie diese E-Mail ignorieren.',
  },
} as const satisfies Record<Language, unknown>;

/** An answer in plain text: the chosen options by their text, a ranking numbered best first. */
const answerText = (a: TicketAnswer, skipped: string) => {
  if (a.skipped) return skipped;
  if (a.type === 'FreeText') return a.value.text ?? '';
  const label = (id: string) => a.options.find((o) => o._id === id)?.text ?? '';
  const ids = a.value.optionIds ?? [];
  return a.type === 'Ranking'
    ? ids.map((id, i) => `${i + 1}. ${label(id)}`).join(', ')
    : ids.map(label).join('; ');
};

/**
 * The plain text of a participant's mail that carries their private link: greeting, what happened,
 * the link, anything more, and what to do if it was not them.
 */
const letterWithLink = (l: {
  hello: string;
  intro: string;
  linkLabel: string;
  link: string;
  more: string[];
  notYou: string;
}) => [l.hello, '', l.intro, '', l.linkLabel, l.link, '', ...l.more, l.notYou, ''].join('\n');

/** The mail that gives the participant their private ticket link (`/p/t/:token`), in the campaign's language. */
export const ticketLinkMail = (m: {
  to: string;
  language: Language;
  firstname: string | null;
  campaignTitle: string;
  manufacturerId: string;
  manufacturerName: string;
  link: string;
  answers: TicketAnswer[];
}): MailMessage => {
  const t = texts[m.language];
  const lines = m.answers.map(
    (a, i) => `${i + 1}. ${a.text}\n   ${answerText(a, t.skipped).replaceAll('\n', '\n   ')}`,
  );
  return {
    to: m.to,
    onBehalfOf: { manufacturerId: m.manufacturerId, name: m.manufacturerName },
    kind: 'participation/ticket-link',
    subject: t.subject(m.campaignTitle),
    text: letterWithLink({
      hello: t.hello(m.firstname),
      intro: t.thanks(m.campaignTitle, m.manufacturerName),
      linkLabel: t.link,
      link: m.link,
      more: [t.yours, '', ...lines, ''],
      notYou: t.notYou,
    }),
  };
};

const answeredTexts = {
  en: {
    subject: (title: string) => `You have already answered "${title}"`,
    hello: (name: string | null) => (name ? `Hello ${name},` : 'Hello,'),
    intro: (title: string, maker: string) =>
      `this email address was just entered to answer "${title}" by ${maker}. It has answered this survey already, and each address answers it once, so no new answers can be sent with it.`,
    link: 'Your answers, and any reply to them, are at this private link:',
    notYou: 'If it was not you who entered the address, you can ignore this email: nothing was changed.',
  },
  de: {
    subject: (title: string) => `Sie haben „${title}“ bereits beantwortet`,
    hello: (name: string | null) => (name ? `Hallo ${name},` : 'Guten Tag,'),
    intro: (title: string, maker: string) =>
      `soeben wurde diese E-Mail-Adresse angegeben, um „${title}“ von ${maker} zu beantworten. Mit ihr wurde diese Umfrage bereits beantwortet, und jede Adresse beantwortet sie einmal; neue Antworten lassen sich mit ihr daher nicht senden.`,
    link: 'Ihre Antworten und spätere Rückmeldungen dazu finden Sie unter diesem persönlichen Link:',
    notYou:
      'Falls nicht Sie die Adresse angegeben haben, können Sie diese E-Mail ignorieren: Es wurde nichts geändert.',
  },
} as const satisfies Record<Language, unknown>;

/**
 * The mail to an address that starts a survey it has answered already (docs/product-decisions.md,
 * "Participation"): the page's check says nothing about the address, so its owner is told here, in
 * the ticket's language, with a fresh private link to their answers.
 */
export const alreadyAnsweredMail = (m: {
  to: string;
  language: Language;
  firstname: string | null;
  campaignTitle: string;
  manufacturerId: string;
  manufacturerName: string;
  link: string;
}): MailMessage => {
  const t = answeredTexts[m.language];
  return {
    to: m.to,
    onBehalfOf: { manufacturerId: m.manufacturerId, name: m.manufacturerName },
    kind: 'participation/already-answered',
    subject: t.subject(m.campaignTitle),
    text: letterWithLink({
      hello: t.hello(m.firstname),
      intro: t.intro(m.campaignTitle, m.manufacturerName),
      linkLabel: t.link,
      link: m.link,
      more: [],
      notYou: t.notYou,
    }),
  };
};
