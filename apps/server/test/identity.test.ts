import { randomUUID } from 'node:crypto';
import { identityApi, type RouteDef, routeUrl } from '@parley/contract';
import { and, eq, sql } from 'drizzle-orm';
import {
  createLocalJWKSet,
  decodeJwt,
  decodeProtectedHeader,
  generateKeyPair,
  jwtVerify,
  SignJWT,
} from 'jose';
import { describe, expect, it } from 'vitest';
import {
  passwordResetTokens,
  refreshTokens,
  signInAttempts,
} from '../src/modules/identity/identity.tables.js';
import { callApi, callApiUnchecked } from './client.js';
import {
  codeOf,
  createOwner,
  meSmall,
  offlineIdentityProvider,
  readOutbox,
  signIn,
  useTestApp,
} from './helpers.js';

const ctx = useTestApp();

type Payload = Record<string, unknown>;
/** An identity route with this body (sign-out has no body schema: it answers 204 to anything). */
const post = (route: RouteDef, payload: Payload, opts: { ip?: string; token?: string } = {}) =>
  callApiUnchecked(ctx.app, route, { body: payload }, { remoteAddress: opts.ip, token: opts.token });
const signInAs = (email: string, password: string, ip?: string) =>
  post(identityApi.signIn, { email, password }, ip ? { ip } : {});
const me = (idToken: string) => meSmall(ctx.app, idToken);
/** A client address of its own per test, so the per-client limit of one test never hits another. */
const freshIp = () =>
  `10.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`;

/** The reset link mailed to `email`, once the job queue has delivered it. */
const resetTokenFor = async (email: string) => {
  const [mail] = await readOutbox(ctx.rt, (m) => m.to === email && m.subject.includes('Reset'));
  const link = mail?.links.find((l) => l.includes('/reset-password?token='));
  if (!link) throw new Error(`no reset mail for ${email}`);
  return { link, token: new URL(link).searchParams.get('token') ?? '' };
};

