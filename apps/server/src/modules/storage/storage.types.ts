import type { Readable } from 'node:stream';

/** Inclusive byte offsets within a file. */
export type ByteRange = { start: number; end: number };

export type StoredFile = { body: Readable | Buffer; contentType: string; size?: number | undefined };

/**
 * Where uploaded files live (D2, D25): the disk under DATA_DIR by default, an S3-compatible
 * store by configuration. Keys are relative paths such as `campaigns/<id>/<uuid>.png`.
 */
export type FileStorage = {
  put: (
    key: string,
    body: Buffer,
    opts: { contentType: string; metadata: Record<string, string> },
  ) => Promise<void>;
  /**
   * Undefined when there is no file under the key. With `range` (inclusive byte offsets within the
   * file) only those bytes, and `size` is theirs.
   */
  get: (key: string, range?: ByteRange) => Promise<StoredFile | undefined>;
  delete: (key: string) => Promise<void>;
  /** A stable public link without a query tail. */
  publicUrl: (key: string) => string;
};
