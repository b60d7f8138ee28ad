import { randomUUID } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { mkdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { assertValidKey, serverFileUrl } from './storage.keys.js';
import type { FileStorage } from './storage.types.js';

type Meta = { contentType: string; metadata: Record<string, string> };

/**
 * Files under `dir/<key>`, their content type and metadata beside them in `dir/.meta/<key>.json`
 * (keys never start with a dot, so the two trees cannot meet). Writes go through a temporary
 * file and a rename, so a reader never sees half a file.
 */
export const createDiskStorage = (dir: string, publicUrl: string): FileStorage => {
  const fileOf = (key: string) => path.join(dir, ...key.split('/'));
  const metaOf = (key: string) => path.join(dir, '.meta', `${key.split('/').join(path.sep)}.json`);

  const writeAtomically = async (target: string, data: Buffer | string) => {
    await mkdir(path.dirname(target), { recursive: true });
    const tmp = `${target}.${randomUUID()}.tmp`;
    await writeFile(tmp, data);
    await rename(tmp, target);
  };

  return {
    put: async (key, body, { contentType, metadata }) => {
      assertValidKey(key);
      const meta: Meta = { contentType, metadata };
      await writeAtomically(metaOf(key), JSON.stringify(meta));
      await writeAtomically(fileOf(key), body);
    },
    get: async (key, range) => {
      assertValidKey(key);
      const info = await stat(fileOf(key)).catch(() => undefined);
      if (!info?.isFile()) return undefined;
      const meta = await readFile(metaOf(key), 'utf8')
        .then((raw) => JSON.parse(raw) as Meta)
        .catch(() => undefined);
      return {
        body: createReadStream(fileOf(key), range ?? {}),
        contentType: meta?.contentType ?? 'application/octet-stream',
        size: range ? range.end - range.start + 1 : info.size,
      };
    },
    delete: async (key) => {
      assertValidKey(key);
      await rm(fileOf(key), { force: true });
      await rm(metaOf(key), { force: true });
    },
    publicUrl: (key) => serverFileUrl(publicUrl, key),
  };
};
