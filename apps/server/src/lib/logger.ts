import pino, { type DestinationStream } from 'pino';
import pretty from 'pino-pretty';

export type LogFormat = 'json' | 'pretty' | 'auto';

/** Lines wait in memory until this many bytes are there, or FLUSH_MS has passed. */
const BATCH_BYTES = 2048;
/** At most this many bytes per write: at most PIPE_BUF, so a write to a pipe is never torn by another writer. */
const MAX_WRITE_BYTES = 4096;
const FLUSH_MS = 100;

/**
 * Where the server's JSON log lines go (a file descriptor or a path), written without blocking the request:
 * a request's line goes into a buffer and the request goes on; the buffer is written by an asynchronous
 * `write(2)` once 2 KiB are there or 100 ms have passed, so under load one write carries a dozen lines
 * instead of one each (a write per line was 4-8 % of a list request's CPU, docs/operations.md "Where a
 * list request's CPU goes"), and no write is larger than a pipe writes at once.
 *
 * Nothing is lost on a normal exit: pino registers the stream with its exit hook, which writes what is
 * left synchronously when the process exits (main.ts exits after the graceful shutdown; an uncaught error
 * exits through the same hook). A crash that ends the process outright (SIGKILL, out of memory, a fatal
 * signal) loses what was not written yet: at most the last 100 ms of lines, or 4 KiB of them.
 */
export const logDestination = (dest: number | string): DestinationStream => {
  const stream = pino.destination({ dest, sync: false, minLength: BATCH_BYTES, maxWrite: MAX_WRITE_BYTES });
  // SonicBoom keeps its buffered length and state private; a write of nothing is skipped when they are known.
  const state = stream as unknown as { _len?: number; destroyed?: boolean };
  stream.once('ready', () => {
    const timer = setInterval(() => {
      if (state.destroyed !== true && state._len !== 0) stream.flush();
    }, FLUSH_MS);
    timer.unref();
    stream.once('close', () => clearInterval(timer));
  });
  return stream;
};

/**
 * Structured JSON logs (for log shippers), or readable lines when a person watches a terminal
 * (`auto`: pretty only on a TTY). Command-line tools log to stderr so stdout stays their one JSON answer;
 * their few lines are written synchronously, in order with that answer.
 */
export const createLogger = (
  level: string,
  dest: 'stdout' | 'stderr' = 'stdout',
  format: LogFormat = 'auto',
) => {
  const fd = dest === 'stderr' ? 2 : 1;
  const isTty = (dest === 'stderr' ? process.stderr : process.stdout).isTTY === true;
  const opts = { level, base: { service: 'parley' } };
  if (format === 'pretty' || (format === 'auto' && isTty)) {
    return pino(
      opts,
      pretty({ destination: fd, colorize: isTty, ignore: 'pid,hostname,service', sync: true }),
    );
  }
  return pino(opts, dest === 'stderr' ? pino.destination(fd) : logDestination(fd));
};
