import type { PublicSurvey, SubmitAnswers } from '@parley/contract';
import type { Db } from '../../db/client.js';
import type { JobQueue } from '../../jobs/queue.js';
import type { Clock } from '../../lib/clock.js';
import { AppError, notFound } from '../../lib/errors.js';
import { createRateLimiter } from '../../lib/rate-limit.js';
import { randomToken, sha256 } from '../../lib/secrets.js';
import { type CampaignWithMaker, findCampaignWithMaker } from '../../queries/survey.query.js';
import type { CampaignService } from '../campaigns/index.js';
import type { ContactService } from '../contacts/index.js';
import type { HistoryService } from '../history/index.js';
import type { InvitationService } from '../invitations/index.js';
import type { MailService } from '../mail/index.js';
import type { QuestionService } from '../questions/index.js';
import { contactName, type TicketService } from '../tickets/index.js';
import './participation.errors.js';
import { toPublicSurvey } from './participation.dto.js';
import { answeredMailLimit, queueAlreadyAnsweredCheck } from './participation.jobs.js';
import { ticketLinkMail } from './participation.mail.js';
import { buildTicketAnswers, surveyNotOpen, surveyStatus } from './participation.rules.js';
import { createSurveyCache } from './participation.survey-cache.js';

type SubmitInput = Omit<SubmitAnswers, 'email'> & { email: string };

/**
 * Open-link limits: generous for people, tight for scripts. Only requests that could have stored
 * an answer count (a survey that exists and is open), so made-up campaign ids cost no rows.
 * Per client address and campaign every such attempt counts, so a class answering from one
 * school network still fits while a script is slowed. Per email address (across all campaigns,
 * since each answer mails that address and Parley must not be usable to flood it) only answers
 * actually stored count: a stranger's refused or failing requests cannot spend the budget of
 * the address's owner (docs/product-decisions.md, "Rate limits"). An address given to a survey it
 * answered already gets at most one mail saying so per campaign and day, however often a stranger
 * types it in (docs/product-decisions.md, "Participation"; counted by the check's job).
 */
export const participationLimits = {
  perAddress: { max: 30, windowMs: 10 * 60_000 },
  perEmail: { max: 10, windowMs: 60 * 60_000 },
  answeredMail: answeredMailLimit,
} as const;

