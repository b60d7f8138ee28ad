import type { HistoryKind, Language, Product } from '@parley/contract';
import type { DbOrTx } from '../../db/client.js';
import type { MailMessage } from '../mail/index.js';
import type { OwnerMailDeps, Recipient } from './history.mail.js';
import {
  countInMailWindow,
  holdEntryMail,
  type NewHistoryEntry,
  overdueDigests,
  takeHeldEntries,
} from './history.repository.js';

/**
 * The hourly ceiling on the owners' mails about what strangers cause, and the digest past it
 * (docs/product-decisions.md, "Owner mails"): anyone can post feedback, send the contact form or
 * write in a conversation they have the link of, and each of those mails every owner who switched
 * its kind on. The per-client limits do not bound that for many client addresses; this does, per
 * manufacturer, counted in PostgreSQL in the entry's transaction (so across instances).
 */

export const OWNER_DIGEST_JOB = 'history.owner-digest';
export const OWNER_DIGEST_SWEEP_JOB = 'history.owner-digest-sweep';

/** A window of the ceiling: it opens with its first mailed entry and lasts this long. */
export const OWNER_MAIL_WINDOW_MS = 60 * 60_000;

/**
 * A window's digest starts this long after the window closed, so entries whose transactions were
 * still open at its end have committed by then.
 */
export const OWNER_DIGEST_DELAY_MS = 60_000;

/**
 * Held entries whose digest was due longer ago than this are overdue: the sweep queues a digest for
 * their manufacturer (one whose transaction committed after its window's digest ran, or whose digest
 * failed every try).
 */
export const OWNER_DIGEST_GRACE_MS = 10 * 60_000;

type Line = { kind: HistoryKind; product: Product; path: string; en: [string, string]; de: [string, string] };

/** The kinds the ceiling counts, each with its console list and words (one, many), in the digest's order. */
const lines: Line[] = [
  {
    kind: 'newFeedbackByUser',
    product: 'platform',
    path: '/platform/tickets',
    en: ['new feedback post', 'new feedback posts'],
    de: ['neuer Feedback-Beitrag', 'neue Feedback-Beiträge'],
  },
  {
    kind: 'newComment',
    product: 'platform',
    path: '/platform/tickets',
    en: ['new comment on feedback', 'new comments on feedback'],
    de: ['neuer Kommentar zu Feedback', 'neue Kommentare zu Feedback'],
  },
  {
    kind: 'newContactRequest',
    product: 'connect',
    path: '/connect/contact-requests',
    en: ['new contact request', 'new contact requests'],
    de: ['neue Kontaktanfrage', 'neue Kontaktanfragen'],
  },
  {
    kind: 'newComment',
    product: 'connect',
    path: '/connect/tickets',
    en: ['new message from a participant', 'new messages from participants'],
    de: ['neue Nachricht von Teilnehmenden', 'neue Nachrichten von Teilnehmenden'],
  },
];

/** The kinds strangers cause: only these count against the ceiling and may be held for the digest. */
export const digestKinds: ReadonlySet<HistoryKind> = new Set(lines.map((l) => l.kind));

/** The digest's words, in the owner's profile language (docs/product-decisions.md, "Owner mails"). */
const digestWords = {
  en: {
    subject: (n: number) => `${n} more notifications`,
    past: (perHour: number) =>
      `More arrived than Parley mails one by one (at most ${perHour} notification mails an hour). Since then:`,
    hourly: 'Parley collects these notifications into one mail an hour. In the last hour:',
    history: 'Each of them is in the history of your console too.',
    why: 'You get this mail because these notifications are switched on in your profile:',
  },
  de: {
    subject: (n: number) => `${n} weitere Benachrichtigungen`,
    past: (perHour: number) =>
      `Es kam mehr an, als Parley einzeln mailt (höchstens ${perHour} Benachrichtigungen pro Stunde). Seitdem:`,
    hourly:
      'Parley fasst diese Benachrichtigungen stündlich in einer E-Mail zusammen. In der letzten Stunde:',
    history: 'Alle stehen auch im Verlauf Ihrer Konsole.',
    why: 'Sie erhalten diese E-Mail, weil diese Benachrichtigungen in Ihrem Profil eingeschaltet sind:',
  },
} as const satisfies Record<Language, unknown>;

