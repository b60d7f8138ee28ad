import { randomUUID } from 'node:crypto';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { HeadObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { api, fileApi } from '@parley/contract';
import S3rver from 's3rver';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../src/config.js';
import { inspectPng } from '../src/lib/png.js';
import { createFileStorage, type StoredFile } from '../src/modules/storage/storage.service.js';
import {
  createCampaign,
  endedCampaign,
  expectError,
  makePng,
  multipart,
  runningCampaign,
  type Session,
} from './campaign-api.js';
import { callApiUnchecked } from './client.js';
import { createTestApp, ownerSession, type TestContext } from './helpers.js';

const BUCKET = 'parley-files';
let s3: S3rver;
let s3Dir: string;
let s3Env: Record<string, string>;

beforeAll(async () => {
  s3Dir = await mkdtemp(path.join(tmpdir(), 'parley-s3rver-'));
  s3 = new S3rver({
    port: 0,
    address: '127.0.0.1',
    directory: s3Dir,
    silent: true,
    configureBuckets: [{ name: BUCKET }],
  });
  const { port } = await s3.run();
  s3Env = {
    S3_ENDPOINT: `http://127.0.0.1:${port}`,
    S3_REGION: 'us-east-1',
    S3_BUCKET: BUCKET,
    S3_ACCESS_KEY_ID: 'S3RVER',
    S3_SECRET_ACCESS_KEY: 'S3RVER',
    S3_FORCE_PATH_STYLE: 'true',
  };
});
afterAll(async () => {
  // The SDK keeps connections alive; close them so the server can stop.
  s3?.httpServer?.closeAllConnections();
  await s3?.close();
  await rm(s3Dir, { recursive: true, force: true });
});

const bytesOf = async (file: StoredFile) => {
  if (Buffer.isBuffer(file.body)) return file.body;
  const chunks: Buffer[] = [];
  for await (const c of file.body as Readable) chunks.push(Buffer.from(c));
  return Buffer.concat(chunks);
};

type Backend = {
  name: string;
  env: () => Record<string, string>;
  metadata: (ctx: TestContext, key: string) => Promise<Record<string, string>>;
};

const backends: Backend[] = [
  {
    name: 'disk (DATA_DIR/files)',
    env: () => ({}),
    metadata: async (ctx, key) => {
      const meta = await readFile(path.join(ctx.rt.config.dataDir, 'files', '.meta', `${key}.json`), 'utf8');
      return JSON.parse(meta).metadata;
    },
  },
  {
    name: 'S3 (s3rver)',
    env: () => s3Env,
    metadata: async (_ctx, key) => {
      const client = new S3Client({
        region: 'us-east-1',
        endpoint: s3Env.S3_ENDPOINT,
        forcePathStyle: true,
        credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
      });
      const head = await client.send(new HeadObjectCommand({ Bucket: BUCKET, Key: key }));
      client.destroy();
      return head.Metadata ?? {};
    },
  },
];

describe.each(backends)('storage on $name', (backend) => {
  // The S3 address is known only once the top-level beforeAll has started the server.
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp(backend.env());
  });
  afterAll(() => ctx?.close());

  const upload = (s: Session, campaignId: string, parts: Parameters<typeof multipart>[0]) => {
    const { payload, headers } = multipart(parts);
    return callApiUnchecked(
      ctx.app,
      api.campaigns.uploadImage,
      { params: { id: campaignId }, body: payload },
      { headers, token: s.tokens.idToken },
    );
  };
  const png = (data: Buffer) => [{ name: 'file', filename: 'image.png', contentType: 'image/png', data }];

  it('puts, gets, replaces and deletes a file with its content type', async () => {
    const { storage } = ctx.rt;
    const key = `campaigns/${randomUUID()}/${randomUUID()}.png`;
    expect(await storage.get(key)).toBeUndefined();
    await storage.put(key, Buffer.from('first'), { contentType: 'image/png', metadata: { authorId: 'a' } });
    const got = await storage.get(key);
    expect(got?.contentType).toBe('image/png');
    expect((await bytesOf(got as StoredFile)).toString()).toBe('first');
    await storage.put(key, Buffer.from('second'), { contentType: 'text/plain', metadata: {} });
    const again = (await storage.get(key)) as StoredFile;
    expect(again.contentType).toBe('text/plain');
    expect((await bytesOf(again)).toString()).toBe('second');
    await storage.delete(key);
    expect(await storage.get(key)).toBeUndefined();
    // Deleting what is not there is harmless.
    await storage.delete(key);
    expect(storage.publicUrl(key)).toBe(`http://parley.test/files/${key}`);
  });

  it('refuses unsafe keys', async () => {
    for (const key of ['../etc/passwd', '/abs.png', 'a/../../b.png', '.meta/x.json', 'a//b.png', '']) {
      await expect(
        ctx.rt.storage.put(key, Buffer.from('x'), { contentType: 'text/plain', metadata: {} }),
      ).rejects.toThrow(/invalid storage key/);
    }
  });

  it('uploads a PNG of a campaign (201 {url}), stored with its metadata and served at the url', async () => {
    const s = await ownerSession(ctx);
    const c = await createCampaign(s);
    const image = makePng(40, 30);
    const res = await upload(s, c._id, png(image));
    expect(res.statusCode, res.body).toBe(201);
    const { url } = res.json();
    expect(url).toMatch(new RegExp(`^http://parley\\.test/files/campaigns/${c._id}/[0-9a-f-]{36}\\.png$`));
    expect(url).not.toContain('?');
    const key = url.replace('http://parley.test/files/', '');
    expect(await backend.metadata(ctx, key)).toEqual(
      expect.objectContaining(
        backend.name.startsWith('S3')
          ? { authorid: s.ownerId, manuid: s.manufacturerId, campaignid: c._id }
          : { authorId: s.ownerId, manuId: s.manufacturerId, campaignId: c._id },
      ),
    );

    const served = await callApiUnchecked(ctx.app, fileApi.get, { params: { '*': key } });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.headers['cache-control']).toContain('immutable');
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    expect(served.rawPayload.equals(image)).toBe(true);

    // The url can be saved on the campaign as its image.
    const saved = await s.api(api.campaigns.update, { params: { id: c._id }, body: { ...c, image: url } });
    expect(saved.json().image).toBe(url);
  });

  it('takes images for a running campaign and up to 2000 px a side', async () => {
    const s = await ownerSession(ctx);
    const c = await runningCampaign(s);
    expect((await upload(s, c._id, png(makePng(2000, 1)))).statusCode).toBe(201);
    expect((await upload(s, c._id, png(makePng(1, 2000)))).statusCode).toBe(201);
  });

  it('refuses what is not a PNG, or too large a PNG (400 file/invalid)', async () => {
    const s = await ownerSession(ctx);
    const c = await createCampaign(s);
    const good = makePng(8, 8);
    const badCrc = Buffer.from(good);
    badCrc[20] = 9; // height changed, CRC not
    const jpeg = Buffer.from([
      0xff,
      0xd8,
      0xff,
      0xe0,
      0,
      16,
      0x4a,
      0x46,
      0x49,
      0x46,
      0,
      1,
      ...Buffer.alloc(64),
    ]);
    for (const data of [
      jpeg,
      Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"></svg>'),
      Buffer.from('not an image at all'),
      badCrc,
      good.subarray(0, good.length - 6),
      Buffer.concat([good, Buffer.from('<script>alert(1)</script>')]),
      makePng(2001, 1),
      makePng(1, 2001),
      Buffer.alloc(0),
    ]) {
      expectError(await upload(s, c._id, png(data)), 400, 'file/invalid', 'file');
    }
  });

  it('refuses a file over 5 MB (413 file/too-large) and a request without the file field (400)', async () => {
    const s = await ownerSession(ctx);
    const c = await createCampaign(s);
    const huge = Buffer.concat([makePng(10, 10), Buffer.alloc(5 * 1024 * 1024)]);
    expectError(await upload(s, c._id, png(huge)), 413, 'file/too-large', 'file');
    expectError(
      await upload(s, c._id, [
        { name: 'image', filename: 'a.png', contentType: 'image/png', data: makePng(2, 2) },
      ]),
      400,
      'file/invalid',
      'file',
    );
    expectError(await upload(s, c._id, [{ name: 'note', data: 'just a field' }]), 400, 'file/invalid');
    expectError(
      await s.call({ method: 'POST', url: `/api/campaign/${c._id}/image`, payload: { file: 'x' } }),
      400,
      'file/invalid',
    );
    const broken = await ctx.app.inject({
      method: 'POST',
      url: `/api/campaign/${c._id}/image`,
      headers: { 'x-auth-token': s.tokens.idToken, 'content-type': 'multipart/form-data; boundary=zzz' },
      payload: 'garbage without the boundary',
    });
    expect(broken.statusCode).toBe(400);
  });

  it('refuses ended and archived campaigns (409) and foreign or unknown ones (404)', async () => {
    const s = await ownerSession(ctx);
    const stranger = await ownerSession(ctx);
    const ended = await endedCampaign(s);
    expectError(await upload(s, ended._id, png(makePng(2, 2))), 409, 'campaign/ended');
    const archived = await createCampaign(s);
    await s.api(api.campaigns.archive, { params: { id: archived._id } });
    expectError(await upload(s, archived._id, png(makePng(2, 2))), 409, 'campaign/archived');
    const mine = await createCampaign(s);
    expectError(await upload(stranger, mine._id, png(makePng(2, 2))), 404, 'not-found');
    expectError(await upload(s, randomUUID(), png(makePng(2, 2))), 404, 'not-found');
    expectError(await upload(s, 'not-a-uuid', png(makePng(2, 2))), 404, 'not-found');
  });

  it('answers 401 without a token and 403 without connect before reading the upload', async () => {
    const c = await createCampaign(await ownerSession(ctx));
    const { payload, headers } = multipart(png(makePng(2, 2)));
    const anonymous = await callApiUnchecked(
      ctx.app,
      api.campaigns.uploadImage,
      { params: { id: c._id }, body: payload },
      { headers },
    );
    expectError(anonymous, 401, 'auth/missing-token');
    const noConnect = await ownerSession(ctx, { connect: false });
    expectError(await upload(noConnect, c._id, png(makePng(2, 2))), 403, 'connect/not-enabled');
  });

  it('answers 404 for files that do not exist and for unsafe paths', async () => {
    for (const url of [
      `/files/campaigns/${randomUUID()}/${randomUUID()}.png`,
      '/files/..%2F..%2Fetc%2Fpasswd',
      '/files/.meta/x.json',
    ]) {
      const res = await ctx.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(404);
      expect(res.json().code).toBe('not-found');
    }
  });
});

