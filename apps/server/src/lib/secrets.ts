import { createHash, randomBytes } from 'node:crypto';
import { chmod, mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';

/**
 * Secrets generated once under DATA_DIR/secrets, readable by their owner only (mode 0600).
 * `wx` makes the first writer win when two processes start together.
 */
export const readOrCreateSecret = async (dataDir: string, name: string, bytes = 32) => {
  const dir = path.join(dataDir, 'secrets');
  await mkdir(dir, { recursive: true, mode: 0o700 });
  const file = path.join(dir, name);
  try {
    return (await readFile(file, 'utf8')).trim();
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
  }
  const value = randomBytes(bytes).toString('base64url');
  try {
    await writeFile(file, `${value}\n`, { mode: 0o600, flag: 'wx' });
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
    return (await readFile(file, 'utf8')).trim();
  }
  await chmod(file, 0o600);
  return value;
};

/** A secret for a link or a refresh token: 256 random bits. */
export const randomToken = () => randomBytes(32).toString('base64url');

/** Such secrets are stored by their SHA-256 only (they are random, so no slow hash is needed). */
export const sha256 = (token: string) => createHash('sha256').update(token).digest('hex');
