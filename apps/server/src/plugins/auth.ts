import type { Access } from '@parley/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '../lib/errors.js';
import type { Authenticate, TokenVerifier } from '../modules/identity/index.js';
import type { ManufacturerRow, OwnerRow } from '../modules/owner/index.js';

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

/** The tenant (D4) of a private route: the signed-in owner's manufacturer id. The one way routes read it. */
export const tenantOf = (req: FastifyRequest) => authOf(req).manufacturer.id;

/** The id token a request carries in `x-auth-token`; refused when there is none. */
export const idTokenOf = (req: FastifyRequest) => {
  const header = req.headers['x-auth-token'];
  const token = Array.isArray(header) ? header[0] : header;
  if (!token) throw new AppError('auth/missing-token', 'Sign in first: the x-auth-token header is missing.');
  return token;
};

/**
 * Authentication runs in `onRequest`, before the body is read or validated, so a call
 * without a valid token gets 401 whatever its body (and a connect route 403 without connect).
 * Routes declare their access in the contract; anything undeclared counts as private.
 * Which owner a token names is the identity module's rule (`authenticate`), given by the app.
 */
export const authPlugin = fp(
  async (
    app: FastifyInstance,
    opts: { verify: TokenVerifier; authenticate: Authenticate; appCheckToken?: string | undefined },
  ) => {
    app.decorateRequest('auth', undefined);
    app.addHook('onRequest', async (req) => {
      const access = req.routeOptions.config?.access;
      // The matched route, not the raw URL: `/%61pi/…` reaches the same route and must meet the same guard.
      if (access === 'public' || !req.routeOptions.url?.startsWith('/api/')) return;

      if (opts.appCheckToken && req.headers['x-firebase-appcheck'] !== opts.appCheckToken) {
        throw new AppError('auth/app-not-authorized', 'The app-check token is missing or wrong.');
      }
      const claims = await opts.verify(idTokenOf(req));
      const found = await opts.authenticate(claims);
      req.auth = found;
      if (access === 'connect' && !found.owner.isConnectEnabled) {
        throw new AppError('connect/not-enabled', 'Parley Connect is not enabled for this account.');
      }
    });
  },
  { name: 'auth' },
);
