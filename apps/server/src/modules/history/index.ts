/**
 * The history module's public face (D20). Other modules write an entry with the service's
 * `add(tx, …)` in the transaction of what happened. A leaf.
 */

export {
  OWNER_DIGEST_DELAY_MS,
  OWNER_DIGEST_GRACE_MS,
  OWNER_DIGEST_JOB,
  OWNER_DIGEST_SWEEP_JOB,
  OWNER_MAIL_WINDOW_MS,
} from './history.digest.js';
export { createOwnerNotifier } from './history.mail.js';
export type { NewHistoryEntry, SubjectType } from './history.repository.js';
export { historyRoutes } from './history.routes.js';
export { createHistoryService, type HistoryService } from './history.service.js';
