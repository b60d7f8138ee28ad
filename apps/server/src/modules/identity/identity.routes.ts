import {
  identityPaths,
  passwordChangeBodySchema,
  passwordResetBodySchema,
  passwordResetCheckBodySchema,
  passwordResetConfirmBodySchema,
  refreshBodySchema,
  signInBodySchema,
  signOutBodySchema,
  tokenResponseSchema,
} from '@parley/contract';
import type { FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../lib/errors.js';
import type { Runtime } from '../../runtime.js';
import { createIdentityService } from './identity.service.js';

const tags = ['identity'];
const tokens = { 200: tokenResponseSchema };
/** Only the public members of a key go out, whatever the key store holds. */
const publicJwkSchema = z.object({
  kty: z.string(),
  kid: z.string().optional(),
  alg: z.string().optional(),
  use: z.string().optional(),
  crv: z.string().optional(),
  x: z.string().optional(),
  y: z.string().optional(),
  n: z.string().optional(),
  e: z.string().optional(),
});

/**
 * The embedded identity service (D5) at `/identity`, outside `/api` as an external provider would
 * be. Every route is public for the auth hook; password-change checks its own id token.
 */
export const identityRoutes = async (root: FastifyInstance, { rt }: { rt: Runtime }) => {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const identity = createIdentityService({
    db: rt.db,
    config: rt.config,
    keyStore: rt.keyStore,
    jobs: rt.jobs,
    log: rt.log,
  });
  const config = { access: 'public' } as const;

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

  app.route({
    method: 'POST',
    url: identityPaths.signIn,
    config,
    schema: { summary: 'Sign in with email and password', tags, body: signInBodySchema, response: tokens },
    handler: async (req) => identity.signIn({ ...req.body, clientIp: req.ip }),
  });

  app.route({
    method: 'POST',
    url: identityPaths.refresh,
    config,
    schema: {
      summary: 'Exchange a refresh token for fresh tokens (rotates it)',
      tags,
      body: refreshBodySchema,
      response: tokens,
    },
    handler: async (req) => identity.refresh(req.body.refreshToken),
  });

  app.route({
    method: 'POST',
    url: identityPaths.signOut,
    config,
    // No body schema: sign-out answers 204 whatever it is sent (D5); only a plausible token is looked up.
    schema: { summary: 'Revoke a refresh token; always 204', tags },
    handler: async (req, reply) => {
      const parsed = signOutBodySchema.safeParse(req.body ?? {});
      if (parsed.success) await identity.signOut(parsed.data.refreshToken);
      return reply.code(204).send();
    },
  });

  app.route({
    method: 'POST',
    url: identityPaths.passwordReset,
    config,
    schema: {
      summary: 'Mail a one-time reset link; 204 whether or not the address exists',
      tags,
      body: passwordResetBodySchema,
    },
    handler: async (req, reply) => {
      await identity.requestPasswordReset(req.body.email);
      return reply.code(204).send();
    },
  });

  app.route({
    method: 'POST',
    url: identityPaths.passwordResetConfirm,
    config,
    schema: {
      summary: 'Set a new password with a reset link token; ends all sessions',
      tags,
      body: passwordResetConfirmBodySchema,
    },
    handler: async (req, reply) => {
      await identity.confirmPasswordReset(req.body.token, req.body.newPassword);
      return reply.code(204).send();
    },
  });

  app.route({
    method: 'POST',
    url: identityPaths.passwordResetCheck,
    config,
    schema: {
      summary: 'Check a reset link token without using it: 204, or 400 auth/invalid-action-code',
      tags,
      body: passwordResetCheckBodySchema,
    },
    handler: async (req, reply) => {
      await identity.checkPasswordResetToken(req.body.token);
      return reply.code(204).send();
    },
  });

  app.route({
    method: 'POST',
    url: identityPaths.passwordChange,
    // Public for the auth hook (which guards /api only); the handler verifies x-auth-token itself.
    config,
    schema: {
      summary: 'Change the signed-in owner’s password; ends other sessions and answers fresh tokens',
      tags,
      body: passwordChangeBodySchema,
      response: tokens,
      security: [{ idToken: [] }],
    },
    handler: async (req) => {
      const header = req.headers['x-auth-token'];
      const token = Array.isArray(header) ? header[0] : header;
      if (!token)
        throw new AppError('auth/missing-token', 'Sign in first: the x-auth-token header is missing.');
      const claims = await rt.verify(token);
      return identity.changePassword({ claims, ...req.body, clientIp: req.ip });
    },
  });

  app.route({
    method: 'GET',
    url: identityPaths.jwks,
    config,
    schema: {
      summary: 'Public keys that sign id tokens',
      tags,
      response: { 200: z.object({ keys: z.array(publicJwkSchema) }) },
    },
    handler: async (_req, reply) => {
      const set = await identity.jwks();
      // Verifiers may cache it briefly; a new key is also picked up when a token names an unknown kid.
      reply.header('cache-control', 'public, max-age=300');
      return { keys: set.keys.map((k) => publicJwkSchema.parse(k)) };
    },
  });
};