describe('sign-in', () => {
  it('answers tokens whose id token opens the API', async () => {
    const owner = await createOwner(ctx.rt);
    // Stored lowercased and compared lowercased (D5), whatever the client sends.
    const res = await signInAs(`  ${owner.email.toUpperCase()} `, owner.password);
    expect(res.statusCode).toBe(200);
    const tokens = res.json() as { idToken: string; refreshToken: string; expiresIn: string };
    expect(tokens.expiresIn).toBe('3600');
    expect(tokens.refreshToken).toMatch(/^[A-Za-z0-9_-]{43}$/);

    const claims = decodeJwt(tokens.idToken);
    expect(claims).toMatchObject({
      sub: owner.ownerId,
      email: owner.email,
      mid: owner.manufacturerId,
      iss: ctx.rt.config.identity.issuer,
      aud: ctx.rt.config.identity.audience,
    });
    expect((claims.exp ?? 0) - (claims.iat ?? 0)).toBe(3600);
    expect(decodeProtectedHeader(tokens.idToken)).toMatchObject({ alg: 'ES256', kid: expect.any(String) });

    const profile = await me(tokens.idToken);
    expect(profile.statusCode).toBe(200);
    expect(profile.json()).toMatchObject({ _id: owner.ownerId, email: owner.email });
  });

  it('answers auth/invalid-email for a malformed address, before any counting', async () => {
    const res = await signInAs('not-an-email', 'whatever-password');
    expect(res.statusCode).toBe(400);
    expect(codeOf(res)).toBe('auth/invalid-email');
    const rows = await ctx.rt.db
      .select()
      .from(signInAttempts)
      .where(eq(signInAttempts.email, 'not-an-email'));
    expect(rows).toHaveLength(0);
  });

  it('answers auth/invalid-credential alike for a wrong password and an unknown address', async () => {
    const owner = await createOwner(ctx.rt);
    const wrong = await signInAs(owner.email, 'wrong-password');
    const unknown = await signInAs(`nobody-${randomUUID()}@example.com`, owner.password);
    for (const res of [wrong, unknown]) {
      expect(res.statusCode).toBe(400);
      expect(codeOf(res)).toBe('auth/invalid-credential');
    }
    expect(wrong.error().message).toBe(unknown.error().message);
  });

  it('locks an address for 15 minutes after 5 failures, even for the right password', async () => {
    const owner = await createOwner(ctx.rt);
    const other = await createOwner(ctx.rt);
    const ip = freshIp();
    for (let i = 0; i < 5; i++) {
      const res = await signInAs(owner.email, `wrong-${i}-password`, ip);
      expect(codeOf(res)).toBe('auth/invalid-credential');
    }
    const locked = await signInAs(owner.email, owner.password, ip);
    expect(locked.statusCode).toBe(429);
    expect(codeOf(locked)).toBe('auth/too-many-requests');
    // The lock is per address: another owner on the same client signs in.
    expect((await signInAs(other.email, other.password, ip)).statusCode).toBe(200);

    // 16 minutes later the lock is over.
    await ctx.rt.db
      .update(signInAttempts)
      .set({ createdAt: sql`${signInAttempts.createdAt} - interval '16 minutes'` })
      .where(eq(signInAttempts.email, owner.email));
    expect((await signInAs(owner.email, owner.password, ip)).statusCode).toBe(200);
  });

  it('keeps the lock 15 minutes after the fifth failure, not until the first ages out', async () => {
    const owner = await createOwner(ctx.rt);
    const ip = freshIp();
    for (let i = 0; i < 4; i++) await signInAs(owner.email, `wrong-${i}-password`, ip);
    await ctx.rt.db
      .update(signInAttempts)
      .set({ createdAt: sql`${signInAttempts.createdAt} - interval '14 minutes'` })
      .where(eq(signInAttempts.email, owner.email));
    await signInAs(owner.email, 'wrong-5-password', ip);
    expect(codeOf(await signInAs(owner.email, owner.password, ip))).toBe('auth/too-many-requests');
    // Two minutes on, the first four are older than 15 minutes, but the fifth failure was 2 minutes ago.
    await ctx.rt.db
      .update(signInAttempts)
      .set({ createdAt: sql`${signInAttempts.createdAt} - interval '2 minutes'` })
      .where(eq(signInAttempts.email, owner.email));
    expect(codeOf(await signInAs(owner.email, owner.password, ip))).toBe('auth/too-many-requests');
  });

  it('lets one client address try 100 sign-ins per 15 minutes, counted exactly under concurrency', async () => {
    const owner = await createOwner(ctx.rt);
    const ip = freshIp();
    const results = await Promise.all(
      Array.from({ length: 104 }, (_, i) =>
        signInAs(`guess-${i}-${randomUUID()}@example.com`, 'password-1', ip),
      ),
    );
    const codes = results.map(codeOf);
    expect(codes.filter((c) => c === 'auth/invalid-credential')).toHaveLength(100);
    expect(codes.filter((c) => c === 'auth/too-many-requests')).toHaveLength(4);

    const blocked = await signInAs(owner.email, owner.password, ip);
    expect(blocked.statusCode).toBe(429);
    expect(codeOf(blocked)).toBe('auth/too-many-requests');
    expect((await signInAs(owner.email, owner.password, freshIp())).statusCode).toBe(200);
  });

  it('refuses a disabled owner and ends its sessions', async () => {
    const owner = await createOwner(ctx.rt);
    const tokens = await signIn(ctx.app, owner.email, owner.password);
    await ctx.rt.services.owner.setDisabled(owner.email, true);

    const profile = await me(tokens.idToken);
    expect(profile.statusCode).toBe(403);
    expect(codeOf(profile)).toBe('auth/user-disabled');

    const live = await ctx.rt.db
      .select()
      .from(refreshTokens)
      .where(and(eq(refreshTokens.ownerId, owner.ownerId), sql`${refreshTokens.revokedAt} is null`));
    expect(live).toHaveLength(0);
    const refreshed = await post(identityApi.refresh, { refreshToken: tokens.refreshToken });
    expect(refreshed.statusCode).toBe(403);
    expect(codeOf(refreshed)).toBe('auth/user-disabled');

    const right = await signInAs(owner.email, owner.password);
    expect(right.statusCode).toBe(403);
    expect(codeOf(right)).toBe('auth/user-disabled');
    // Without the right password nothing tells a guesser the account is disabled.
    expect(codeOf(await signInAs(owner.email, 'wrong-password'))).toBe('auth/invalid-credential');
  });
});

