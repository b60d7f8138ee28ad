import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import compress from '@fastify/compress';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import { jsonSchemaTransform, validatorCompiler } from 'fastify-type-provider-zod';
import type { Logger } from 'pino';
import type { TrustProxy } from './config.js';
import { responseSerializerCompiler } from './lib/serializer.js';
import { compressThreshold } from './lib/shared-json.js';
import { campaignRoutes } from './modules/campaigns/index.js';
import { contactListRoutes } from './modules/contact-lists/index.js';
import { contactRequestRoutes } from './modules/contact-requests/index.js';
import { contactRoutes } from './modules/contacts/index.js';
import { healthRoutes } from './modules/health/index.js';
import { historyRoutes } from './modules/history/index.js';
import { identityRoutes } from './modules/identity/index.js';
import { importRoutes } from './modules/imports/index.js';
import { infoRoutes } from './modules/info/index.js';
import { invitationRoutes } from './modules/invitations/index.js';
import { ownerRoutes } from './modules/owner/index.js';
import { participationRoutes } from './modules/participation/index.js';
import { postRoutes } from './modules/posts/index.js';
import { questionRoutes } from './modules/questions/index.js';
import { resultRoutes } from './modules/results/index.js';
import { fileRoutes } from './modules/storage/index.js';
import { tagRoutes } from './modules/tags/index.js';
import { templateRoutes } from './modules/templates/index.js';
import { ticketRoutes } from './modules/tickets/index.js';
import { translationRoutes } from './modules/translation/index.js';
import { authPlugin } from './plugins/auth.js';
import { registerErrorHandler } from './plugins/error-handler.js';
import { registerInputGuard } from './plugins/input-guard.js';
import { registerSecurityHeaders } from './plugins/security-headers.js';
import { registerWeb } from './plugins/web.js';
import type { Runtime } from './runtime.js';

/** A route as registered, with its request schemas (zod), for the generic access and fuzz tests. */
export type RegisteredRoute = {
  method: string;
  url: string;
  access: string;
  schema: { params?: unknown; querystring?: unknown; body?: unknown };
};

declare module 'fastify' {
  interface FastifyInstance {
    registeredRoutes: RegisteredRoute[];
  }
}

/**
 * TRUST_PROXY as Fastify wants it. A hop count becomes a function: Fastify 5 takes a bare number as
 * "trust nobody", while proxy-addr asks the function about the socket's peer (i = 0), then each
 * X-Forwarded-For entry from the right, so `i < hops` believes exactly the nearest `hops` proxies and
 * the right-most address they did not write is the client.
 */
const fastifyTrustProxy = (trust: TrustProxy) => {
  if (trust === false) return false;
  if ('hops' in trust) {
    const { hops } = trust;
    return (_address: string, i: number) => i < hops;
  }
  return trust.addresses;
};

const defaultWebDist = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../web/dist');

/**
 * The whole HTTP application as one unit (after fastify/demo): external plugins,
 * then our plugins, then routes, then the console. `server.ts`/`main.ts` only listen.
 */
