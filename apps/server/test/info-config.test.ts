import { api } from '@parley/contract';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../src/config.js';
import { addInfo } from '../src/modules/info/info.repository.js';
import { callApi, callApiUnchecked } from './client.js';
import { useTestApp } from './helpers.js';

const ctx = useTestApp({
  SUPPORT_EMAIL: 'help@maker.example',
  SUPPORT_URL: 'https://help.maker.example',
});

describe('GET /api/info/all (public)', () => {
  it('answers the items of a platform and category without a token', async () => {
    await addInfo(ctx.rt.db, { platform: 'Web', category: 'WebInfo', title: 'Welcome', text: 'Hello' });
    await addInfo(ctx.rt.db, { platform: 'App', category: 'WebInfo', title: 'Other', text: 'x' });
    const res = await callApi(ctx.app, api.info.all, { query: { platform: 'Web', category: 'WebInfo' } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      total: 1,
      documents: [{ title: 'Welcome', text: 'Hello', platform: 'Web' }],
    });
  });

  it('requires platform and category', async () => {
    const res = await callApiUnchecked(ctx.app, api.info.all, { query: { platform: 'Web' } });
    expect(res.statusCode).toBe(400);
    expect(res.error()).toMatchObject({ code: 'validation', field: 'category' });
  });
});

describe('GET /api/config (public)', () => {
  it('answers the support link and email from configuration', async () => {
    const res = await callApi(ctx.app, api.info.config);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      supportUrl: 'https://help.maker.example',
      supportEmail: 'help@maker.example',
      environment: 'PROD',
      analytics: { provider: 'none' },
      sentryDsn: null,
      tracesSampleRate: 1,
    });
  });
});

describe('configuration', () => {
  it('has working defaults with nothing set, even in production', () => {
    const c = loadConfig({ NODE_ENV: 'production' });
    expect(c.port).toBe(3000);
    expect(c.dataDir).toMatch(/data$/);
    expect(c.environment).toBe('PROD');
    expect(c.publicUrl).toBe('http://localhost:3000');
    expect(c.identity.embedded).toBe(true);
  });

  it('stops with a message naming each bad variable', () => {
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(ConfigError);
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(/PORT/);
    expect(() => loadConfig({ DATABASE_URL: 'not a url' })).toThrow(/DATABASE_URL/);
    expect(() => loadConfig({ SUPPORT_EMAIL: 'nope' })).toThrow(/SUPPORT_EMAIL/);
    expect(() => loadConfig({ IDENTITY_TOKEN_TTL: '7200' })).toThrow(/IDENTITY_TOKEN_TTL/);
  });
});
