import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { eq, lt, sql } from 'drizzle-orm';
import nodemailer from 'nodemailer';
import addressparser from 'nodemailer/lib/addressparser';
import type { Logger } from 'pino';
import type { Db, DbOrTx } from '../../db/client.js';
import type { JobQueue } from '../../jobs/queue.js';
import { mailSends } from './mail.tables.js';

export type MailMessage = {
  to: string;
  subject: string;
  text: string;
  html?: string;
  /** What the mail is about, for the log line (e.g. `identity/password-reset`). */
  kind: string;
  /** Extra headers (an invitation's `List-Unsubscribe`). */
  headers?: Record<string, string>;
  /**
   * A mail to a participant, contact or post author sent on behalf of a manufacturer
   * (docs/product-decisions.md, "The mail sender"): its name in From, its owners in Reply-To.
   */
  onBehalfOf?: { manufacturerId: string; name: string };
};

export const MAIL_JOB = 'mail-send';

const linkPattern = /https?:\/\/[^\s"'<>]+/g;

/**
 * Outgoing mail (D2): through SMTP_URL when set, else into the embedded outbox
 * (DATA_DIR/mail/*.eml) with a log line naming any link, so a person without a mail
 * server can still follow a reset or invitation link.
 */
export const createMailer = (opts: {
  smtpUrl?: string | undefined;
  from: string;
  outboxDir: string;
  log: Pick<Logger, 'info' | 'warn' | 'error'>;
  /** The Reply-To of a mail sent on behalf of a manufacturer: where an answer by mail reaches it. */
  replyTo?: (manufacturerId: string) => Promise<string[]>;
}) => {
  const [configured] = addressparser(opts.from, { flatten: true });
  const fromAddress = configured && 'address' in configured ? configured.address : opts.from;
  const fromName = (configured && 'address' in configured && configured.name) || 'Parley';
  const transport = opts.smtpUrl
    ? nodemailer.createTransport({
        url: opts.smtpUrl,
        // A few connections kept open and reused: a new connection per mail costs a handshake each,
        // which caps a large invitation at a few mails a second.
        pool: true,
        maxConnections: 3,
        // A mail server that stops answering must not hold a job for nodemailer's default ten minutes:
        // a mail job's claim is 40 s and a batch starts no mail after 20 s of it, so one mail must end
        // within 20 s (docs/product-decisions.md, "Jobs after a crash").
        connectionTimeout: 10_000,
        greetingTimeout: 10_000,
        socketTimeout: 15_000,
      } as Parameters<typeof nodemailer.createTransport>[0])
    : nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });

  const deliver = async (msg: MailMessage) => {
    const behalf = msg.onBehalfOf;
    const replyTo = behalf && opts.replyTo ? await opts.replyTo(behalf.manufacturerId) : [];
    const info = await transport.sendMail({
      // An address object: nodemailer quotes or encodes the name, so quotes and commas in a
      // manufacturer's name cannot break the header; line breaks are folded to spaces first.
      from: behalf ? { name: senderName(behalf.name, fromName), address: fromAddress } : opts.from,
      ...(replyTo.length > 0 ? { replyTo } : {}),
      to: msg.to,
      subject: msg.subject,
      text: msg.text,
      ...(msg.html ? { html: msg.html } : {}),
      ...(msg.headers ? { headers: msg.headers } : {}),
    });
    const links = msg.text.match(linkPattern) ?? [];
    if (!opts.smtpUrl) {
      await mkdir(opts.outboxDir, { recursive: true });
      const safeTo = msg.to.replace(/[^a-z0-9@._-]/gi, '_');
      const file = path.join(
        opts.outboxDir,
        `${new Date().toISOString().replace(/[:.]/g, '-')}-${safeTo}-${msg.kind.replace(/\W/g, '_')}.eml`,
      );
      await writeFile(file, (info as unknown as { message: Buffer }).message, { mode: 0o600 });
      opts.log.info({ mail: msg.kind, to: msg.to, file, links }, `mail written to outbox: ${msg.subject}`);
    } else {
      opts.log.info({ mail: msg.kind, to: msg.to, messageId: info.messageId }, 'mail sent');
    }
  };

  return { deliver };
};
export type Mailer = ReturnType<typeof createMailer>;

