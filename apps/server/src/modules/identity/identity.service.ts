import { randomUUID } from 'node:crypto';
import { emailSchema, isUuidText, type TokenResponse } from '@parley/contract';
import { SignJWT } from 'jose';
import type { Logger } from 'pino';
import type { Config } from '../../config.js';
import type { Db, DbOrTx } from '../../db/client.js';
import type { JobQueue } from '../../jobs/queue.js';
import type { Clock } from '../../lib/clock.js';
import { AppError } from '../../lib/errors.js';
import { randomToken, sha256 } from '../../lib/secrets.js';
import type { ManufacturerRow, OwnerRow, OwnerService } from '../owner/index.js';
import { PASSWORD_RESET_JOB, type PasswordResetJob } from './identity.jobs.js';
import type { KeyStore, VerifiedToken } from './identity.keys.js';
import './identity.errors.js';
import { identityLimits } from './identity.limits.js';
import { dummyHash, hashPassword, verifyPassword } from './identity.password.js';
import {
  consumeResetToken,
  countAttemptsFromIp,
  findRefreshToken,
  findUsableResetToken,
  insertAttempt,
  insertRefreshToken,
  isKnownClient,
  isLocked,
  isSessionLive,
  lockSignInKeys,
  markAttemptSucceeded,
  revokeAllSessions,
  revokeLiveRefreshToken,
  revokeRefreshFamily,
  voidResetTokens,
} from './identity.repository.js';

const secondsOf = (d: Date) => Math.floor(d.getTime() / 1000);

/**
 * The cut-off that ends sessions: the next whole second. `assertTokenCurrent` compares the token's
 * `iat` (whole seconds) with it, so a token issued earlier in this very second is refused too; the
 * fresh tokens we issue right after carry an `iat` of at least the cut-off (see `issueTokens`).
 */
const nextSecond = (clock: Clock) => new Date((secondsOf(clock.now()) + 1) * 1000);

/**
 * The one check of an id token's owner, for the auth hook and the password change: the owner
 * exists, is enabled, and the token was issued after its sessions' cut-off. `iat` has second
 * precision; a token issued in the same second as the cut-off stays valid.
 */
const assertTokenCurrent = (owner: OwnerRow | undefined, iat: number): OwnerRow => {
  if (!owner) throw new AppError('auth/invalid-token', 'No owner belongs to this token.');
  if (owner.disabled) throw userDisabled();
  if (iat < secondsOf(owner.sessionsValidAfter)) {
    throw new AppError('auth/id-token-expired', 'This session has ended; sign in again.');
  }
  return owner;
};

/** A token the verifier refuses ends no session; any other failure (the database) is the server's. */
const ignoreRefusedToken = (err: unknown): undefined => {
  if (err instanceof AppError) return undefined;
  throw err;
};

/** What the identity module needs of the owner module (its service, given by the composition root). */
export type IdentityOwners = Pick<
  OwnerService,
  'findByEmail' | 'findById' | 'findWithManufacturer' | 'lockForShare' | 'update'
>;

const invalidCredential = () =>
  new AppError('auth/invalid-credential', 'The email address or the password is wrong.');
const tooManyRequests = () =>
  new AppError('auth/too-many-requests', 'Too many sign-in attempts; try again in 15 minutes.');
const userDisabled = () => new AppError('auth/user-disabled', 'This account is disabled.');
const invalidRefreshToken = () =>
  new AppError('auth/invalid-credential', 'The refresh token is not valid (expired, revoked or unknown).');
const invalidActionCode = () =>
  new AppError('auth/invalid-action-code', 'The reset link is invalid, used already or expired.');

/**
 * Why a token whose session is no longer signed in is refused: a disabled owner's sessions were all
 * ended, and saying so lets the console show why; otherwise the session has ended (signed out).
 */
const sessionEnded = (owner: Pick<OwnerRow, 'disabled'> | undefined) =>
  owner?.disabled
    ? userDisabled()
    : new AppError('auth/id-token-expired', 'This session has ended; sign in again.');

/**
 * The session check of the token verifier (identity.keys.ts): an id token whose session was signed
 * out is refused. A disabled owner's sessions were all ended; saying so lets the console show why.
 */
export const createSessionCheck =
  ({ db, owners }: { db: Db; owners: Pick<IdentityOwners, 'findById'> }) =>
  async (sid: string, ownerId: string) => {
    if (await isSessionLive(db, sid)) return;
    throw sessionEnded(isUuidText(ownerId) ? await owners.findById(ownerId) : undefined);
  };

/** One round trip for the auth hook: the owner by id, its manufacturer, and whether session `sid` is live. */
export type TokenOwnerLookup = (
  id: string,
  sid: string | null,
) => Promise<{ owner: OwnerRow; manufacturer: ManufacturerRow; sessionLive: boolean } | undefined>;

/**
 * The owner (with its manufacturer) of a verified id token, for the auth hook. The embedded
 * service's subject is the owner id. An external provider's subject is its own (Firebase uid,
 * Keycloak UUID): then the owner is the one with the token's email, but only an email the provider
 * verified, or anyone who signs up there with an owner's address would be them.
 *
 * For the embedded service's tokens it is also the session check (the same rule as
 * `createSessionCheck`, which the token verifier applies elsewhere): a token whose session was
 * signed out is refused. Owner, manufacturer and session come from one prepared query
 * (src/queries/auth.query.ts), so a private request costs one database round trip before its route.
 */