export const createParticipationService = (deps: {
  db: Db;
  mail: MailService;
  jobs: Pick<JobQueue, 'send'>;
  clock: Clock;
  config: { publicUrl: string; privacyUrl: string | null };
  campaigns: Pick<CampaignService, 'lockById' | 'countTicket' | 'endInTx'>;
  contacts: Pick<ContactService, 'upsertByEmail' | 'addTags'>;
  history: Pick<HistoryService, 'add'>;
  questions: Pick<QuestionService, 'listPublic' | 'forAnswer'>;
  tickets: Pick<TicketService, 'insert' | 'findBySubmission' | 'contactHasTicket'>;
  invitations: Pick<InvitationService, 'byToken' | 'markOpened' | 'markAnswered'>;
}) => {
  const { db, clock, config, campaigns, contacts, history, questions: surveyQuestions, tickets } = deps;
  const perAddress = createRateLimiter(db, {
    name: 'participation-address',
    clock,
    ...participationLimits.perAddress,
  });
  const perEmail = createRateLimiter(db, {
    name: 'participation-email',
    clock,
    ...participationLimits.perEmail,
  });
  // The early check has a budget of its own, so asking never uses up a participant's answers.
  const checksPerAddress = createRateLimiter(db, {
    name: 'participation-check',
    clock,
    ...participationLimits.perAddress,
  });
  const alreadyAnswered = () =>
    new AppError('survey/already-answered', 'This email address has already answered this survey.');

  const toSurvey = async (row: CampaignWithMaker, withQuestions: boolean): Promise<PublicSurvey> => {
    const status = surveyStatus(row.campaign, row.manufacturer, clock.now());
    const questions =
      withQuestions || status === 'open' ? await surveyQuestions.listPublic(db, row.campaign.id) : [];
    return toPublicSurvey(row, status, questions, config.privacyUrl);
  };

  /** The survey by its open link, the same for every participant: from this instance's copy of it. */
  const surveys = createSurveyCache({
    db,
    clock,
    privacyUrl: config.privacyUrl,
    listPublic: surveyQuestions.listPublic,
  });

  /** The owner's preview: any state, questions always, the status a participant would get. */
  const preview = async (manufacturerId: string, id: string) => {
    const row = await findCampaignWithMaker(db, id, manufacturerId);
    if (!row) throw notFound('campaign');
    return toSurvey(row, true);
  };

  /**
   * Stores one participation as a ticket in one transaction that holds the campaign's row
   * lock (D12). Replaying a stored submissionId answers the same without a second ticket.
   */
  const submit = (campaignId: string, input: SubmitInput, clientAddress: string) =>
    store(campaignId, input, clientAddress, false);

  /** D11: a personal invitation answers a running campaign even when its open link is off. */
  const statusFor = (row: CampaignWithMaker, invited: boolean, now: Date) =>
    surveyStatus(invited ? { ...row.campaign, openLink: true } : row.campaign, row.manufacturer, now);

  const store = async (campaignId: string, input: SubmitInput, clientAddress: string, invited: boolean) => {
    // Only an attempt that could succeed is counted: an open survey, or the replay of a stored answer
    // (answered as stored even once the survey has ended). Anything else is refused without a row.
    const found = await findCampaignWithMaker(db, campaignId);
    if (!found) throw notFound('survey');
    if (!(await tickets.findBySubmission(db, campaignId, input.submissionId))) {
      const status = statusFor(found, invited, clock.now());
      if (status !== 'open') throw surveyNotOpen(status);
    }
    // In a transaction of its own, so a refused answer still counts as this client's attempt.
    await perAddress.hit(`${campaignId}:${clientAddress}`);

    let answeredAlready = false;
    const stored = db.transaction(async (tx) => {
      const now = clock.now();
      // The campaign's row lock (D12): answers to one campaign are stored one after another, so the
      // participation target and answerLimitation are never exceeded.
      const row = (await campaigns.lockById(tx, campaignId)) && (await findCampaignWithMaker(tx, campaignId));
      if (!row) throw notFound('survey');
      const { campaign, manufacturer } = row;
      if (await tickets.findBySubmission(tx, campaignId, input.submissionId)) {
        return { stored: true as const, campaignEnded: campaign.state === 'ended' };
      }
      const status = statusFor(row, invited, now);
      if (status !== 'open') throw surveyNotOpen(status);

      const surveyed = await surveyQuestions.forAnswer(tx, campaignId);
      const { answers, answeredCount } = buildTicketAnswers(surveyed.questions, input.answers);

      const contact = await contacts.upsertByEmail(
        tx,
        {
          manufacturerId: campaign.manufacturerId,
          email: input.email,
          firstname: input.firstname?.trim() || null,
          lastname: input.lastname?.trim() || null,
        },
        now,
      );
      if (
        !campaign.allowMultipleParticipation &&
        (await tickets.contactHasTicket(tx, campaignId, contact.id))
      ) {
        answeredAlready = true;
        throw alreadyAnswered();
      }
      // Counted in this transaction: the hit stays only if the answer is stored.
      await perEmail.hitIn(tx, input.email);

      const token = randomToken();
      const ticket = await tickets.insert(tx, {
        manufacturerId: campaign.manufacturerId,
        campaignId,
        contactId: contact.id,
        source: invited ? 'invitation' : 'openLink',
        language: campaign.language,
        answers,
        answeredCount,
        submissionId: input.submissionId,
        tokenHash: sha256(token),
        createdAt: now,
        updatedAt: now,
      });
      // The row lock makes this unreachable in practice; the unique index is the last word (the
      // transaction that stored the ticket queued its mail).
      if (!ticket) return { stored: true as const, campaignEnded: campaign.state === 'ended' };

      // An invitation of this contact to this campaign is answered, whichever link was used: no reminders.
      await deps.invitations.markAnswered(tx, campaignId, contact.id, now);
      // D17: the chosen options' tags and the campaign's tags, given in the answer's own transaction
      // (the tags module then invites the contact where a linked tag group now holds them).
      const chosen = answers
        .filter((a) => !a.skipped && (a.type === 'SingleChoice' || a.type === 'MultiChoice'))
        .flatMap((a) => a.value.optionIds ?? []);
      const tags = [...new Set([...campaign.tags, ...surveyed.optionTags(chosen)])];
      if (tags.length > 0)
        await contacts.addTags(tx, campaign.manufacturerId, [contact.id], tags, now, 'answer');
      const ticketCount = await campaigns.countTicket(tx, campaignId);
      await history.add(tx, {
        manufacturerId: campaign.manufacturerId,
        product: 'connect',
        kind: 'newCampaignTicket',
        subject: { type: 'campaignTicket', id: ticket.id, title: campaign.title },
        // Who answered, as the console names them: their name if they gave one, else their address.
        data: {
          campaignId,
          participant: contactName(contact),
        },
      });
      const reachedTarget =
        campaign.endCondition.type === 'participationTarget' && ticketCount >= campaign.endCondition.target;
      // D12: the campaigns module's own end (state, endedAt, history entry), inside this transaction.
      if (reachedTarget) await campaigns.endInTx(tx, campaign, 'participationTarget', now);
      // Queued in this transaction: a stored ticket always has its mail, and a replay of the same
      // submissionId (answered above) never queues a second one.
      await deps.mail.send(
        ticketLinkMail({
          to: contact.email,
          language: campaign.language,
          firstname: contact.firstname,
          campaignTitle: campaign.title,
          manufacturerId: campaign.manufacturerId,
          manufacturerName: manufacturer.name,
          link: `${config.publicUrl}/p/t/${token}`,
          answers,
        }),
        { tx },
      );
      return { stored: true as const, campaignEnded: reachedTarget };
    });
    // The refusal says the address was mailed the link to its answers: the check's job mails it (at
    // most once a day, as after check-email). Queued outside the answer's transaction, which rolls
    // back, and after it, so the campaign's lock is not held meanwhile (docs/product-decisions.md,
    // "Participation").
    return stored.catch(async (err: unknown) => {
      if (answeredAlready) await queueAlreadyAnsweredCheck(deps.jobs, campaignId, input.email);
      throw err;
    });
  };

  /**
   * Before the first question: does the survey take answers now? Refuses as `submit` would for the
   * survey (not open), so nobody fills in a whole survey for nothing, and is rate-limited per client
   * address like it. It says nothing about the address (docs/product-decisions.md, "Participation"):
   * whoever has the open link could otherwise test addresses. For a survey that takes one answer per
   * address, every check queues one job, whatever the address: the job looks it up and, when it
   * answered already, mails it a fresh link to its answers (at most once per campaign and day). The
   * request does the same work for every address, so neither its answer nor its timing tells.
   */
  const checkEmail = async (campaignId: string, email: string, clientAddress: string) => {
    const row = await findCampaignWithMaker(db, campaignId);
    if (!row) throw notFound('survey');
    const status = surveyStatus(row.campaign, row.manufacturer, clock.now());
    if (status !== 'open') throw surveyNotOpen(status);
    // Counted only for an open survey, like an answer: a made-up campaign id costs no row.
    await checksPerAddress.hit(`${campaignId}:${clientAddress}`);
    if (row.campaign.allowMultipleParticipation) return;
    await queueAlreadyAnsweredCheck(deps.jobs, campaignId, email);
  };

  /** The survey behind a personal link: the invitee is known, so there is no email step. */
  const invitedSurvey = async (token: string) => {
    const inv = await deps.invitations.byToken(token);
    if (!inv) throw notFound('invitation');
    const row = await findCampaignWithMaker(db, inv.invitation.campaignId);
    if (!row) throw notFound('invitation');
    const status = statusFor(row, true, clock.now());
    const answered =
      !row.campaign.allowMultipleParticipation &&
      (await tickets.contactHasTicket(db, row.campaign.id, inv.contact.id));
    if (status === 'open' && !answered) await deps.invitations.markOpened(inv.invitation.id);
    const questions =
      status === 'open' && !answered ? await surveyQuestions.listPublic(db, row.campaign.id) : [];
    return {
      ...toPublicSurvey(row, status, questions, config.privacyUrl),
      invitee: { email: inv.contact.email, firstname: inv.contact.firstname, lastname: inv.contact.lastname },
      answered,
    };
  };

  /** An invitee's answers: their contact's ticket, as the open link would store it. */
  const submitInvited = async (token: string, input: Omit<SubmitInput, 'email'>, clientAddress: string) => {
    const inv = await deps.invitations.byToken(token);
    if (!inv) throw notFound('invitation');
    return store(inv.invitation.campaignId, { ...input, email: inv.contact.email }, clientAddress, true);
  };

  return { survey: surveys.survey, preview, submit, checkEmail, invitedSurvey, submitInvited };
};
export type ParticipationService = ReturnType<typeof createParticipationService>;
