import { api } from '@parley/contract';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config.js';
import type { Db } from '../../db/client.js';
import { route } from '../../lib/route.js';
import { listInfo } from './info.repository.js';

export const infoRoutes = async (app: FastifyInstance, { db, config }: { db: Db; config: Config }) => {
  route(app, api.info.all, async (req) => listInfo(db, { ...req.query, limit: 50 }));

  route(app, api.info.config, async () => ({
    supportUrl: config.support.url,
    supportEmail: config.support.email,
    privacyUrl: config.privacyUrl,
    environment: config.environment,
    analytics: config.analytics,
    sentryDsn: config.tracing.sentryDsn,
    tracesSampleRate: config.tracing.sampleRate,
    appCheckRequired: config.appCheckToken !== undefined,
  }));
};
