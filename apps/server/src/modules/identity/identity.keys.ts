import { randomUUID } from 'node:crypto';
import { isUuidText } from '@parley/contract';
import { eq, sql } from 'drizzle-orm';
import {
  type CryptoKey,
  createLocalJWKSet,
  createRemoteJWKSet,
  exportJWK,
  generateKeyPair,
  importJWK,
  type JSONWebKeySet,
  type JWK,
  type JWTPayload,
  errors as joseErrors,
  jwtVerify,
} from 'jose';
import type { Db } from '../../db/client.js';
import { AppError } from '../../lib/errors.js';
import { identityKeys } from './identity.tables.js';

const ALG = 'ES256';
const KEY_LOCK = 7_261_093_552;

export type SigningKey = { kid: string; key: CryptoKey };

/**
 * The embedded identity service's key store. The first instance generates the key
 * pair under an advisory lock; every instance reads it from the database.
 */
export const createKeyStore = (db: Db) => {
  let cache: { signing: SigningKey; jwks: JSONWebKeySet; loadedAt: number } | undefined;

  const ensureKey = async () => {
    await db.transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(${KEY_LOCK})`);
      const [existing] = await tx
        .select({ kid: identityKeys.kid })
        .from(identityKeys)
        .where(eq(identityKeys.active, true))
        .limit(1);
      if (existing) return;
      const { publicKey, privateKey } = await generateKeyPair(ALG, { extractable: true });
      const kid = randomUUID();
      const publicJwk = { ...(await exportJWK(publicKey)), kid, alg: ALG, use: 'sig' };
      const privateJwk = { ...(await exportJWK(privateKey)), kid, alg: ALG };
      await tx.insert(identityKeys).values({ kid, alg: ALG, publicJwk, privateJwk });
    });
  };

  const load = async () => {
    let rows = await db.select().from(identityKeys);
    if (!rows.some((r) => r.active)) {
      await ensureKey();
      rows = await db.select().from(identityKeys);
    }
    const active = rows
      .filter((r) => r.active)
      .sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime())[0];
    if (!active) throw new Error('no active identity key');
    const key = (await importJWK(active.privateJwk as JWK, active.alg)) as CryptoKey;
    cache = {
      signing: { kid: active.kid, key },
      jwks: { keys: rows.map((r) => r.publicJwk as JWK) },
      loadedAt: Date.now(),
    };
    return cache;
  };

  return {
    /** Current keys; reloaded every 10 minutes so a rotation reaches every instance. */
    get: async () => (cache && Date.now() - cache.loadedAt < 600_000 ? cache : load()),
    reload: load,
  };
};
export type KeyStore = ReturnType<typeof createKeyStore>;

export type VerifiedToken = JWTPayload & {
  sub: string;
  email?: string;
  email_verified?: boolean;
  iat: number;
};

/** How many verified embedded tokens a verifier remembers (about one per live session; the oldest go first). */
const VERIFIED_TOKENS_KEPT = 5000;

/**
 * Verifies id tokens against the configured JWKS, issuer and audience (D5).
 * Embedded: the key store's public keys (reloaded once when a token names an unknown key).
 * External: the provider's JWKS URL.
 */
export const createTokenVerifier = (opts: {
  issuer: string;
  audience: string;
  jwksUrl?: string | undefined;
  keyStore?: KeyStore;
  /**
   * Throws unless the embedded service's session `sid` of owner `sub` is still live (not signed
   * out). Asked only for embedded tokens: an external provider's `sid` means something of its own.
   */
  checkSession?: (sid: string, sub: string) => Promise<void>;
}) => {
  const remote = opts.jwksUrl ? createRemoteJWKSet(new URL(opts.jwksUrl)) : undefined;
  // One local key set per loaded JWKS, kept while the key store keeps that JWKS: the key set caches the keys it
  // imports, so a request no longer turns the JWK into a key again (half of a token check's CPU before).
  let local: { jwks: JSONWebKeySet; keys: ReturnType<typeof createLocalJWKSet> } | undefined;
  // The embedded tokens this verifier found good under the current key set, with their claims: a token's
  // signature, issuer and audience never change, so a session's later requests skip the ECDSA check (a tenth
  // of a list request's CPU, docs/operations.md "Where a list request's CPU goes"). Expiry and not-before are
  // checked again on every use, exactly as jose checks them; a new key set (a rotation, the ten-minute
  // reload) starts afresh. Not for an external provider, whose keys may be withdrawn without our noticing.
  const verified = new Map<string, JWTPayload>();
  const localKeys = (jwks: JSONWebKeySet) => {
    if (local?.jwks !== jwks) {
      local = { jwks, keys: createLocalJWKSet(jwks) };
      verified.clear();
    }
    return local.keys;
  };
  const remember = (idToken: string, payload: JWTPayload) => {
    if (verified.size >= VERIFIED_TOKENS_KEPT) {
      const oldest = verified.keys().next();
      if (!oldest.done) verified.delete(oldest.value);
    }
    verified.set(idToken, payload);
  };
  /** A remembered token's claims while its times hold, as jwtVerify's checks (no clock tolerance). */
  const rememberedPayload = (idToken: string, jwks: JSONWebKeySet) => {
    const payload = local?.jwks === jwks ? verified.get(idToken) : undefined;
    if (!payload) return undefined;
    const now = Math.floor(Date.now() / 1000);
    if (typeof payload.nbf === 'number' && payload.nbf > now) return undefined;
    if (typeof payload.exp === 'number' && payload.exp <= now) {
      verified.delete(idToken);
      throw new joseErrors.JWTExpired('"exp" claim timestamp check failed', payload, 'exp');
    }
    return payload;
  };
  return async (idToken: string): Promise<VerifiedToken> => {
    const verifyWith = (keys: Parameters<typeof jwtVerify>[1]) =>
      jwtVerify(idToken, keys, { issuer: opts.issuer, audience: opts.audience });
    let payload: JWTPayload;
    try {
      if (remote) {
        payload = (await verifyWith(remote)).payload;
      } else {
        if (!opts.keyStore) throw new Error('no key store for the embedded identity service');
        const { jwks } = await opts.keyStore.get();
        const known = rememberedPayload(idToken, jwks);
        if (known) payload = known;
        else {
          let result: Awaited<ReturnType<typeof jwtVerify>>;
          try {
            result = await verifyWith(localKeys(jwks));
          } catch (err) {
            if (!(err instanceof joseErrors.JWKSNoMatchingKey)) throw err;
            const reloaded = (await opts.keyStore.reload()).jwks;
            result = await verifyWith(localKeys(reloaded));
          }
          payload = result.payload;
          remember(idToken, payload);
        }
      }
    } catch (err) {
      if (err instanceof joseErrors.JWTExpired) {
        throw new AppError('auth/id-token-expired', 'The id token has expired.');
      }
      throw new AppError('auth/invalid-token', 'The id token is not valid.');
    }
    if (typeof payload.sub !== 'string' || typeof payload.iat !== 'number') {
      throw new AppError('auth/invalid-token', 'The token lacks its subject.');
    }
    // Outside the try above: a database failure here is the server's, not a bad token.
    // Tokens issued before sessions had ids carry no `sid`; they end with their lifetime (an hour).
    if (!remote && payload.sid !== undefined && opts.checkSession) {
      if (typeof payload.sid !== 'string' || !isUuidText(payload.sid)) {
        throw new AppError('auth/invalid-token', 'The id token is not valid.');
      }
      await opts.checkSession(payload.sid, payload.sub);
    }
    return payload as VerifiedToken;
  };
};
export type TokenVerifier = ReturnType<typeof createTokenVerifier>;