export const buildApp = async (
  rt: Runtime,
  opts: { logger?: Logger | false } = {},
): Promise<FastifyInstance> => {
  const app = Fastify({
    loggerInstance: (opts.logger === false ? undefined : (opts.logger ?? rt.log)) as
      | FastifyBaseLogger
      | undefined,
    genReqId: () => randomUUID(),
    requestIdHeader: 'x-request-id',
    trustProxy: fastifyTrustProxy(rt.config.trustProxy),
    bodyLimit: 1024 * 1024,
    routerOptions: { ignoreTrailingSlash: true },
    // While the server closes (the drain after SIGTERM, docs/product-decisions.md "Operations") a request
    // on a connection it accepted before is served, with `connection: close`, instead of Fastify's 503:
    // a balancer passes a 503 on for GET only, so a participant's answer that raced the close was refused.
    return503OnClosing: false,
  });
  // Every route, as registered, for the generic access test; the API docs are public.
  const registered: RegisteredRoute[] = [];
  app.decorate('registeredRoutes', registered);
  app.addHook('onRoute', (r) => {
    if (r.url.startsWith('/api/docs')) r.config = { ...r.config, access: 'public' };
    const methods = Array.isArray(r.method) ? r.method : [r.method];
    for (const method of methods)
      registered.push({
        method,
        url: r.url,
        access: r.config?.access ?? 'private',
        schema: { params: r.schema?.params, querystring: r.schema?.querystring, body: r.schema?.body },
      });
  });
  registerInputGuard(app);
  app.setValidatorCompiler(validatorCompiler);
  // The contract's response schemas compiled once; checked against zod too outside production.
  app.setSerializerCompiler(responseSerializerCompiler({ check: rt.config.nodeEnv !== 'production' }));
  app.addHook('onSend', async (req, reply) => {
    reply.header('x-request-id', req.id);
    // Draining (after SIGTERM): keep-alive clients are told to reconnect, so they reach another instance.
    if (rt.health.isDraining()) reply.header('connection', 'close');
  });

  await app.register(compress, { global: true, threshold: compressThreshold });
  await registerSecurityHeaders(app, rt.config);
  // The API's own documentation, off in production unless API_DOCS turns it on (docs/configuration.md).
  if (rt.config.apiDocs) {
    await app.register(swagger, {
      openapi: {
        info: {
          title: 'Parley API',
          version: '1.0.0',
          description: 'The API the Parley console calls (base /api).',
        },
        servers: [{ url: '/' }],
        components: {
          securitySchemes: { idToken: { type: 'apiKey', in: 'header', name: 'x-auth-token' } },
        },
      },
      transform: jsonSchemaTransform,
    });
    // Swagger UI's page has inline scripts: it sends its own policy with their hashes, framed by nobody,
    // with inline styles (its bundle writes a <style> element; with hashes listed a browser would ignore
    // 'unsafe-inline', so they go) and without upgrade-insecure-requests, which would send its assets to
    // https on a plain-HTTP server.
    await app.register(swaggerUi, {
      routePrefix: '/api/docs',
      staticCSP: true,
      transformStaticCSP: (header) =>
        header
          .replace("frame-ancestors 'self'", "frame-ancestors 'none'")
          .replace(/style-src [^;]*/, "style-src 'self' 'unsafe-inline'")
          .replace(/\s*upgrade-insecure-requests;?/, ''),
    });
  }

  registerErrorHandler(app);
  const { services } = rt;
  await app.register(authPlugin, {
    verify: rt.verifySignature,
    authenticate: services.authenticate,
    appCheckToken: rt.config.appCheckToken,
  });

  // Each route plugin gets the services it calls; every route's URL comes from its contract definition.
  await app.register(healthRoutes, { health: rt.health });
  await app.register(identityRoutes, { identity: services.identity, verify: rt.verify });
  await app.register(ownerRoutes, { owners: services.owner });
  await app.register(historyRoutes, { history: services.history });
  await app.register(infoRoutes, { info: services.info });
  await app.register(participationRoutes, { participation: services.participation });
  await app.register(ticketRoutes, { tickets: services.tickets, followUps: services.followUps });
  await app.register(templateRoutes, { templates: services.templates });
  await app.register(campaignRoutes, { campaigns: services.campaigns });
  await app.register(questionRoutes, { questions: services.questions });
  await app.register(contactRoutes, { contacts: services.contacts });
  await app.register(contactListRoutes, { contactLists: services.contactLists });
  await app.register(tagRoutes, { tags: services.tags });
  await app.register(resultRoutes, { results: services.results });
  await app.register(postRoutes, { posts: services.posts });
  await app.register(contactRequestRoutes, { contactRequests: services.contactRequests });
  await app.register(invitationRoutes, { invitations: services.invitations });
  await app.register(importRoutes, { imports: services.imports });
  await app.register(translationRoutes, { translation: services.translation });
  await app.register(fileRoutes, { storage: rt.storage });
  await registerWeb(app, rt.config.webDist ?? defaultWebDist);
  return app;
};