describe('refresh and sign-out', () => {
  it('rotates refresh tokens and revokes the family when a rotated one is reused', async () => {
    const owner = await createOwner(ctx.rt);
    const first = await signIn(ctx.app, owner.email, owner.password);

    const res = await post(identityApi.refresh, { refreshToken: first.refreshToken });
    expect(res.statusCode).toBe(200);
    const second = res.json() as typeof first;
    expect(second.refreshToken).not.toBe(first.refreshToken);
    expect(second.expiresIn).toBe('3600');
    expect((await me(second.idToken)).statusCode).toBe(200);

    // A separate sign-in is another family and survives the reuse below.
    const otherSession = await signIn(ctx.app, owner.email, owner.password);

    const reused = await post(identityApi.refresh, { refreshToken: first.refreshToken });
    expect(reused.statusCode).toBe(400);
    expect(codeOf(reused)).toBe('auth/invalid-credential');
    // The thief may hold the newer token too: the whole family is dead.
    expect(codeOf(await post(identityApi.refresh, { refreshToken: second.refreshToken }))).toBe(
      'auth/invalid-credential',
    );
    expect((await post(identityApi.refresh, { refreshToken: otherSession.refreshToken })).statusCode).toBe(
      200,
    );
  });

  it('refuses an unknown or expired refresh token', async () => {
    expect(codeOf(await post(identityApi.refresh, { refreshToken: 'no-such-token' }))).toBe(
      'auth/invalid-credential',
    );
    const owner = await createOwner(ctx.rt);
    const tokens = await signIn(ctx.app, owner.email, owner.password);
    await ctx.rt.db
      .update(refreshTokens)
      .set({ expiresAt: sql`now() - interval '1 minute'` })
      .where(eq(refreshTokens.ownerId, owner.ownerId));
    const res = await post(identityApi.refresh, { refreshToken: tokens.refreshToken });
    expect(res.statusCode).toBe(400);
    expect(codeOf(res)).toBe('auth/invalid-credential');
  });

  it('signs out with 204 whatever it is given, revoking a live token', async () => {
    const owner = await createOwner(ctx.rt);
    const tokens = await signIn(ctx.app, owner.email, owner.password);
    expect((await post(identityApi.signOut, { refreshToken: tokens.refreshToken })).statusCode).toBe(204);
    expect(codeOf(await post(identityApi.refresh, { refreshToken: tokens.refreshToken }))).toBe(
      'auth/invalid-credential',
    );
    expect((await post(identityApi.signOut, { refreshToken: tokens.refreshToken })).statusCode).toBe(204);
    expect((await post(identityApi.signOut, { refreshToken: 'garbage' })).statusCode).toBe(204);
    expect((await post(identityApi.signOut, {})).statusCode).toBe(204);
    // No body at all, or one the schema would refuse: still 204 (D5).
    expect((await callApi(ctx.app, identityApi.signOut)).statusCode).toBe(204);
    expect((await post(identityApi.signOut, { refreshToken: 'x'.repeat(600) })).statusCode).toBe(204);
  });
});

describe('password reset', () => {
  it('mails a one-time link; confirming it sets the password and ends every session', async () => {
    const owner = await createOwner(ctx.rt);
    const session = await signIn(ctx.app, owner.email, owner.password);
    const unknown = `nobody-${randomUUID()}@example.com`;

    expect((await post(identityApi.passwordReset, { email: unknown })).statusCode).toBe(204);
    expect((await post(identityApi.passwordReset, { email: owner.email.toUpperCase() })).statusCode).toBe(
      204,
    );

    const { link, token } = await resetTokenFor(owner.email);
    expect(link).toMatch(/^http:\/\/parley\.test\/reset-password\?token=[A-Za-z0-9_-]{43}$/);
    expect(await readOutbox(ctx.rt, (m) => m.to === unknown, 0)).toHaveLength(0);
    // Stored hashed: the mailed token is nowhere in the table.
    const stored = await ctx.rt.db
      .select()
      .from(passwordResetTokens)
      .where(eq(passwordResetTokens.ownerId, owner.ownerId));
    expect(stored.map((r) => r.tokenHash)).not.toContain(token);

    const confirm = await post(identityApi.passwordResetConfirm, { token, newPassword: 'a-new-password' });
    expect(confirm.statusCode).toBe(204);

    expect(codeOf(await signInAs(owner.email, owner.password))).toBe('auth/invalid-credential');
    expect((await signInAs(owner.email, 'a-new-password')).statusCode).toBe(200);
    const old = await me(session.idToken);
    expect(old.statusCode).toBe(401);
    expect(codeOf(old)).toBe('auth/id-token-expired');
    expect(codeOf(await post(identityApi.refresh, { refreshToken: session.refreshToken }))).toBe(
      'auth/invalid-credential',
    );

    const again = await post(identityApi.passwordResetConfirm, { token, newPassword: 'another-password' });
    expect(again.statusCode).toBe(400);
    expect(codeOf(again)).toBe('auth/invalid-action-code');
  });

  it('refuses an expired or unknown token, and a password outside D24', async () => {
    const owner = await createOwner(ctx.rt);
    await post(identityApi.passwordReset, { email: owner.email });
    const { token } = await resetTokenFor(owner.email);

    const short = await post(identityApi.passwordResetConfirm, { token, newPassword: 'short' });
    expect(short.statusCode).toBe(400);
    expect(codeOf(short)).toBe('validation');

    await ctx.rt.db
      .update(passwordResetTokens)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(passwordResetTokens.ownerId, owner.ownerId));
    const expired = await post(identityApi.passwordResetConfirm, { token, newPassword: 'a-new-password' });
    expect(expired.statusCode).toBe(400);
    expect(codeOf(expired)).toBe('auth/invalid-action-code');
    expect(
      codeOf(await post(identityApi.passwordResetConfirm, { token: 'nope', newPassword: 'a-new-password' })),
    ).toBe('auth/invalid-action-code');
    // The password is unchanged.
    expect((await signInAs(owner.email, owner.password)).statusCode).toBe(200);
  });

  it('rejects a malformed address with the catalogue code auth/invalid-email', async () => {
    const res = await post(identityApi.passwordReset, { email: 'not-an-email' });
    expect(res.statusCode).toBe(400);
    expect(codeOf(res)).toBe('auth/invalid-email');
    expect(res.json()).toMatchObject({ field: 'email' });
  });
});

