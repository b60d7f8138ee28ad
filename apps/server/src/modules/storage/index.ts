/** The storage module's public face: where uploaded files live, their serving route, PNG checks. A leaf. */
export { storageErrorCodes } from './storage.errors.js';
export { isValidKey, serverFileUrl } from './storage.keys.js';
export { inspectPng, type PngInfo } from './storage.png.js';
export { fileRoutes } from './storage.routes.js';
export { createFileStorage } from './storage.service.js';
export type { FileStorage, StoredFile } from './storage.types.js';
