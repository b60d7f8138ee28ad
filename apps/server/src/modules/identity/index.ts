/**
 * The identity module's public face: the embedded identity service (D5), the token verifier and
 * key store, the auth hook's owner check, and what the composition root hands the owner module
 * (password hashing, ending sessions). Depends on the owner module.
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
export { hashPassword } from './identity.password.js';
export { revokeAllSessions } from './identity.repository.js';
export { identityRoutes } from './identity.routes.js';
export {
  type Authenticate,
  createAuthenticator,
  createIdentityService,
  createSessionCheck,
  type IdentityService,
} from './identity.service.js';
