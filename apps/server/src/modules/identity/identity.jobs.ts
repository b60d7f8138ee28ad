import type { Language } from '@parley/contract';
import type { Logger } from 'pino';
import type { Db } from '../../db/client.js';
import type { JobQueue } from '../../jobs/queue.js';
import type { Clock } from '../../lib/clock.js';
import { randomToken, sha256 } from '../../lib/secrets.js';
import type { MailService } from '../mail/index.js';
import type { OwnerService } from '../owner/index.js';
import { identityLimits } from './identity.limits.js';
import { countRecentResetTokens, insertPasswordResetToken, pruneAttempts } from './identity.repository.js';

export const PASSWORD_RESET_JOB = 'identity.password-reset';
export const PRUNE_ATTEMPTS_JOB = 'identity.prune-attempts';

/** `language`: the sign-in page's, which the person is reading (absent from older jobs: English). */
export type PasswordResetJob = { email: string; language?: Language };

/** The reset mail, in the language of the page it was asked from (docs/product-decisions.md, "Identity"). */
const resetTexts = {
  en: {
    subject: 'Reset your Parley password',
    text: (link: string) => [
      'Hello,',
      '',
      'someone (hopefully you) asked to reset the password of your Parley account.',
      'Open this link within one hour to choose a new password:',
      '',
      link,
      '',
      'If you did not ask for it, ignore this mail; your password stays as it is.',
    ],
  },
  de: {
    subject: 'Ihr Parley-Passwort zurücksetzen',
    text: (link: string) => [
      'Guten Tag,',
      '',
      'jemand (hoffentlich Sie) hat das Zurücksetzen des Passworts Ihres Parley-Kontos angefordert.',
      'Öffnen Sie diesen Link innerhalb einer Stunde, um ein neues Passwort zu wählen:',
      '',
      link,
      '',
      'Wenn Sie das nicht angefordert haben, ignorieren Sie diese E-Mail; Ihr Passwort bleibt, wie es ist.',
    ],
  },
} as const satisfies Record<Language, unknown>;

/**
 * The identity service's background work (D6). A reset request only queues `PASSWORD_RESET_JOB`
 * with the address, whether or not an owner has it; the job decides, makes the link and queues its
 * mail in one transaction. Sign-in attempts are pruned hourly, whatever the traffic.
 */
export const createIdentityJobs = ({
  db,
  jobs,
  mail,
  clock,
  publicUrl,
  log,
  owners,
}: {
  db: Db;
  jobs: Pick<JobQueue, 'define'>;
  mail: Pick<MailService, 'send'>;
  clock: Clock;
  publicUrl: string;
  log: Pick<Logger, 'warn'>;
  /** The owner module's lookup (given by the composition root). */
  owners: Pick<OwnerService, 'findByEmail'>;
}) => {
  /** Mails a one-time link when the address belongs to an enabled owner; does nothing otherwise. */
  const sendResetLink = async ({ email, language = 'en' }: PasswordResetJob) => {
    await db.transaction(async (tx) => {
      const owner = await owners.findByEmail(tx, email);
      if (!owner || owner.disabled) return;
      if ((await countRecentResetTokens(tx, owner.id, 60)) >= identityLimits.resetMailsPerHour) {
        log.warn({ ownerId: owner.id }, 'password reset mail limit reached; request dropped');
        return;
      }
      const token = randomToken();
      await insertPasswordResetToken(tx, {
        ownerId: owner.id,
        tokenHash: sha256(token),
        expiresAt: new Date(clock.now().getTime() + identityLimits.resetTokenMinutes * 60_000),
      });
      const link = `${publicUrl}/reset-password?token=${token}`;
      const t = resetTexts[language];
      await mail.send(
        {
          to: owner.email,
          subject: t.subject,
          text: t.text(link).join('\n'),
          kind: 'identity/password-reset',
        },
        { tx },
      );
    });
  };

  // `short`: one queued request per address, so a burst of requests for one address is one job.
  jobs.define<PasswordResetJob>(PASSWORD_RESET_JOB, sendResetLink, { policy: 'short' });
  jobs.define(
    PRUNE_ATTEMPTS_JOB,
    () => pruneAttempts(db, identityLimits.attemptRetentionHours, identityLimits.knownClientDays),
    { cron: '17 * * * *', retryLimit: 0 },
  );

  return { sendResetLink };
};