describe('PNG inspection', () => {
  it('reads the size of a real PNG', () => {
    expect(inspectPng(makePng(123, 45))).toEqual({ width: 123, height: 45 });
  });

  it('refuses a zero size and an impossible bit depth', () => {
    const zero = makePng(1, 1);
    zero.writeUInt32BE(0, 16);
    expect(inspectPng(zero)).toBeUndefined();
    const depth = makePng(1, 1);
    depth[24] = 3;
    expect(inspectPng(depth)).toBeUndefined();
  });
});

describe('storage configuration', () => {
  const base = { DATA_DIR: '/tmp/parley-config-test' };
  const fail = (env: Record<string, string>) => {
    try {
      loadConfig({ ...base, ...env });
    } catch (err) {
      expect(err).toBeInstanceOf(ConfigError);
      return (err as Error).message;
    }
    throw new Error('the configuration was accepted');
  };

  it('uses the disk under DATA_DIR without S3 settings', () => {
    expect(loadConfig(base).storage).toEqual({ kind: 'disk', dir: '/tmp/parley-config-test/files' });
  });

  it('uses S3 with a full configuration', () => {
    const config = loadConfig({
      ...base,
      S3_ENDPOINT: 'http://minio:9000',
      S3_REGION: 'eu-central-1',
      S3_BUCKET: 'files',
      S3_ACCESS_KEY_ID: 'key',
      S3_SECRET_ACCESS_KEY: 'secret',
      S3_FORCE_PATH_STYLE: 'true',
      S3_PUBLIC_URL: 'https://cdn.example.com/files/',
    });
    expect(config.storage).toEqual({
      kind: 's3',
      endpoint: 'http://minio:9000',
      region: 'eu-central-1',
      bucket: 'files',
      credentials: { accessKeyId: 'key', secretAccessKey: 'secret' },
      forcePathStyle: true,
      publicUrl: 'https://cdn.example.com/files',
    });
    const storage = createFileStorage(config.storage, config.publicUrl);
    expect(storage.publicUrl('campaigns/a/b.png')).toBe('https://cdn.example.com/files/campaigns/a/b.png');
  });

  it('refuses a partial S3 configuration, naming what is missing', () => {
    expect(fail({ S3_BUCKET: 'files' })).toMatch(/S3_REGION/);
    expect(fail({ S3_REGION: 'eu-central-1', S3_ENDPOINT: 'http://minio:9000' })).toMatch(/S3_BUCKET/);
    const keyOnly = fail({ S3_BUCKET: 'files', S3_REGION: 'eu-central-1', S3_ACCESS_KEY_ID: 'key' });
    expect(keyOnly).toMatch(/S3_SECRET_ACCESS_KEY/);
    expect(keyOnly).not.toMatch(/S3_ACCESS_KEY_ID:/);
    expect(fail({ S3_BUCKET: 'files', S3_REGION: 'x', S3_ENDPOINT: 'not a url' })).toMatch(/S3_ENDPOINT/);
  });
});
