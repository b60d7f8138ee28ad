import { identityApi } from '@parley/contract';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { passwordResetTokens } from '../src/modules/identity/identity.tables.js';
import { callApi, callApiUnchecked } from './client.js';
import { codeOf, createOwner, offlineIdentityProvider, readOutbox, useTestApp } from './helpers.js';

/**
 * The reset page checks its link when it opens (docs/product-decisions.md, password reset):
 * `POST /identity/password-reset/check` answers 204 for a link that still works and the same
 * `auth/invalid-action-code` as confirm for any other, without using the link up.
 */
const ctx = useTestApp();

// `token` is unknown: the check is also sent what the contract refuses.
const check = (token: unknown) =>
  callApiUnchecked(ctx.app, identityApi.passwordResetCheck, { body: { token } });

const resetTokenFor = async (email: string) => {
  await callApi(ctx.app, identityApi.passwordReset, { body: { email } });
  const [mail] = await readOutbox(ctx.rt, (m) => m.to === email && m.subject.includes('Reset'));
  const link = mail?.links.find((l) => l.includes('/reset-password?token='));
  if (!link) throw new Error(`no reset mail for ${email}`);
  return new URL(link).searchParams.get('token') ?? '';
};

describe('checking a reset link', () => {
  it('answers 204 for a live link and leaves it usable; refuses it once used', async () => {
    const owner = await createOwner(ctx.rt);
    const token = await resetTokenFor(owner.email);

    expect((await check(token)).statusCode).toBe(204);
    expect((await check(token)).statusCode).toBe(204);
    const confirm = await callApi(ctx.app, identityApi.passwordResetConfirm, {
      body: { token, newPassword: 'a-new-password' },
    });
    expect(confirm.statusCode).toBe(204);

    const used = await check(token);
    expect(used.statusCode).toBe(400);
    expect(codeOf(used)).toBe('auth/invalid-action-code');
  });

  it('refuses an unknown or expired link with auth/invalid-action-code, and a malformed body with 400', async () => {
    const owner = await createOwner(ctx.rt);
    const token = await resetTokenFor(owner.email);

    const bogus = await check('not-a-token');
    expect(bogus.statusCode).toBe(400);
    expect(codeOf(bogus)).toBe('auth/invalid-action-code');

    await ctx.rt.db
      .update(passwordResetTokens)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(passwordResetTokens.ownerId, owner.ownerId));
    const expired = await check(token);
    expect(expired.statusCode).toBe(400);
    expect(codeOf(expired)).toBe('auth/invalid-action-code');

    for (const bad of ['', 42, 'x'.repeat(513)]) {
      const res = await check(bad);
      expect(res.statusCode).toBe(400);
      expect(codeOf(res)).toBe('validation');
    }
  });
});

describe('with an external identity provider', () => {
  const ext = useTestApp(offlineIdentityProvider);

  it('is off like the other embedded endpoints', async () => {
    const res = await callApi(ext.app, identityApi.passwordResetCheck, { body: { token: 'anything' } });
    expect(res.statusCode).toBe(400);
    expect(codeOf(res)).toBe('auth/operation-not-allowed');
  });
});
