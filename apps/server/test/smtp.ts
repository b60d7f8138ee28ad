import { SMTPServer, type SMTPServerAddress } from 'smtp-server';

export type ReceivedMail = { from: string; to: string[]; raw: string };

/**
 * A real SMTP server (the server side of nodemailer) on 127.0.0.1 and a free port, for the mail
 * tests: it keeps what it receives and refuses the recipients `refuse` names with a 550, as a mail
 * server refuses an unknown mailbox. It stops with `close` (and takes no more than 1,000 mails).
 */
export const startSmtpServer = async (opts: { refuse?: (to: string) => boolean } = {}) => {
  const received: ReceivedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    // No DNS here: the greeting must not wait for a reverse lookup of 127.0.0.1.
    disableReverseLookup: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    size: 1024 * 1024,
    onRcptTo(address: SMTPServerAddress, _session, callback) {
      if (opts.refuse?.(address.address)) {
        const err = new Error(`5.1.1 <${address.address}>: mailbox unavailable`) as Error & {
          responseCode: number;
        };
        err.responseCode = 550;
        return callback(err);
      }
      callback();
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        if (received.length < 1000) {
          received.push({
            from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
            to: session.envelope.rcptTo.map((r) => r.address),
            raw: Buffer.concat(chunks).toString('utf8'),
          });
        }
        callback();
      });
    },
  });
  // A client killed in the middle of a mail (the crash tests SIGKILL a server) resets its connection:
  // that is the test's doing, not a failure of this server.
  server.on('error', (err: NodeJS.ErrnoException) => {
    if (err.code !== 'ECONNRESET' && err.code !== 'EPIPE') throw err;
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as { port: number };
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
};
