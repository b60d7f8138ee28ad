import { identityApi, publicJwkSchema, signOutBodySchema } from '@parley/contract';
import type { FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { route } from '../../lib/route.js';
import { idTokenOf } from '../../plugins/auth.js';
import type { TokenVerifier } from './identity.keys.js';
import type { IdentityService } from './identity.service.js';

/**
 * The embedded identity service (D5) at `/identity`, outside `/api` as an external provider would
 * be. Every route is public for the auth hook; password-change checks its own id token.
 */
export const identityRoutes = async (
  app: FastifyInstance,
  { identity, verify }: { identity: IdentityService; verify: TokenVerifier },
) => {
  // D5 answers a malformed email with the identity catalogue's code, on every identity call (sign-in
  // checks its own). Other errors go on to the application's handler.
  app.setErrorHandler((err, _req, reply) => {
    if (hasZodFastifySchemaValidationErrors(err) && err.validation.some((v) => v.instancePath === '/email')) {
      return reply
        .code(400)
        .send({ code: 'auth/invalid-email', message: 'The email address is not valid.', field: 'email' });
    }
    throw err;
  });

  route(app, identityApi.signIn, (req) => identity.signIn({ ...req.body, clientIp: req.ip }));
  route(app, identityApi.refresh, (req) => identity.refresh(req.body.refreshToken));
  // Ends the session of whichever token it is given: the body's refresh token, the `x-auth-token`
  // id token, or both. Always 204 (D5): a malformed, expired or foreign token ends nothing.
  route(app, identityApi.signOut, async (req) => {
    const parsed = signOutBodySchema.safeParse(req.body ?? {});
    const header = req.headers['x-auth-token'];
    const idToken = Array.isArray(header) ? header[0] : header;
    await identity.signOut({
      refreshToken: parsed.success ? parsed.data.refreshToken : undefined,
      idToken: idToken ? () => verify(idToken) : undefined,
    });
  });
  route(app, identityApi.passwordReset, (req) =>
    identity.requestPasswordReset(req.body.email, req.body.language),
  );
  route(app, identityApi.passwordResetConfirm, (req) =>
    identity.confirmPasswordReset(req.body.token, req.body.newPassword),
  );
  route(app, identityApi.passwordResetCheck, (req) => identity.checkPasswordResetToken(req.body.token));
  // Public for the auth hook (which guards /api only); the id token is verified here.
  route(app, identityApi.passwordChange, async (req) => {
    const claims = await verify(idTokenOf(req));
    return identity.changePassword({ claims, ...req.body, clientIp: req.ip });
  });
  route(app, identityApi.jwks, async (_req, reply) => {
    const set = await identity.jwks();
    // Verifiers may cache it briefly; a new key is also picked up when a token names an unknown kid.
    reply.header('cache-control', 'public, max-age=300');
    return { keys: set.keys.map((k) => publicJwkSchema.parse(k)) };
  });
};
