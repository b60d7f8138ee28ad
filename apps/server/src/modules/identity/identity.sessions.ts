import { randomUUID } from 'node:crypto';
import { isUuidText, type TokenResponse } from '@parley/contract';
import { SignJWT } from 'jose';
import type { Config } from '../../config.js';
import type { Db, DbOrTx } from '../../db/client.js';
import type { Clock } from '../../lib/clock.js';
import { AppError } from '../../lib/errors.js';
import { randomToken, sha256 } from '../../lib/secrets.js';
import type { ManufacturerRow, OwnerRow, OwnerService } from '../owner/index.js';
import type { KeyStore, VerifiedToken } from './identity.keys.js';
import './identity.errors.js';
import {
  findRefreshToken,
  insertRefreshToken,
  isSessionLive,
  revokeAllSessions,
  revokeRefreshFamily,
} from './identity.repository.js';

/*
 * The identity module's sessions (D5; docs/product-decisions.md, "Identity"): the tokens a session
 * is made of, its end (sign-out, a password set), and the checks of a token's owner and session for
 * the auth hook and the token verifier. The identity service (identity.service.ts) composes them.
 */

/** What the identity module needs of the owner module (its service, given by the composition root). */
export type IdentityOwners = Pick<
  OwnerService,
  'findByEmail' | 'findById' | 'findWithManufacturer' | 'lockForShare' | 'update'
>;

export const userDisabled = () => new AppError('auth/user-disabled', 'This account is disabled.');

const secondsOf = (d: Date) => Math.floor(d.getTime() / 1000);

/**
 * The cut-off that ends sessions: the next whole second. `assertTokenCurrent` compares the token's
 * `iat` (whole seconds) with it, so a token issued earlier in this very second is refused too; the
 * fresh tokens we issue right after carry an `iat` of at least the cut-off (see `issueTokens`).
 */
export const nextSecond = (clock: Clock) => new Date((secondsOf(clock.now()) + 1) * 1000);

/**
 * The one check of an id token's owner, for the auth hook and the password change: the owner
 * exists, is enabled, and the token was issued after its sessions' cut-off. `iat` has second
 * precision; a token issued in the same second as the cut-off stays valid.
 */
export const assertTokenCurrent = (owner: OwnerRow | undefined, iat: number): OwnerRow => {
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
 * The embedded service's sessions: tokens issued in a session (a refresh family, named by the id
 * token's `sid`), and their end by sign-out or a new password. Built by `createIdentityService`.
 */
export const createIdentitySessions = ({
  db,
  clock,
  identity,
  keyStore,
  owners,
}: {
  db: Db;
  clock: Clock;
  identity: Config['identity'];
  keyStore: KeyStore;
  owners: Pick<IdentityOwners, 'update'>;
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

  return {
    issueTokens,
    setPasswordAndEndSessions,
    signOut,
    /** Revokes every refresh session of the owner in the caller's transaction. */
    endSessions: (tx: DbOrTx, ownerId: string) => revokeAllSessions(tx, ownerId),
  };
};