export const createAuthenticator =
  ({
    lookup,
    owners,
    embedded,
  }: {
    lookup: TokenOwnerLookup;
    owners: Pick<IdentityOwners, 'findWithManufacturer'>;
    /** Tokens come from the embedded identity service (no JWKS_URL): their `sid` is our session. */
    embedded: boolean;
  }) =>
  async (claims: VerifiedToken): Promise<{ owner: OwnerRow; manufacturer: ManufacturerRow }> => {
    // Tokens issued before sessions had ids carry no `sid`; they end with their lifetime (an hour).
    const sid = embedded ? claims.sid : undefined;
    if (sid !== undefined && (typeof sid !== 'string' || !isUuidText(sid))) {
      throw new AppError('auth/invalid-token', 'The id token is not valid.');
    }
    const byId = isUuidText(claims.sub) ? await lookup(claims.sub, sid ?? null) : undefined;
    if (sid !== undefined && !byId?.sessionLive) throw sessionEnded(byId?.owner);
    const found =
      byId ??
      (typeof claims.email === 'string' && claims.email_verified === true
        ? await owners.findWithManufacturer({ email: claims.email })
        : undefined);
    const owner = assertTokenCurrent(found?.owner, claims.iat);
    return { owner, manufacturer: (found as NonNullable<typeof found>).manufacturer };
  };
export type Authenticate = ReturnType<typeof createAuthenticator>;

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
  /** Sets a new password and ends the owner's sessions: id tokens issued before `validAfter` are refused. */
  const setPasswordAndEndSessions = async (
    tx: DbOrTx,
    ownerId: string,
    passwordHash: string,
    validAfter: Date,
  ) => {
    await owners.update(tx, ownerId, { passwordHash, sessionsValidAfter: validAfter });
    await revokeAllSessions(tx, ownerId);
  };
  const { identity } = config;
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

  /** Id token plus a new refresh token in `familyId` (a new family for a fresh sign-in). */
  const issueTokens = async (
    tx: DbOrTx,
    owner: Pick<OwnerRow, 'id' | 'email' | 'manufacturerId' | 'sessionsValidAfter'>,
    familyId: string = randomUUID(),
  ): Promise<TokenResponse> => {
    const { signing } = await keyStore.get();
    // Never before the owner's cut-off, which may be the next second right after a reset or change.
    const iat = Math.max(secondsOf(clock.now()), secondsOf(owner.sessionsValidAfter));
    // `sid` names the session (the refresh family): signing out ends this session's id tokens too.
    const idToken = await new SignJWT({ email: owner.email, mid: owner.manufacturerId, sid: familyId })
      .setProtectedHeader({ alg: 'ES256', kid: signing.kid, typ: 'JWT' })
      .setSubject(owner.id)
      .setIssuer(identity.issuer)
      .setAudience(identity.audience)
      .setIssuedAt(iat)
      .setExpirationTime(iat + identity.tokenTtlSeconds)
      .sign(signing.key);
    const refreshToken = randomToken();
    await insertRefreshToken(tx, {
      ownerId: owner.id,
      tokenHash: sha256(refreshToken),
      familyId,
      expiresAt: new Date(clock.now().getTime() + identity.refreshTtlDays * 86_400_000),
    });
    return { idToken, refreshToken, expiresIn: String(identity.tokenTtlSeconds) };
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
   * Ends the session of whichever token it is given: the refresh token's family, and the family an
   * id token's `sid` names. `idToken` verifies the caller's id token (only asked for when the
   * embedded service runs); a token it refuses (forged, expired, its session ended) ends nothing.
   * Every token of the family is revoked, so the session's id tokens are refused from now on too.
   * The owner's other sessions go on. Sign-out always succeeds (D5; docs/product-decisions.md "Identity").
   */
  const signOut = async ({
    refreshToken,
    idToken,
  }: {
    refreshToken?: string | undefined;
    idToken?: (() => Promise<VerifiedToken>) | undefined;
  }) => {
    if (!identity.embedded) return;
    if (refreshToken) {
      const found = await findRefreshToken(db, sha256(refreshToken));
      if (found) await revokeRefreshFamily(db, found.familyId);
    }
    const claims = idToken ? await idToken().catch(ignoreRefusedToken) : undefined;
    // Tokens issued before sessions had ids carry no `sid`; they end with their lifetime (an hour).
    const sid = claims?.sid;
    if (claims && typeof sid === 'string' && isUuidText(sid) && isUuidText(claims.sub)) {
      await revokeRefreshFamily(db, sid, claims.sub);
    }
  };

  /**
   * Queues the reset; the job (identity.jobs.ts) looks the address up and mails the link. The request
   * does the same work whether or not the address belongs to an owner (one job insert), so neither
   * its answer nor its timing tells which addresses exist.
   */
  const requestPasswordReset = async (email: string) => {
    ensureEmbedded();
    await jobs.send<PasswordResetJob>(PASSWORD_RESET_JOB, { email }, { singletonKey: email });
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
    // What the owner module's operator actions need, handed to it by the composition root.
    hashPassword,
    /** Revokes every refresh session of the owner in the caller's transaction. */
    endSessions: (tx: DbOrTx, ownerId: string) => revokeAllSessions(tx, ownerId),
  };
};
export type IdentityService = ReturnType<typeof createIdentityService>;
