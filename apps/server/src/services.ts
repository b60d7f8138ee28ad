import type { Logger } from 'pino';
import type { Config } from './config.js';
import type { Db } from './db/client.js';
import type { JobQueue } from './jobs/queue.js';
import type { Clock } from './lib/clock.js';
import { createCampaignJobs, createCampaignService } from './modules/campaigns/index.js';
import { createHistoryService } from './modules/history/index.js';
import {
  createAuthenticator,
  createIdentityJobs,
  createIdentityService,
  hashPassword,
  type KeyStore,
  revokeAllSessions,
} from './modules/identity/index.js';
import { createInfoService } from './modules/info/index.js';
import type { MailService } from './modules/mail/index.js';
import { createOwnerService } from './modules/owner/index.js';
import { createParticipationService } from './modules/participation/index.js';
import { copyQuestions, createQuestionService } from './modules/questions/index.js';
import type { FileStorage } from './modules/storage/index.js';
import { createTicketService } from './modules/tickets/index.js';

/** What the runtime provides: infrastructure, no domain rules. */
export type Infrastructure = {
  config: Config;
  log: Logger;
  db: Db;
  jobs: JobQueue;
  mail: MailService;
  clock: Clock;
  storage: FileStorage;
  keyStore: KeyStore;
};

/**
 * The composition root: every module's service and job definitions, built exactly once from the
 * runtime's infrastructure, and the only place modules are wired to each other where a direct
 * import would run against the dependency direction (campaigns get the questions' copy, owner gets
 * identity's password hash and session end). Route plugins and the admin command line receive these.
 * Job definitions are made here, so the runtime starts the queue only after this.
 */
export const createServices = ({ config, log, db, jobs, mail, clock, storage, keyStore }: Infrastructure) => {
  const history = createHistoryService({ db });
  const owner = createOwnerService({
    db,
    clock,
    hashPassword,
    endSessions: (tx, ownerId) => revokeAllSessions(tx, ownerId),
  });
  const identity = createIdentityService({ db, clock, config, keyStore, jobs, log });
  const identityJobs = createIdentityJobs({ db, jobs, mail, clock, publicUrl: config.publicUrl, log });
  const campaignJobs = createCampaignJobs({ db, jobs, clock, log });
  const campaigns = createCampaignService({
    db,
    clock,
    publicUrl: config.publicUrl,
    scheduleEnd: campaignJobs.scheduleEnd,
    log,
    storage,
    history,
    copyQuestions,
  });
  const questions = createQuestionService({ db, clock });
  const tickets = createTicketService({ db, history });
  const participation = createParticipationService({
    db,
    mail,
    clock,
    log,
    config: { publicUrl: config.publicUrl, privacyUrl: config.privacyUrl },
  });
  const info = createInfoService({ db, config });
  return {
    authenticate: createAuthenticator(db),
    owner,
    identity,
    identityJobs,
    history,
    info,
    campaigns,
    campaignJobs,
    questions,
    tickets,
    participation,
  };
};
export type Services = ReturnType<typeof createServices>;
