/**
 * The identity module's public face: the embedded identity service (D5) (which also hashes
 * passwords and ends sessions for the owner module's operator actions), its jobs, the token
 * verifier and key store, and the auth hook's owner check. Depends on the owner module (its
 * service, given by the composition root) and mail.
 */
export { identityErrorCodes } from './identity.errors.js';
export { createIdentityJobs, PASSWORD_RESET_JOB, PRUNE_ATTEMPTS_JOB } from './identity.jobs.js';
export {
  createKeyStore,
  createTokenVerifier,
  type KeyStore,
  type TokenVerifier,
  type VerifiedToken,
} from './identity.keys.js';
export { identityLimits } from './identity.limits.js';
export { identityRoutes } from './identity.routes.js';
export { createIdentityService, type IdentityService } from './identity.service.js';
export {
  type Authenticate,
  createAuthenticator,
  createSessionCheck,
  type IdentityOwners,
} from './identity.sessions.js';
