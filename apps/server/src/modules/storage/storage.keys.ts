/** Safe keys only: no absolute paths, no `..`, no hidden segments (the disk keeps metadata in `.meta`). */
const KEY = /^[A-Za-z0-9_-][A-Za-z0-9_.-]*(\/[A-Za-z0-9_-][A-Za-z0-9_.-]*)*$/;
export const isValidKey = (key: string) =>
  key.length <= 500 && KEY.test(key) && !key.split('/').some((s) => s === '.' || s === '..');

export const assertValidKey = (key: string) => {
  if (!isValidKey(key)) throw new Error(`invalid storage key ${JSON.stringify(key)}`);
};

/** Files the server serves itself are under `${PUBLIC_URL}/files/`. */
export const serverFileUrl = (publicUrl: string, key: string) => `${publicUrl}/files/${key}`;