describe('password change', () => {
  it('answers fresh tokens and ends the other sessions', async () => {
    const owner = await createOwner(ctx.rt);
    const current = await signIn(ctx.app, owner.email, owner.password);
    const elsewhere = await signIn(ctx.app, owner.email, owner.password);

    const res = await post(
      identityApi.passwordChange,
      { currentPassword: owner.password, newPassword: 'changed-password' },
      { token: current.idToken },
    );
    expect(res.statusCode).toBe(200);
    const fresh = res.json() as typeof current;
    expect((await me(fresh.idToken)).statusCode).toBe(200);
    expect((await post(identityApi.refresh, { refreshToken: fresh.refreshToken })).statusCode).toBe(200);

    for (const old of [current, elsewhere]) {
      expect(codeOf(await me(old.idToken))).toBe('auth/id-token-expired');
      expect(codeOf(await post(identityApi.refresh, { refreshToken: old.refreshToken }))).toBe(
        'auth/invalid-credential',
      );
    }
    expect(codeOf(await signInAs(owner.email, owner.password))).toBe('auth/invalid-credential');
    expect((await signInAs(owner.email, 'changed-password')).statusCode).toBe(200);
  });

  it('needs a valid id token and the current password', async () => {
    const owner = await createOwner(ctx.rt);
    const tokens = await signIn(ctx.app, owner.email, owner.password);
    const body = { currentPassword: owner.password, newPassword: 'changed-password' };

    const missing = await post(identityApi.passwordChange, body);
    expect(missing.statusCode).toBe(401);
    expect(codeOf(missing)).toBe('auth/missing-token');
    const tampered = await post(identityApi.passwordChange, body, { token: `${tokens.idToken}x` });
    expect(tampered.statusCode).toBe(401);
    expect(codeOf(tampered)).toBe('auth/invalid-token');

    const wrong = await post(
      identityApi.passwordChange,
      { currentPassword: 'not-my-password', newPassword: 'changed-password' },
      { token: tokens.idToken },
    );
    expect(wrong.statusCode).toBe(400);
    expect(codeOf(wrong)).toBe('auth/wrong-password');
    // Nothing changed.
    expect((await me(tokens.idToken)).statusCode).toBe(200);
    expect((await signInAs(owner.email, owner.password)).statusCode).toBe(200);
  });
});

