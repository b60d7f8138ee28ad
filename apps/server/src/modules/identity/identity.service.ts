import { emailSchema, isUuidText, type Language } from '@parley/contract';
import type { Logger } from 'pino';
import type { Config } from '../../config.js';
import type { Db } from '../../db/client.js';
import type { JobQueue } from '../../jobs/queue.js';
import type { Clock } from '../../lib/clock.js';
import { AppError } from '../../lib/errors.js';
import { sha256 } from '../../lib/secrets.js';
import type { OwnerRow } from '../owner/index.js';
import { PASSWORD_RESET_JOB, type PasswordResetJob } from './identity.jobs.js';
import type { KeyStore, VerifiedToken } from './identity.keys.js';
import './identity.errors.js';
import { dummyHash, hashPassword, verifyPassword } from '../../lib/passwords.js';
import { identityLimits } from './identity.limits.js';
import {
  consumeResetToken,
  countAttemptsFromIp,
  findRefreshToken,
  findUsableResetToken,
  insertAttempt,
  isKnownClient,
  isLocked,
  lockSignInKeys,
  markAttemptSucceeded,
  revokeLiveRefreshToken,
  revokeRefreshFamily,
  voidResetTokens,
} from './identity.repository.js';
import {
  assertTokenCurrent,
  createIdentitySessions,
  type IdentityOwners,
  nextSecond,
  userDisabled,
} from './identity.sessions.js';

const invalidCredential = () =>
  new AppError('auth/invalid-credential', 'The email address or the password is wrong.');
const tooManyRequests = () =>
  new AppError('auth/too-many-requests', 'Too many sign-in attempts; try again in 15 minutes.');
const invalidRefreshToken = () =>
  new AppError('auth/invalid-credential', 'The refresh token is not valid (expired, revoked or unknown).');
const invalidActionCode = () =>
  new AppError('auth/invalid-action-code', 'The reset link is invalid, used already or expired.');

/**
 * The embedded identity service of D5: sign-in with rate limits, rotating refresh tokens,
 * password reset by mail and password change. Routes only translate HTTP to these calls.
 */
