import pino from 'pino';
import pretty from 'pino-pretty';

export type LogFormat = 'json' | 'pretty' | 'auto';

/**
 * Structured JSON logs (for log shippers), or readable lines when a person watches a terminal
 * (`auto`: pretty only on a TTY). Command-line tools log to stderr so stdout stays their one JSON answer.
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
  return pino(opts, pino.destination(fd));
};
