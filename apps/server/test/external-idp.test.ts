import { randomUUID } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { identityApi } from '@parley/contract';
import { exportJWK, generateKeyPair, SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callApi } from './client.js';
import { createOwner, createTestApp, meSmall, type TestContext } from './helpers.js';

/**
 * D5: an external identity provider that issues JWTs replaces the embedded one. A real JWKS endpoint on
 * loopback stands in for the provider; tokens are signed with its key, as Firebase or Keycloak would.
 */
const ISSUER = 'https://idp.example/realms/parley';
let ctx: TestContext;
let jwks: http.Server;
let privateKey: CryptoKey;
const kid = 'idp-key-1';

beforeAll(async () => {
  const pair = await generateKeyPair('ES256');
  privateKey = pair.privateKey as CryptoKey;
  const publicJwk = { ...(await exportJWK(pair.publicKey)), kid, alg: 'ES256', use: 'sig' };
  jwks = http.createServer((_req, res) => {
    res.setHeader('content-type', 'application/json');
    res.end(JSON.stringify({ keys: [publicJwk] }));
  });
  await new Promise<void>((resolve) => jwks.listen(0, '127.0.0.1', resolve));
  const { port } = jwks.address() as AddressInfo;
  ctx = await createTestApp({
    IDENTITY_JWKS_URL: `http://127.0.0.1:${port}/jwks.json`,
    IDENTITY_ISSUER: ISSUER,
    IDENTITY_AUDIENCE: 'parley-console',
  });
});
afterAll(async () => {
  await ctx?.close();
  await new Promise((resolve) => jwks?.close(resolve));
});

const tokenFor = (claims: Record<string, unknown>, sub: string) =>
  new SignJWT(claims)
    .setProtectedHeader({ alg: 'ES256', kid })
    .setSubject(sub)
    .setIssuer(ISSUER)
    .setAudience('parley-console')
    .setIssuedAt()
    .setExpirationTime('10m')
    .sign(privateKey);

const me = (token: string) => meSmall(ctx.app, token);

describe('an external identity provider', () => {
  it("finds the owner by the provider's verified email, whatever its subject looks like", async () => {
    const owner = await createOwner(ctx.rt);
    for (const sub of ['firebase-uid-AbC123', randomUUID()]) {
      const res = await me(await tokenFor({ email: owner.email, email_verified: true }, sub));
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()._id).toBe(owner.ownerId);
    }
  });

  it('refuses an email the provider has not verified (anyone could sign up there with it)', async () => {
    const owner = await createOwner(ctx.rt);
    for (const claims of [{ email: owner.email, email_verified: false }, { email: owner.email }]) {
      const res = await me(await tokenFor(claims, 'someone-else'));
      expect(res.statusCode).toBe(401);
      expect(res.error().code).toBe('auth/invalid-token');
    }
  });

  it('refuses tokens of another issuer or audience, and the embedded sign-in is off', async () => {
    const owner = await createOwner(ctx.rt);
    const wrongAudience = await new SignJWT({ email: owner.email, email_verified: true })
      .setProtectedHeader({ alg: 'ES256', kid })
      .setSubject('x')
      .setIssuer(ISSUER)
      .setAudience('another-app')
      .setIssuedAt()
      .setExpirationTime('10m')
      .sign(privateKey);
    expect((await me(wrongAudience)).statusCode).toBe(401);
    const signIn = await callApi(ctx.app, identityApi.signIn, {
      body: { email: owner.email, password: owner.password },
    });
    expect(signIn.error().code).toBe('auth/operation-not-allowed');
  });
});
