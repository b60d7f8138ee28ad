/** The storage module's public face: where uploaded files live and their serving route. A leaf. */
export { storageErrorCodes } from './storage.errors.js';
export { fileRoutes } from './storage.routes.js';
export { createFileStorage } from './storage.service.js';
export type { ByteRange, FileStorage, StoredFile } from './storage.types.js';
