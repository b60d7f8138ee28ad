import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { SMTPServer } from 'smtp-server';

/**
 * The one mail server every instance of the test cluster sends to (SMTP_URL): a real SMTP server on
 * 127.0.0.1 that files each message it accepts in `dir`, once per recipient, as
 * `<received at>-<sequence>-<recipient>.eml`, so the tests read a participant's mail by its address
 * (fixtures.ts `mailLinks`), in the order the mails arrived, whichever instance sent them.
 */
export const startMailSink = async (dir: string, opts: { delayMs?: number } = {}) => {
  mkdirSync(dir, { recursive: true });
  let sequence = 0;
  const server = new SMTPServer({
    authOptional: true,
    // No DNS here: the greeting must not wait for a reverse lookup of 127.0.0.1.
    disableReverseLookup: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    size: 5 * 1024 * 1024,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', async () => {
        // A real mail server takes a moment to accept a mail: a sender is in the middle of a batch
        // most of the time, as it is in production (what the scale-out tests' kill hits).
        if (opts.delayMs) await new Promise((r) => setTimeout(r, opts.delayMs));
        const raw = Buffer.concat(chunks);
        const at = new Date().toISOString().replace(/[:.]/g, '-');
        for (const rcpt of session.envelope.rcptTo) {
          sequence++;
          const name = `${at}-${String(sequence).padStart(7, '0')}-${rcpt.address.replace(/[^\w@.+-]/g, '_')}.eml`;
          writeFileSync(path.join(dir, name), raw);
        }
        callback();
      });
    },
  });
  // An instance killed in the middle of a mail (the scale-out tests SIGKILL one) resets its
  // connection: that is the test's doing. Anything else is logged: thrown here it would end the test
  // run without its teardown; a mail it lost makes the test that waits for it fail instead.
  server.on('error', (err: NodeJS.ErrnoException) => {
    if (err.code !== 'ECONNRESET' && err.code !== 'EPIPE')
      process.stderr.write(`mail server: ${err.message}\n`);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as { port: number };
  return {
    url: `smtp://127.0.0.1:${port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
};