export const createIdentityService = ({
  db,
  config,
  keyStore,
  jobs,
  clock,
  log,
  owners,
}: {
  db: Db;
  clock: Clock;
  config: Config;
  keyStore: KeyStore;
  jobs: Pick<JobQueue, 'send'>;
  log: Pick<Logger, 'info' | 'warn' | 'error'>;
  owners: IdentityOwners;
}) => {
  const { identity } = config;
  // Sign-out and the tokens of a session (identity.sessions.ts).
  const { issueTokens, setPasswordAndEndSessions, signOut, endSessions } = createIdentitySessions({
    db,
    clock,
    identity,
    keyStore,
    owners,
  });
  // Hash the timing equaliser now, so the first unknown address costs no more than a known one.
  void dummyHash();

  const ensureEmbedded = () => {
    if (!identity.embedded) {
      throw new AppError(
        'auth/operation-not-allowed',
        'Sign-in is handled by an external identity provider; the embedded service is off.',
      );
    }
  };

  /**
   * Checks D5's limits and records the attempt, under per-address and per-client locks so that
   * parallel requests (on any instance) are counted exactly. The attempt is recorded as a failure
   * before the password is checked; refused attempts are not recorded, so a lock ends on time.
   * Failures lock the address for the client that made them; only the looser per-address ceiling
   * reaches other clients, and not the owner's known ones, so no stranger can lock the owner out.
   */
  const admitAttempt = async (email: string, clientIp: string) =>
    db.transaction(async (tx) => {
      const { windowMinutes } = identityLimits;
      await lockSignInKeys(tx, email, clientIp);
      if (await isLocked(tx, { email, clientIp }, identityLimits.failuresPerEmailAndClient, windowMinutes)) {
        throw tooManyRequests();
      }
      if (
        (await isLocked(tx, { email }, identityLimits.failuresPerEmail, windowMinutes)) &&
        !(await isKnownClient(tx, email, clientIp, identityLimits.knownClientDays))
      ) {
        throw tooManyRequests();
      }
      if ((await countAttemptsFromIp(tx, clientIp, windowMinutes)) >= identityLimits.attemptsPerIp) {
        throw tooManyRequests();
      }
      return insertAttempt(tx, email, clientIp);
    });

  /** Verifies a password; an unknown owner or one without a password costs the same time. */
  const checkPassword = async (owner: OwnerRow | undefined, password: string) => {
    const passwordHash = owner?.passwordHash ?? (await dummyHash());
    const ok = await verifyPassword(passwordHash, password);
    return ok && owner?.passwordHash != null;
  };

  const signIn = async (input: { email: string; password: string; clientIp: string }) => {
    ensureEmbedded();
    const parsed = emailSchema.safeParse(input.email);
    if (!parsed.success) throw new AppError('auth/invalid-email', 'The email address is not valid.');
    const email = parsed.data;

    const attemptId = await admitAttempt(email, input.clientIp);
    const owner = await owners.findByEmail(db, email);
    if (!(await checkPassword(owner, input.password)) || !owner) throw invalidCredential();
    await markAttemptSucceeded(db, attemptId);
    // Only after the right password, so the answer reveals nothing about the account to a guesser.
    if (owner.disabled) throw userDisabled();
    return issueTokens(db, owner);
  };

  /**
   * Rotates a refresh token. Presenting one that was revoked already means it leaked (or a client
   * replayed it): the whole family is revoked, so the thief's and the owner's copies both die.
   * Every refusal answers 400 `auth/invalid-credential` (Firebase's nearest catalogue code).
   */
  const refresh = async (refreshToken: string) => {
    ensureEmbedded();
    const tokenHash = sha256(refreshToken);
    const rotated = await db.transaction(async (tx) => {
      const found = await findRefreshToken(tx, tokenHash);
      if (!found || found.revokedAt) return undefined;
      // Owner first, then token: the order a reset or disabling takes, so a racing one either waits
      // for this refresh (and revokes the new token with the rest) or wins (and this finds the token revoked).
      const owner = await owners.lockForShare(tx, found.ownerId);
      const row = await revokeLiveRefreshToken(tx, tokenHash);
      if (!row) return undefined;
      if (!owner) throw invalidRefreshToken();
      if (owner.disabled) throw userDisabled();
      return issueTokens(tx, owner, row.familyId);
    });
    if (rotated) return rotated;

    const stale = await findRefreshToken(db, tokenHash);
    if (stale) {
      if (stale.revokedAt) {
        await revokeRefreshFamily(db, stale.familyId);
        log.warn(
          { ownerId: stale.ownerId, familyId: stale.familyId },
          'revoked refresh token reused; family revoked',
        );
      }
      // A disabled owner's tokens were all revoked; saying why lets the console show the right message.
      const owner = await owners.findById(stale.ownerId);
      if (owner?.disabled) throw userDisabled();
    }
    throw invalidRefreshToken();
  };

  /**
   * Queues the reset; the job (identity.jobs.ts) looks the address up and mails the link. The request
   * does the same work whether or not the address belongs to an owner (one job insert), so neither
   * its answer nor its timing tells which addresses exist.
   */
  const requestPasswordReset = async (email: string, language?: Language) => {
    ensureEmbedded();
    await jobs.send<PasswordResetJob>(
      PASSWORD_RESET_JOB,
      { email, ...(language ? { language } : {}) },
      { singletonKey: email },
    );
  };

  /** Sets the new password, uses up the link (and any other outstanding one) and ends all sessions. */
  const confirmPasswordReset = async (token: string, newPassword: string) => {
    ensureEmbedded();
    const tokenHash = sha256(token);
    // Checked before hashing so bogus tokens cost no Argon2 work; consumed atomically below.
    if (!(await findUsableResetToken(db, tokenHash))) throw invalidActionCode();
    const passwordHash = await hashPassword(newPassword);
    await db.transaction(async (tx) => {
      const consumed = await consumeResetToken(tx, tokenHash);
      if (!consumed) throw invalidActionCode();
      await setPasswordAndEndSessions(tx, consumed.ownerId, passwordHash, nextSecond(clock));
      await voidResetTokens(tx, consumed.ownerId);
    });
  };

  /**
   * Whether a reset link still works, so the console can say so before a new password is typed.
   * Only looks the token up (no Argon2 work, nothing consumed): the same check confirm makes first.
   */
  const checkPasswordResetToken = async (token: string) => {
    ensureEmbedded();
    if (!(await findUsableResetToken(db, sha256(token)))) throw invalidActionCode();
  };

  /**
   * Password change of the signed-in owner. The id token is checked like the auth hook does;
   * a wrong current password counts as a failed sign-in for the address, so a stolen id token
   * cannot be used to guess the password. Answers fresh tokens; every other session ends.
   */
  const changePassword = async (input: {
    claims: VerifiedToken;
    currentPassword: string;
    newPassword: string;
    clientIp: string;
  }) => {
    ensureEmbedded();
    const owner = assertTokenCurrent(
      isUuidText(input.claims.sub) ? await owners.findById(input.claims.sub) : undefined,
      input.claims.iat,
    );

    const attemptId = await admitAttempt(owner.email, input.clientIp);
    if (!(await checkPassword(owner, input.currentPassword))) {
      // The caller is signed in, so naming the wrong password reveals nothing about which accounts exist.
      throw new AppError('auth/wrong-password', 'The current password is wrong.', 'currentPassword');
    }
    await markAttemptSucceeded(db, attemptId);

    const passwordHash = await hashPassword(input.newPassword);
    const sessionsValidAfter = nextSecond(clock);
    return db.transaction(async (tx) => {
      await setPasswordAndEndSessions(tx, owner.id, passwordHash, sessionsValidAfter);
      await voidResetTokens(tx, owner.id);
      return issueTokens(tx, { ...owner, sessionsValidAfter });
    });
  };

  const jwks = async () => {
    ensureEmbedded();
    const { jwks: set } = await keyStore.get();
    return set;
  };

  return {
    signIn,
    refresh,
    signOut,
    requestPasswordReset,
    confirmPasswordReset,
    checkPasswordResetToken,
    changePassword,
    jwks,
    /** Revokes every refresh session of the owner in the caller's transaction (an owner disabled). */
    endSessions,
  };
};
export type IdentityService = ReturnType<typeof createIdentityService>;
