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

/** The mail that gives the participant their private ticket link (`/p/t/:token`), in the campaign's language. */
export const ticketLinkMail = (m: {
  to: string;
  language: Language;
  firstname: string | null;
  campaignTitle: string;
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
    kind: 'participation/ticket-link',
    subject: t.subject(m.campaignTitle),
    text: [
      t.hello(m.firstname),
      '',
      t.thanks(m.campaignTitle, m.manufacturerName),
      '',
      t.link,
      m.link,
      '',
      t.yours,
      '',
      ...lines,
      '',
      t.notYou,
      '',
    ].join('\n'),
  };
};
