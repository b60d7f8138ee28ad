import { AppError } from './errors.js';

/** D3: a body that carries the `updatedAt` it read is refused when the record changed since. */
export const assertFresh = (current: Date, sent: string | undefined) => {
  if (sent !== undefined && current.getTime() > Date.parse(sent)) {
    throw new AppError('conflict/stale', 'The record changed since it was read; reload it.', 'updatedAt');
  }
};
