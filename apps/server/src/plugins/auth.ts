import { type Access, isUuidText } from '@parley/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Db } from '../db/client.js';
import { AppError } from '../lib/errors.js';
import type { TokenVerifier } from '../modules/identity/identity.keys.js';
import {
  findOwnerWithManufacturer,
  type ManufacturerRow,
  type OwnerRow,
} from '../modules/owner/owner.repository.js';

export type AuthContext = { owner: OwnerRow; manufacturer: ManufacturerRow };

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: Access;
  }
  interface FastifyRequest {
    auth: AuthContext | undefined;
  }
}

/** The signed-in owner of a private route; the auth hook guarantees it is there. */
export const authOf = (req: FastifyRequest): AuthContext => {
  if (!req.auth) throw new AppError('auth/missing-token', 'Sign in first.');
  return req.auth;
};

/**
 * Authentication runs in `onRequest`, before the body is read or validated, so a call
 * without a valid token gets 401 whatever its body (and a connect route 403 without connect).
 * Routes declare their access in the contract; anything undeclared counts as private.
 */
export const authPlugin = fp(
  async (
    app: FastifyInstance,
    opts: { db: Db; verify: TokenVerifier; appCheckToken?: string | undefined },
  ) => {
    app.decorateRequest('auth', undefined);
    app.addHook('onRequest', async (req) => {
      const access = req.routeOptions.config?.access;
      // The matched route, not the raw URL: `/%61pi/…` reaches the same route and must meet the same guard.
      if (access === 'public' || !req.routeOptions.url?.startsWith('/api/')) return;

      if (opts.appCheckToken && req.headers['x-firebase-appcheck'] !== opts.appCheckToken) {
        throw new AppError('auth/app-not-authorized', 'The app-check token is missing or wrong.');
      }
      const header = req.headers['x-auth-token'];
      const token = Array.isArray(header) ? header[0] : header;
      if (!token)
        throw new AppError('auth/missing-token', 'Sign in first: the x-auth-token header is missing.');
      const claims = await opts.verify(token);

      // The embedded service's subject is the owner id. An external provider's subject is its own
      // (Firebase uid, Keycloak UUID): then the owner is the one with the token's email, but only an
      // email the provider verified, or anyone who signs up there with an owner's address would be them.
      const byId = isUuidText(claims.sub)
        ? await findOwnerWithManufacturer(opts.db, { id: claims.sub })
        : undefined;
      const found =
        byId ??
        (typeof claims.email === 'string' && claims.email_verified === true
          ? await findOwnerWithManufacturer(opts.db, { email: claims.email })
          : undefined);
      if (!found) throw new AppError('auth/invalid-token', 'No owner belongs to this token.');
      if (found.owner.disabled) throw new AppError('auth/user-disabled', 'This account is disabled.');
      // iat has second precision; a token issued in the same second as the cut-off stays valid.
      if (claims.iat < Math.floor(found.owner.sessionsValidAfter.getTime() / 1000)) {
        throw new AppError('auth/id-token-expired', 'This session has ended; sign in again.');
      }
      req.auth = found;
      if (access === 'connect' && !found.owner.isConnectEnabled) {
        throw new AppError('connect/not-enabled', 'Parley Connect is not enabled for this account.');
      }
    });
  },
  { name: 'auth' },
);
