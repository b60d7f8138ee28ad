import { identityApi, type TokenResponse } from '@parley/contract';
import { decodeJwt } from 'jose';
import { describe, expect, it } from 'vitest';
import { callApi, callApiUnchecked } from './client.js';
import { createOwner, meSmall, signIn, useTestApp } from './helpers.js';

/** Sign-out ends the session it is given, id token included; the owner's other sessions go on. */
const ctx = useTestApp();

const me = (idToken: string) => meSmall(ctx.app, idToken);
// Sign-out has no body schema (it answers 204 to anything), so its token goes unchecked.
const signOut = (refreshToken: string) =>
  callApiUnchecked(ctx.app, identityApi.signOut, { body: { refreshToken } });
const refresh = (refreshToken: string) => callApi(ctx.app, identityApi.refresh, { body: { refreshToken } });

describe('sign-out', () => {
  it('ends the id token of the signed-out session at once, and only that session', async () => {
    const owner = await createOwner(ctx.rt);
    const laptop = await signIn(ctx.app, owner.email, owner.password);
    const phone = await signIn(ctx.app, owner.email, owner.password);
    expect(decodeJwt(laptop.idToken).sid).not.toBe(decodeJwt(phone.idToken).sid);
    expect((await me(laptop.idToken)).statusCode).toBe(200);

    expect((await signOut(laptop.refreshToken)).statusCode).toBe(204);

    const ended = await me(laptop.idToken);
    expect(ended.statusCode).toBe(401);
    expect(ended.error().code).toBe('auth/id-token-expired');
    // The password change checks the token the same way.
    const change = await callApi(
      ctx.app,
      identityApi.passwordChange,
      { body: { currentPassword: owner.password, newPassword: 'a-new-password-1' } },
      { token: laptop.idToken },
    );
    expect(change.statusCode).toBe(401);

    // The other session goes on, and can still refresh.
    expect((await me(phone.idToken)).statusCode).toBe(200);
    const refreshed = await refresh(phone.refreshToken);
    expect(refreshed.statusCode).toBe(200);
    expect((await me((refreshed.json() as TokenResponse).idToken)).statusCode).toBe(200);
  });

  it('ends every id token of the session, those of earlier refreshes too', async () => {
    const owner = await createOwner(ctx.rt);
    const first = await signIn(ctx.app, owner.email, owner.password);
    const res = await refresh(first.refreshToken);
    const second = res.json() as TokenResponse;
    expect(decodeJwt(second.idToken).sid).toBe(decodeJwt(first.idToken).sid);

    expect((await signOut(second.refreshToken)).statusCode).toBe(204);
    expect((await me(first.idToken)).statusCode).toBe(401);
    expect((await me(second.idToken)).statusCode).toBe(401);
    expect((await refresh(second.refreshToken)).statusCode).toBe(400);
    // Signing in again opens a new session.
    expect((await me((await signIn(ctx.app, owner.email, owner.password)).idToken)).statusCode).toBe(200);
  });

  it('ends the session of an id token sent alone (x-auth-token, no body), and only that session', async () => {
    const owner = await createOwner(ctx.rt);
    const laptop = await signIn(ctx.app, owner.email, owner.password);
    const phone = await signIn(ctx.app, owner.email, owner.password);

    const res = await callApiUnchecked(ctx.app, identityApi.signOut, {}, { token: laptop.idToken });
    expect(res.statusCode).toBe(204);

    expect((await me(laptop.idToken)).statusCode).toBe(401);
    // The session's refresh token is revoked with it, so it cannot mint a fresh id token either.
    expect((await refresh(laptop.refreshToken)).statusCode).toBe(400);
    expect((await me(phone.idToken)).statusCode).toBe(200);
    expect((await refresh(phone.refreshToken)).statusCode).toBe(200);
  });

  it('ends nothing for an id token whose signature does not hold, still answering 204', async () => {
    const owner = await createOwner(ctx.rt);
    const victim = await signIn(ctx.app, owner.email, owner.password);
    const other = await createOwner(ctx.rt);
    const stranger = await signIn(ctx.app, other.email, other.password);
    // The stranger's token with the victim's subject and session: a payload our key never signed.
    const [header, payload, signature] = stranger.idToken.split('.') as [string, string, string];
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString());
    const victimClaims = decodeJwt(victim.idToken);
    const forged = Buffer.from(JSON.stringify({ ...claims, sub: victimClaims.sub, sid: victimClaims.sid }));
    const token = `${header}.${forged.toString('base64url')}.${signature}`;

    for (const t of [token, 'not-a-jwt']) {
      expect((await callApiUnchecked(ctx.app, identityApi.signOut, {}, { token: t })).statusCode).toBe(204);
    }
    expect((await me(victim.idToken)).statusCode).toBe(200);
    expect((await refresh(victim.refreshToken)).statusCode).toBe(200);
  });
});
