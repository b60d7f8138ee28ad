import type { Logger } from 'pino';
import type { Config } from './config.js';
import type { Db } from './db/client.js';
import type { JobQueue } from './jobs/queue.js';
import type { Clock } from './lib/clock.js';
import { createDomainEvents } from './lib/domain-events.js';
import { type CampaignEvents, createCampaignJobs, createCampaignService } from './modules/campaigns/index.js';
import { createContactListService } from './modules/contact-lists/index.js';
import { createContactRequestService } from './modules/contact-requests/index.js';
import { type ContactEvents, createContactService } from './modules/contacts/index.js';
import { createHistoryService, createOwnerNotifier } from './modules/history/index.js';
import {
  createAuthenticator,
  createIdentityJobs,
  createIdentityService,
  createSessionCheck,
  type KeyStore,
} from './modules/identity/index.js';
import { createImportService } from './modules/imports/index.js';
import { createInfoService } from './modules/info/index.js';
import { createInvitationJobs, createInvitationService } from './modules/invitations/index.js';
import type { MailService } from './modules/mail/index.js';
import { createOwnerService, type OwnerEvents } from './modules/owner/index.js';
import { createParticipationJobs, createParticipationService } from './modules/participation/index.js';
import { createPostJobs, createPostService } from './modules/posts/index.js';
import { createQuestionService, type QuestionEvents } from './modules/questions/index.js';
import { createResultService } from './modules/results/index.js';
import type { FileStorage } from './modules/storage/index.js';
import { createTagService } from './modules/tags/index.js';
import { createTemplateService } from './modules/templates/index.js';
import {
  createConversationMailer,
  createFollowUps,
  createMediaSweep,
  createTicketService,
} from './modules/tickets/index.js';
import { createTranslationService } from './modules/translation/index.js';
import { createTokenOwnerLookup } from './queries/auth.query.js';

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
 * runtime's infrastructure. A module that needs another's rows or writes gets that module's service
 * (or a `Pick` of it) here, never its repository. Where a module must have something done by a module
 * built after it, it publishes a domain event (lib/domain-events.ts) in its transaction and the other
 * subscribes here: the contact book's gained tags (tags) and erased answers (tickets), a disabled
 * owner's sessions (identity), a copied campaign's questions (questions) and an option's tags re-applied
 * to its past pickers (tags).
 * Route plugins, the auth hook and the admin command line receive these. Job definitions are made
 * here, so the runtime starts the queue only after this.
 */