describe('id tokens and keys', () => {
  it('publishes the public signing keys as a JWKS', async () => {
    const owner = await createOwner(ctx.rt);
    const tokens = await signIn(ctx.app, owner.email, owner.password);
    const res = await callApi(ctx.app, identityApi.jwks);
    expect(res.statusCode).toBe(200);
    const jwks = res.json() as { keys: Record<string, string>[] };
    expect(jwks.keys.length).toBeGreaterThanOrEqual(1);
    for (const key of jwks.keys) {
      expect(key).toMatchObject({ kty: 'EC', crv: 'P-256', alg: 'ES256', use: 'sig' });
      expect(key).not.toHaveProperty('d');
    }
    expect(jwks.keys.map((k) => k.kid)).toContain(decodeProtectedHeader(tokens.idToken).kid);
    // What an external verifier does with it.
    const { payload } = await jwtVerify(tokens.idToken, createLocalJWKSet(jwks as never), {
      issuer: ctx.rt.config.identity.issuer,
      audience: ctx.rt.config.identity.audience,
    });
    expect(payload.sub).toBe(owner.ownerId);
  });

  it('refuses a token signed by another key', async () => {
    const owner = await createOwner(ctx.rt);
    const { signing } = await ctx.rt.keyStore.get();
    const { privateKey } = await generateKeyPair('ES256');
    const forged = await new SignJWT({ email: owner.email, mid: owner.manufacturerId })
      .setProtectedHeader({ alg: 'ES256', kid: signing.kid })
      .setSubject(owner.ownerId)
      .setIssuer(ctx.rt.config.identity.issuer)
      .setAudience(ctx.rt.config.identity.audience)
      .setIssuedAt()
      .setExpirationTime('1h')
      .sign(privateKey);
    const res = await me(forged);
    expect(res.statusCode).toBe(401);
    expect(codeOf(res)).toBe('auth/invalid-token');
  });

  it('refuses an expired token with auth/id-token-expired', async () => {
    const owner = await createOwner(ctx.rt);
    const { signing } = await ctx.rt.keyStore.get();
    const now = Math.floor(Date.now() / 1000);
    const expired = await new SignJWT({ email: owner.email, mid: owner.manufacturerId })
      .setProtectedHeader({ alg: 'ES256', kid: signing.kid })
      .setSubject(owner.ownerId)
      .setIssuer(ctx.rt.config.identity.issuer)
      .setAudience(ctx.rt.config.identity.audience)
      .setIssuedAt(now - 7200)
      .setExpirationTime(now - 3600)
      .sign(signing.key);
    const res = await me(expired);
    expect(res.statusCode).toBe(401);
    expect(codeOf(res)).toBe('auth/id-token-expired');
  });
});

describe('id tokens verified once', () => {
  it('still refuses a remembered token once it expired, and a verified token with its signature changed', async () => {
    const owner = await createOwner(ctx.rt);
    const { signing } = await ctx.rt.keyStore.get();
    const now = Math.floor(Date.now() / 1000);
    const shortLived = await new SignJWT({ email: owner.email, mid: owner.manufacturerId })
      .setProtectedHeader({ alg: 'ES256', kid: signing.kid })
      .setSubject(owner.ownerId)
      .setIssuer(ctx.rt.config.identity.issuer)
      .setAudience(ctx.rt.config.identity.audience)
      .setIssuedAt(now)
      .setExpirationTime(now + 2)
      .sign(signing.key);
    // Verified by its signature, then answered from what the verifier remembers of it.
    expect((await me(shortLived)).statusCode).toBe(200);
    expect((await me(shortLived)).statusCode).toBe(200);
    const [head, body, signature = ''] = shortLived.split('.');
    const flipped = `${head}.${body}.${signature.slice(0, -2)}${signature.endsWith('AA') ? 'BA' : 'AA'}`;
    expect(codeOf(await me(flipped))).toBe('auth/invalid-token');
    await new Promise((r) => setTimeout(r, (now + 3) * 1000 - Date.now()));
    const late = await me(shortLived);
    expect(late.statusCode).toBe(401);
    expect(codeOf(late)).toBe('auth/id-token-expired');
  });
});

describe('with an external identity provider', () => {
  const ext = useTestApp(offlineIdentityProvider);

  it('turns the embedded endpoints off with auth/operation-not-allowed', async () => {
    const owner = await createOwner(ext.rt);
    const calls: { route: RouteDef; payload: Payload }[] = [
      { route: identityApi.signIn, payload: { email: owner.email, password: owner.password } },
      { route: identityApi.refresh, payload: { refreshToken: 'anything' } },
      { route: identityApi.passwordReset, payload: { email: owner.email } },
      {
        route: identityApi.passwordResetConfirm,
        payload: { token: 'anything', newPassword: 'a-new-password' },
      },
    ];
    for (const c of calls) {
      const res = await callApiUnchecked(ext.app, c.route, { body: c.payload });
      expect(res.statusCode, routeUrl(c.route)).toBe(400);
      expect(codeOf(res), routeUrl(c.route)).toBe('auth/operation-not-allowed');
    }
    expect(codeOf(await callApi(ext.app, identityApi.jwks))).toBe('auth/operation-not-allowed');
    // Sign-out always answers 204 (D5).
    expect((await callApiUnchecked(ext.app, identityApi.signOut, { body: {} })).statusCode).toBe(204);
  });
});