export const ownerDigestMail = (
  to: Recipient,
  counts: { line: Line; n: number }[],
  o: { publicUrl: string; mailsPerHour: number },
): MailMessage => {
  const total = counts.reduce((sum, c) => sum + c.n, 0);
  const lang = to.language;
  const w = digestWords[lang];
  return {
    to: to.email,
    kind: 'history/digest',
    subject: w.subject(total),
    text: [
      o.mailsPerHour > 0 ? w.past(o.mailsPerHour) : w.hourly,
      '',
      ...counts.map(({ line, n }) => `- ${n} ${line[lang][n === 1 ? 0 : 1]}: ${o.publicUrl}${line.path}`),
      '',
      w.history,
      '',
      '--',
      `${w.why} ${o.publicUrl}/profile`,
      '',
    ].join('\n'),
  };
};

/**
 * Defines the digest job and answers the check the notifier makes for each stranger's entry that
 * would mail someone: it counts the entry in the manufacturer's window and, past the ceiling, holds
 * the entry's mails for the digest due when the window closes (answering true). The digest job is
 * queued in the same transaction, once per window (a queued one with the same key absorbs the
 * rest), and when it runs it releases the held entries and mails each owner who has any of their
 * kinds switched on one digest of those kinds, in one transaction. A digest releases every held entry
 * of the manufacturer due by its window's end, so one held by a transaction that committed after its
 * window's digest ran goes with the next digest; and every 10 minutes (once across instances) a
 * sweep queues a digest for each manufacturer with entries held past their digest's time by more than
 * OWNER_DIGEST_GRACE_MS, so no held entry waits for a next flood that may never come.
 */
export const defineOwnerDigest = (deps: OwnerMailDeps) => {
  deps.jobs.define<{ manufacturerId: string; until: string }>(
    OWNER_DIGEST_JOB,
    ({ manufacturerId, until }) =>
      deps.db.transaction(async (tx) => {
        const held = await takeHeldEntries(tx, manufacturerId, new Date(until));
        const perOwner = new Map<string, { to: Recipient; counts: { line: Line; n: number }[] }>();
        for (const line of lines) {
          const n = held.find((h) => h.kind === line.kind && h.product === line.product)?.n ?? 0;
          if (n === 0) continue;
          for (const r of await deps.recipients(tx, manufacturerId, line.kind, line.product)) {
            const o = perOwner.get(r.id) ?? { to: r, counts: [] };
            o.counts.push({ line, n });
            perOwner.set(r.id, o);
          }
        }
        for (const { to, counts } of perOwner.values()) {
          await deps.mail.send(ownerDigestMail(to, counts, deps), { tx });
        }
      }),
    { policy: 'short' },
  );
  deps.jobs.define(
    OWNER_DIGEST_SWEEP_JOB,
    async () => {
      const before = new Date(deps.clock.now().getTime() - OWNER_DIGEST_GRACE_MS);
      for (const manufacturerId of await overdueDigests(deps.db, before, 1000)) {
        await deps.jobs.send(
          OWNER_DIGEST_JOB,
          { manufacturerId, until: before.toISOString() },
          { singletonKey: `${manufacturerId}:overdue` },
        );
      }
    },
    { cron: '*/10 * * * *', retryLimit: 0 },
  );

  return async (tx: DbOrTx, e: NewHistoryEntry, entryId: string) => {
    const w = await countInMailWindow(tx, e.manufacturerId, deps.clock.now(), OWNER_MAIL_WINDOW_MS);
    if (w.mails <= deps.mailsPerHour) return false;
    const until = new Date(w.startedAt.getTime() + OWNER_MAIL_WINDOW_MS);
    await holdEntryMail(tx, e.manufacturerId, entryId, until);
    await deps.jobs.send(
      OWNER_DIGEST_JOB,
      { manufacturerId: e.manufacturerId, until: until.toISOString() },
      {
        tx,
        startAfter: new Date(until.getTime() + OWNER_DIGEST_DELAY_MS),
        singletonKey: `${e.manufacturerId}:${until.toISOString()}`,
      },
    );
    return true;
  };
};