export const createServices = ({ config, log, db, jobs, mail, clock, storage, keyStore }: Infrastructure) => {
  // What modules tell each other in the transaction of a change (lib/domain-events.ts); the
  // subscriptions are made below, once every module is built.
  const events = createDomainEvents<CampaignEvents & ContactEvents & OwnerEvents & QuestionEvents>();
  const owner = createOwnerService({
    db,
    clock,
    events,
    allowHttpAvatars: config.nodeEnv !== 'production',
  });
  // D20's owner mails are queued with each history entry; who gets them is the owner module's.
  const history = createHistoryService({
    db,
    notify: createOwnerNotifier({
      db,
      jobs,
      mail,
      clock,
      publicUrl: config.publicUrl,
      mailsPerHour: config.mail.ownerNotificationsPerHour,
      recipients: owner.mailRecipients,
    }),
  });
  const identity = createIdentityService({ db, clock, config, keyStore, jobs, log, owners: owner });
  const identityJobs = createIdentityJobs({
    db,
    jobs,
    mail,
    clock,
    publicUrl: config.publicUrl,
    log,
    owners: owner,
  });
  const campaignJobs = createCampaignJobs({ db, jobs, clock, log, history });
  const campaigns = createCampaignService({
    db,
    clock,
    publicUrl: config.publicUrl,
    scheduleEnd: campaignJobs.scheduleEnd,
    log,
    storage,
    history,
    events,
  });
  const questions = createQuestionService({
    db,
    clock,
    campaigns,
    events,
  });
  const tickets = createTicketService({
    db,
    clock,
    mail,
    storage,
    publicUrl: config.publicUrl,
    privacyUrl: config.privacyUrl,
    campaigns,
    history,
  });
  const followUps = createFollowUps({
    db,
    jobs,
    mail,
    clock,
    log,
    mailer: createConversationMailer(config.publicUrl),
    batchSize: config.massFollowUpBatchSize,
    campaigns,
    history,
  });
  const mediaSweep = createMediaSweep({ db, jobs, storage, clock, log });
  const templates = createTemplateService({ db, clock });
  const contacts = createContactService({ db, clock, events });
  const invitations = createInvitationService({
    db,
    clock,
    jobs,
    mailsPerMinute: config.mail.invitationsPerMinute,
    campaigns,
    contacts,
  });
  const contactLists = createContactListService({ db, clock, jobs, campaigns, contacts, invitations });
  const tags = createTagService({ db, clock, jobs, log, campaigns, contacts, invitations, questions });
  const results = createResultService({ db, clock, publicUrl: config.publicUrl, campaigns, questions });
  const contactRequests = createContactRequestService({
    db,
    clock,
    log,
    privacyUrl: config.privacyUrl,
    owners: owner,
    campaigns,
    contacts,
    invitations,
    history,
  });
  const imports = createImportService({ db, clock, jobs, log, storage, campaigns, contacts, invitations });
  const invitationJobs = createInvitationJobs({
    db,
    jobs,
    mail,
    clock,
    log,
    publicUrl: config.publicUrl,
    mailsPerMinute: config.mail.invitationsPerMinute,
  });
  const participation = createParticipationService({
    db,
    mail,
    jobs,
    clock,
    config: { publicUrl: config.publicUrl, privacyUrl: config.privacyUrl },
    campaigns,
    contacts,
    history,
    questions,
    tickets,
    invitations,
  });
  const participationJobs = createParticipationJobs({
    db,
    jobs,
    mail,
    clock,
    publicUrl: config.publicUrl,
    tickets,
  });
  const posts = createPostService({
    db,
    clock,
    mail,
    jobs,
    storage,
    log,
    publicUrl: config.publicUrl,
    privacyUrl: config.privacyUrl,
    manufacturers: owner,
    history,
  });
  const postJobs = createPostJobs({ db, jobs, clock, log, storage, manufacturers: owner });
  const info = createInfoService({ db, config });
  const translation = createTranslationService({
    db,
    clock,
    config: config.translation,
    budget: config.translationBudget,
    log,
  });
  // Disabling an owner ends its sessions (D5); erasing a deleted contact's answers is the tickets
  // module's; D17's live audiences hear of every gained tag.
  events.subscribe('owner.disabled', (tx, e) => identity.endSessions(tx, e.ownerId));
  events.subscribe('contacts.erasing-answers', (tx, e) =>
    tickets.eraseOfContacts(tx, e.manufacturerId, e.contactIds),
  );
  events.subscribe('contact.tags-added', (tx, change) => tags.tagsAdded(tx, change));
  // A copied campaign's questions are the questions module's; an option's tags re-applied to its past
  // pickers are given by the tags module.
  events.subscribe('campaign.copied', (tx, e) => questions.campaignCopied(tx, e));
  events.subscribe('option.tags-to-past-pickers', (tx, e) => tags.tagPickers(tx, e));
  return {
    /** The auth hook's check of a verified token: owner, manufacturer and session in one query. */
    authenticate: createAuthenticator({
      lookup: createTokenOwnerLookup(db),
      owners: owner,
      embedded: !config.identity.jwksUrl,
    }),
    /** The token verifier's session check, for the identity routes (the runtime builds the verifier). */
    checkSession: createSessionCheck({ db, owners: owner }),
    owner,
    identity,
    identityJobs,
    history,
    contacts,
    invitations,
    invitationJobs,
    contactLists,
    contactRequests,
    tags,
    results,
    imports,
    info,
    campaigns,
    campaignJobs,
    questions,
    tickets,
    followUps,
    mediaSweep,
    templates,
    participation,
    participationJobs,
    posts,
    postJobs,
    translation,
  };
};
export type Services = ReturnType<typeof createServices>;
