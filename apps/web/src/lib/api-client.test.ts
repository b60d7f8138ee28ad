import { api, defineRoute, identityApi, routeQuery } from '@parley/contract';
import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ApiError, call, setAppCheckTokenProvider } from '@/lib/api-client';
import { getSessionState, initSession, stopSession } from '@/lib/auth';
import { createTestBackend } from '@/testing/test-backend';

// A route with params and array queries, like the later contact-request calls (D3 encoding).
const contactRequests = defineRoute({
  method: 'GET',
  path: '/owner/:ownerId/contact-requests',
  access: 'private',
  summary: 'test route',
  params: z.object({ ownerId: z.string() }),
  query: z.object({ statuses: z.array(z.string()), limit: z.number(), page: z.number().optional() }),
  status: 200,
  response: z.object({ documents: z.array(z.unknown()), total: z.number() }),
});

const signedInBackend = () => {
  const backend = createTestBackend();
  const tokens = backend.signInStored();
  initSession();
  return { backend, tokens };
};

afterEach(() => {
  stopSession();
  setAppCheckTokenProvider(async () => '');
});

describe('api client', () => {
  it('sends the identity, app-check and XSRF headers under /api', async () => {
    const { backend, tokens } = signedInBackend();
    // biome-ignore lint/suspicious/noDocumentCookie: the test plays the server setting the cookie.
    document.cookie = 'XSRF-TOKEN=xsrf%20value';

    const owner = await call(api.owner.meSmall);

    expect(owner.email).toBe('owner@example.com');
    const [request] = backend.server.requestsTo(api.owner.meSmall);
    expect(request?.headers.get('x-auth-token')).toBe(tokens.idToken);
    expect(request?.headers.get('X-Firebase-AppCheck')).toBe('');
    expect(request?.headers.get('X-XSRF-TOKEN')).toBe('xsrf value');
  });

  it('sends an empty identity token on public calls and a configured app-check token', async () => {
    const { backend } = signedInBackend();
    setAppCheckTokenProvider(async () => 'app-check-token');

    await call(api.info.all, { query: { platform: 'Web', category: 'WebInfo' } });

    const [request] = backend.server.requestsTo(api.info.all);
    expect(request?.headers.get('x-auth-token')).toBe('');
    expect(request?.headers.get('X-Firebase-AppCheck')).toBe('app-check-token');
    expect(request?.headers.get('X-XSRF-TOKEN')).toBeNull();
  });

  it('fills path parameters and encodes arrays as name[]=a&name[]=b', async () => {
    const { backend } = signedInBackend();
    backend.server.on(contactRequests, { ownerId: 'a/b' }, () => ({
      body: { documents: [], total: 0 },
    }));

    await call(contactRequests, {
      params: { ownerId: 'a/b' },
      query: { statuses: ['pending', 'accepted'], limit: 20, page: undefined },
    });

    expect(backend.server.requests.at(-1)?.url).toBe(
      '/api/owner/a%2Fb/contact-requests?statuses[]=pending&statuses[]=accepted&limit=20',
    );
    expect(routeQuery({ q: 'a b&c', none: null })).toBe('?q=a%20b%26c');
  });

  it('turns {code, message, field} into ApiError and rethrows it', async () => {
    const { backend } = signedInBackend();
    backend.server.on(api.owner.updateMe, () => ({
      status: 400,
      body: { code: 'validation', message: 'name must not be empty', field: 'name' },
    }));

    const failure = call(api.owner.updateMe, { body: { name: '' } });

    await expect(failure).rejects.toBeInstanceOf(ApiError);
    await expect(failure).rejects.toMatchObject({
      status: 400,
      code: 'validation',
      message: 'name must not be empty',
      field: 'name',
    });
    expect(backend.server.requestsTo(api.owner.updateMe)[0]?.body).toEqual({ name: '' });
  });

  it('answers undefined instead of throwing with skipThrowError', async () => {
    const { backend } = signedInBackend();
    backend.server.on(api.history.me, () => ({ status: 500, body: 'not json at all' }));

    const result = await call(
      api.history.me,
      { query: { product: 'connect', limit: 50 } },
      { skipThrowError: true },
    );

    expect(result).toBeUndefined();
  });

  it('refreshes the token once on 401 and retries the call', async () => {
    const { backend, tokens } = signedInBackend();
    backend.state.idTokens.delete(tokens.idToken); // revoked early on the server

    const owner = await call(api.owner.meSmall);

    expect(owner.name).toBe('Olivia Owner');
    const calls = backend.server.requestsTo(api.owner.meSmall);
    expect(calls).toHaveLength(2);
    expect(calls[1]?.headers.get('x-auth-token')).not.toBe(tokens.idToken);
    expect(backend.server.requestsTo(identityApi.refresh)[0]?.body).toEqual({
      refreshToken: tokens.refreshToken,
    });
    expect(getSessionState().status).toBe('signed-in');
  });

  it('signs out when the refresh does not help', async () => {
    const { backend } = signedInBackend();
    backend.server.on(api.owner.meSmall, () => ({
      status: 401,
      body: { code: 'auth/unauthorized', message: 'No' },
    }));

    await expect(call(api.owner.meSmall)).rejects.toMatchObject({ status: 401 });

    expect(backend.server.requestsTo(identityApi.refresh)).toHaveLength(1);
    expect(getSessionState()).toEqual({ status: 'signed-out', endReason: 'expired' });
    expect(window.localStorage.getItem('parley.session')).toBeNull();
  });

  it('reports a failed connection as ApiError with code network', async () => {
    const { backend } = signedInBackend();
    backend.server.on(api.owner.meSmall, () => {
      throw new TypeError('Failed to fetch');
    });

    await expect(call(api.owner.meSmall)).rejects.toMatchObject({ status: 0, code: 'network' });
  });
});
