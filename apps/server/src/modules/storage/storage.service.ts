import type { StorageConfig } from '../../config.js';
import { createDiskStorage } from './storage.disk.js';
import { createS3Storage } from './storage.s3.js';
import type { FileStorage } from './storage.types.js';

export type { FileStorage, StoredFile } from './storage.types.js';

/** The configured store: the disk under DATA_DIR unless STORAGE selects an S3-compatible bucket (D2). */
export const createFileStorage = (config: StorageConfig, publicUrl: string): FileStorage =>
  config.kind === 's3' ? createS3Storage(config, publicUrl) : createDiskStorage(config.dir, publicUrl);