/**
 * "Acme via Parley" (Parley: MAIL_FROM's name): the display name of a mail sent on behalf of a
 * manufacturer, on one line.
 */
export const senderName = (manufacturerName: string, via: string) =>
  `${manufacturerName.replace(/\p{Cc}+/gu, ' ').trim()} via ${via}`;

/** How a try of a mail job stands against the earlier tries of the same job. */
type SendClaim = 'new' | 'sent' | 'cut-off';

/**
 * Claims the sending of a mail job's mail once: `new` for the first try that reaches the mail server,
 * `sent` when an earlier try sent it (its process died before the job completed), `cut-off` when an
 * earlier try began and never finished (its process died mid-send, or still waits on the mail server).
 */
const claimSend = async (db: DbOrTx, jobId: string): Promise<SendClaim> => {
  const claimed = await db
    .insert(mailSends)
    .values({ jobId })
    .onConflictDoNothing()
    .returning({ jobId: mailSends.jobId });
  if (claimed.length > 0) return 'new';
  const [row] = await db
    .select({ sentAt: mailSends.sentAt })
    .from(mailSends)
    .where(eq(mailSends.jobId, jobId));
  return row?.sentAt ? 'sent' : 'cut-off';
};

export const PRUNE_MAIL_SENDS_JOB = 'mail.prune-sends';

/**
 * Mail goes through the job queue so a slow or failing mail server never blocks a request and retries
 * survive restarts. `send` takes the transaction of the write the mail announces: the mail job is
 * queued with it or not at all, so a crash between commit and queueing cannot lose the mail, and a
 * rolled-back write sends none.
 */
export const createMailService = (
  mailer: Mailer,
  jobs: JobQueue,
  { db, log }: { db: Db; log: Pick<Logger, 'warn'> },
) => {
  // A worker fetches one batch per polling interval (2 s) and sends it mail by mail, each job settled
  // on its own: 50 a batch lets one instance send a mass follow-up's mails at about 25 a second.
  // A job whose process died is taken over after its 40 s claim; the send claim makes the takeover
  // send nothing twice: a mail cut off mid-send is logged and not sent again (at most once, as an
  // invitation's mail; docs/product-decisions.md, "Jobs after a crash").
  jobs.define<MailMessage>(
    MAIL_JOB,
    async (msg, meta) => {
      const claim = await claimSend(db, meta.id);
      if (claim === 'sent') return;
      if (claim === 'cut-off') {
        log.warn(
          { job: meta.id, kind: msg.kind },
          'mail not sent again: an earlier try was cut off mid-send',
        );
        return;
      }
      try {
        await mailer.deliver(msg);
      } catch (err) {
        // Refused or unreachable: nothing went out, so the next try may send.
        await db.delete(mailSends).where(eq(mailSends.jobId, meta.id));
        throw err;
      }
      await db.update(mailSends).set({ sentAt: new Date() }).where(eq(mailSends.jobId, meta.id));
    },
    { batchSize: 50, retryLimit: 8, expireInSeconds: 40 },
  );
  jobs.define(
    PRUNE_MAIL_SENDS_JOB,
    async () => {
      await db.delete(mailSends).where(lt(mailSends.startedAt, sql`now() - interval '7 days'`));
    },
    { cron: '23 * * * *', retryLimit: 0, expireInSeconds: 300 },
  );
  return {
    send: (msg: MailMessage, o: { tx: DbOrTx }) => jobs.send(MAIL_JOB, msg, { tx: o.tx }),
    /** Queues many mails in one statement, in the transaction of the writes they announce. */
    sendMany: (msgs: MailMessage[], o: { tx: DbOrTx }) =>
      jobs.sendMany(
        MAIL_JOB,
        msgs.map((data) => ({ data })),
        { tx: o.tx },
      ),
    /**
     * Delivers now, for a job that records the mail server's answer itself (an invitation's state):
     * it throws what the server refused.
     */
    deliver: (msg: MailMessage) => mailer.deliver(msg),
  };
};
export type MailService = ReturnType<typeof createMailService>;
