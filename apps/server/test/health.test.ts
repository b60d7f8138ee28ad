import type { ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { rm } from 'node:fs/promises';
import http from 'node:http';
import net from 'node:net';
import { Writable } from 'node:stream';
import { api, identityApi, routeUrl } from '@parley/contract';
import pino from 'pino';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.js';
import { callApi, callApiUnchecked } from './client.js';
import { createOwner, useTestApp } from './helpers.js';
import { killGroup, startServerProcess, waitFor } from './processes.js';

/**
 * The load balancer's probes (`/api/health/live`, `/api/health/ready`) and the graceful drain at
 * SIGTERM (docs/operations.md, "Graceful shutdown").
 */

type MigrationRow = { id: number; hash: string; created_at: string };

describe('liveness and readiness', () => {
  const ctx = useTestApp();

  it('live answers 200 ok, never cached', async () => {
    const res = await callApi(ctx.app, api.health.live);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok' });
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('ready answers 200 with its checks when the database, the migrations and the job queue are fine', async () => {
    const res = await callApi(ctx.app, api.health.ready);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      status: 'ready',
      checks: { database: 'ok', migrations: 'ok', jobs: 'ok' },
    });
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.headers.connection).not.toBe('close');
  });

  it("answers 503 not-ready with migrations pending while this build's newest migration is not applied", async () => {
    // This file's own database (cloned for it): its newest applied migration taken away, as a newer
    // build would see the database before its migrations ran.
    const removed = await ctx.rt.pool.query<MigrationRow>(
      `delete from drizzle.__drizzle_migrations
        where created_at = (select max(created_at) from drizzle.__drizzle_migrations)
        returning id, hash, created_at`,
    );
    expect(removed.rows).toHaveLength(1);
    try {
      const res = await callApiUnchecked(ctx.app, api.health.ready);
      expect(res.statusCode, res.body).toBe(503);
      expect(JSON.parse(res.body)).toEqual({
        status: 'not-ready',
        checks: { database: 'ok', migrations: 'pending', jobs: 'ok' },
      });
      expect(res.headers['cache-control']).toBe('no-store');
    } finally {
      for (const r of removed.rows)
        await ctx.rt.pool.query(
          'insert into drizzle.__drizzle_migrations (id, hash, created_at) values ($1, $2, $3)',
          [r.id, r.hash, r.created_at],
        );
    }
    expect((await callApi(ctx.app, api.health.ready)).statusCode).toBe(200);
  });

  it('stays ready after a newer build applied migrations this build does not know', async () => {
    const newer = await ctx.rt.pool.query<{ id: number }>(
      `insert into drizzle.__drizzle_migrations (hash, created_at)
       select 'a-newer-build', max(created_at) + 60000 from drizzle.__drizzle_migrations returning id`,
    );
    try {
      const res = await callApi(ctx.app, api.health.ready);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().checks.migrations).toBe('ok');
    } finally {
      await ctx.rt.pool.query('delete from drizzle.__drizzle_migrations where id = $1', [newer.rows[0]?.id]);
    }
  });

  it('logs no request line for the probes at info, unlike other requests', async () => {
    const lines: { reqId?: string; msg?: string }[] = [];
    const sink = new Writable({
      write(chunk: Buffer, _enc, done) {
        for (const line of chunk.toString().split('\n').filter(Boolean)) lines.push(JSON.parse(line));
        done();
      },
    });
    const app = await buildApp(ctx.rt, { logger: pino({ level: 'info' }, sink) });
    try {
      const live = await callApi(app, api.health.live);
      const ready = await callApi(app, api.health.ready);
      const config = await callApi(app, api.info.config);
      expect([live.statusCode, ready.statusCode, config.statusCode]).toEqual([200, 200, 200]);
      const logged = new Set(lines.map((l) => l.reqId));
      expect(logged).toContain(config.headers['x-request-id']);
      expect(logged).not.toContain(live.headers['x-request-id']);
      expect(logged).not.toContain(ready.headers['x-request-id']);
    } finally {
      await app.close();
    }
  });

  // Last in this block: draining does not end.
  it('draining: ready answers 503 draining, live still 200, and every answer says connection: close', async () => {
    ctx.rt.health.startDraining();
    const ready = await callApiUnchecked(ctx.app, api.health.ready);
    expect(ready.statusCode).toBe(503);
    expect(JSON.parse(ready.body)).toEqual({
      status: 'draining',
      checks: { database: 'ok', migrations: 'ok', jobs: 'ok' },
    });
    expect(ready.headers.connection).toBe('close');
    const live = await callApi(ctx.app, api.health.live);
    expect(live.statusCode).toBe(200);
    expect(live.headers.connection).toBe('close');
    const config = await callApi(ctx.app, api.info.config);
    expect(config.statusCode).toBe(200);
    expect(config.headers.connection).toBe('close');
  });
});

/** A fresh TCP connection to the port: whether it is accepted. */
const accepts = (port: number) =>
  new Promise<boolean>((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });

type Answer = { status: number; headers: http.IncomingHttpHeaders; body: unknown };

