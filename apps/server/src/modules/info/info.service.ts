import type { api, RouteQuery } from '@parley/contract';
import type { Config } from '../../config.js';
import type { Db } from '../../db/client.js';
import { addInfo, listInfo } from './info.repository.js';

/** The console's information items (added by the operator) and its public configuration. */
export const createInfoService = ({ db, config }: { db: Db; config: Config }) => ({
  list: (q: RouteQuery<typeof api.info.all>) => listInfo(db, { ...q, limit: 50 }),
  add: (item: Parameters<typeof addInfo>[1]) => addInfo(db, item),
  config: () => ({
    supportUrl: config.support.url,
    supportEmail: config.support.email,
    privacyUrl: config.privacyUrl,
    environment: config.environment,
    analytics: config.analytics,
    sentryDsn: config.tracing.sentryDsn,
    tracesSampleRate: config.tracing.sampleRate,
    appCheckRequired: config.appCheckToken !== undefined,
  }),
});
export type InfoService = ReturnType<typeof createInfoService>;