/** GET on a connection of its own (no keep-alive pool in between); undefined when it is refused. */
const get = (port: number, url: string) =>
  new Promise<Answer | undefined>((resolve) => {
    const req = http.get({ host: '127.0.0.1', port, path: url, agent: false }, (res) => {
      let data = '';
      res.setEncoding('utf8');
      res.on('data', (c: string) => {
        data += c;
      });
      res.on('end', () => {
        let body: unknown = data;
        try {
          body = JSON.parse(data);
        } catch {}
        resolve({ status: res.statusCode ?? 0, headers: res.headers, body });
      });
      res.on('error', () => resolve(undefined));
    });
    req.on('error', () => resolve(undefined));
  });

/** A TCP connection to the server that a test writes raw HTTP on; `answer` waits for it to close. */
const rawConnection = async (port: number) => {
  const socket = net.connect(port, '127.0.0.1');
  await once(socket, 'connect');
  let text = '';
  socket.setEncoding('utf8');
  socket.on('data', (c: string) => {
    text += c;
  });
  const closed = once(socket, 'close');
  return {
    socket,
    received: () => text,
    answer: async () => {
      await closed;
      return text;
    },
  };
};

describe('with JOBS=false', () => {
  const ctx = useTestApp({ JOBS: 'false' });
  const children: ChildProcess[] = [];
  const dirs: string[] = [];
  afterAll(async () => {
    for (const c of children) await killGroup(c);
    for (const d of dirs) await rm(d, { recursive: true, force: true });
  });

  it('ready answers 200 with jobs off: the instance only enqueues', async () => {
    const res = await callApi(ctx.app, api.health.ready);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      status: 'ready',
      checks: { database: 'ok', migrations: 'ok', jobs: 'off' },
    });
  });

  it('SIGTERM drains a real server: not ready at once, serving through the delay, the request in flight answered, then refusing, exit 0', {
    timeout: 240_000,
  }, async () => {
    const delayMs = 4_000;
    const owner = await createOwner(ctx.rt);
    // A server on this file's database that works jobs (readiness: jobs ok).
    const child = await startServerProcess({
      env: {
        DATABASE_URL: ctx.rt.config.databaseUrl ?? '',
        SHUTDOWN_DELAY_SECONDS: String(delayMs / 1000),
      },
      children,
      dirs,
    });
    const { port } = child;
    const exited = new Promise<{ code: number | null; signal: string | null }>((resolve) =>
      child.once('exit', (code, signal) => resolve({ code, signal })),
    );
    expect((await get(port, routeUrl(api.health.ready)))?.status).toBe(200);

    // A sign-in in flight: its headers now, its body only once the server stopped accepting.
    const body = JSON.stringify({ email: owner.email, password: owner.password });
    const inFlight = await rawConnection(port);
    inFlight.socket.write(
      `POST ${routeUrl(identityApi.signIn)} HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\n` +
        `Content-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n`,
    );
    // A connection the server accepted, whose first request comes only once it closes (a balancer's
    // connection that raced the close): served like any other, not refused with a 503.
    const late = await rawConnection(port);
    // Let the server read the headers (it would also during the delay).
    await new Promise((r) => setTimeout(r, 300));

    const signalledAt = Date.now();
    child.kill('SIGTERM');

    // At once: readiness 503 draining, while the server still accepts and serves.
    let ready: Answer | undefined;
    await waitFor(
      async () => {
        ready = await get(port, routeUrl(api.health.ready));
        if (!ready) throw new Error('the server refused connections before readiness said draining');
        return ready.status === 503;
      },
      10_000,
      'readiness to answer 503',
    );
    expect(ready?.body).toEqual({
      status: 'draining',
      checks: { database: 'ok', migrations: 'ok', jobs: 'ok' },
    });
    expect(ready?.headers.connection).toBe('close');
    expect(ready?.headers['cache-control']).toBe('no-store');
    const live = await get(port, routeUrl(api.health.live));
    expect(live?.status).toBe(200);
    expect(live?.body).toEqual({ status: 'ok' });
    const config = await get(port, routeUrl(api.info.config));
    expect(config?.status).toBe(200);
    expect(config?.headers.connection).toBe('close');

    // After the delay: new connections refused, the process still finishing the request in flight.
    await waitFor(async () => !(await accepts(port)), 30_000, 'the server to stop accepting');
    expect(Date.now() - signalledAt).toBeGreaterThanOrEqual(delayMs - 100);
    expect(inFlight.received()).toBe('');
    expect(child.exitCode).toBeNull();

    late.socket.write(`GET ${routeUrl(api.info.config)} HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\n\r\n`);
    const lateAnswer = await late.answer();
    expect(lateAnswer).toMatch(/^HTTP\/1\.1 200 /);
    expect(lateAnswer).toMatch(/^connection: close\r?$/im);

    inFlight.socket.write(body);
    const answer = await inFlight.answer();
    const [head = '', payload = ''] = answer.split('\r\n\r\n');
    expect(head).toMatch(/^HTTP\/1\.1 200 /);
    expect(head).toMatch(/^connection: close\r?$/im);
    expect(payload).toContain('"idToken"');

    expect(await exited).toEqual({ code: 0, signal: null });
  });
});
