import { createHash, randomBytes } from 'node:crypto';
import type { ParticipantTicket, PublicSurvey, SubmitAnswers } from '@parley/contract';
import type { Logger } from 'pino';
import type { Db } from '../../db/client.js';
import type { Clock } from '../../lib/clock.js';
import { AppError, notFound } from '../../lib/errors.js';
import { createRateLimiter } from '../../lib/rate-limit.js';
import { endCampaignInTx } from '../campaigns/campaigns.service.js';
import { upsertContactByEmail } from '../contacts/contacts.repository.js';
import { addHistoryEntry } from '../history/history.repository.js';
import type { MailService } from '../mail/mail.service.js';
import {
  confirmTicketEmail,
  contactHasTicket,
  emailHasTicket,
  findTicketBySubmission,
  findTicketByTokenHash,
  insertTicket,
} from '../tickets/tickets.repository.js';
import { ticketLinkMail } from './participation.mail.js';
import {
  type CampaignRow,
  findCampaignWithMaker,
  incrementTicketCount,
  loadPublicQuestions,
  lockCampaignWithMaker,
} from './participation.repository.js';
import { buildTicketAnswers, surveyNotOpen, surveyStatus } from './participation.rules.js';

type SubmitInput = Omit<SubmitAnswers, 'email'> & { email: string };

/**
 * Open-link limits (issue 3): generous for people, tight for scripts. Per client address and
 * campaign, so a class answering from one school network still fits; per email address across
 * all campaigns, since each answer mails that address and Parley must not be usable to flood it.
 */
export const participationLimits = {
  perAddress: { max: 30, windowMs: 10 * 60_000 },
  perEmail: { max: 10, windowMs: 60 * 60_000 },
} as const;

export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

export const createParticipationService = (deps: {
  db: Db;
  mail: MailService;
  clock: Clock;
  log: Pick<Logger, 'error'>;
  config: { publicUrl: string; privacyUrl: string | null };
}) => {
  const { db, clock, config } = deps;
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

  const toSurvey = async (
    row: NonNullable<Awaited<ReturnType<typeof findCampaignWithMaker>>>,
    withQuestions: boolean,
  ): Promise<PublicSurvey> => {
    const { campaign: c, manufacturer: m } = row;
    const status = surveyStatus(c, m, clock.now());
    return {
      _id: c.id,
      title: c.title,
      description: c.description,
      language: c.language,
      image: c.image,
      manufacturerName: m.name,
      status,
      allowMultipleParticipation: c.allowMultipleParticipation,
      questions: withQuestions || status === 'open' ? await loadPublicQuestions(db, c.id) : [],
      privacyUrl: config.privacyUrl,
    };
  };

  /** The survey by its open link: questions only while it can be answered. */
  const survey = async (id: string) => {
    const row = await findCampaignWithMaker(db, id);
    if (!row) throw notFound('survey');
    return toSurvey(row, false);
  };

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
  const submit = async (campaignId: string, input: SubmitInput, clientAddress: string) => {
    // Limits are counted outside the transaction so a refused answer still counts as an attempt.
    await perAddress.hit(`${campaignId}:${clientAddress}`);
    await perEmail.hit(input.email);

    const outcome = await db.transaction(async (tx) => {
      const now = clock.now();
      const row = await lockCampaignWithMaker(tx, campaignId);
      if (!row) throw notFound('survey');
      const { campaign, manufacturer } = row;
      if (await findTicketBySubmission(tx, campaignId, input.submissionId)) {
        return { stored: true as const, campaignEnded: campaign.state === 'ended', created: undefined };
      }
      const status = surveyStatus(campaign, manufacturer, now);
      if (status !== 'open') throw surveyNotOpen(status);

      const questions = await loadPublicQuestions(tx, campaignId);
      const { answers, answeredCount } = buildTicketAnswers(questions, input.answers);

      const contact = await upsertContactByEmail(
        tx,
        {
          manufacturerId: campaign.manufacturerId,
          email: input.email,
          firstname: input.firstname?.trim() || null,
          lastname: input.lastname?.trim() || null,
        },
        now,
      );
      if (!campaign.allowMultipleParticipation && (await contactHasTicket(tx, campaignId, contact.id))) {
        throw alreadyAnswered();
      }

      const token = randomBytes(32).toString('base64url');
      const ticket = await insertTicket(tx, {
        manufacturerId: campaign.manufacturerId,
        campaignId,
        contactId: contact.id,
        source: 'openLink',
        language: campaign.language,
        answers,
        answeredCount,
        submissionId: input.submissionId,
        tokenHash: hashToken(token),
        createdAt: now,
        updatedAt: now,
      });
      // The row lock makes this unreachable in practice; the unique index is the last word.
      if (!ticket)
        return { stored: true as const, campaignEnded: campaign.state === 'ended', created: undefined };

      const ticketCount = await incrementTicketCount(tx, campaignId);
      await addHistoryEntry(tx, {
        manufacturerId: campaign.manufacturerId,
        product: 'connect',
        kind: 'newCampaignTicket',
        subject: { type: 'campaignTicket', id: ticket.id, title: campaign.title },
        // Who answered, as the console names them: their name if they gave one, else their address.
        data: {
          campaignId,
          participant: [contact.firstname, contact.lastname].filter(Boolean).join(' ') || contact.email,
        },
      });
      const reachedTarget =
        campaign.endCondition.type === 'participationTarget' && ticketCount >= campaign.endCondition.target;
      // D12: the campaigns module's own end (state, endedAt, history entry), inside this transaction.
      if (reachedTarget) await endCampaignInTx(tx, campaign, 'participationTarget', now);
      return {
        stored: true as const,
        campaignEnded: reachedTarget,
        created: { token, campaign, manufacturerName: manufacturer.name, contact, answers },
      };
    });

    if (outcome.created) await mailTicketLink(outcome.created);
    return { stored: outcome.stored, campaignEnded: outcome.campaignEnded };
  };

  const mailTicketLink = async (c: {
    token: string;
    campaign: CampaignRow;
    manufacturerName: string;
    contact: { email: string; firstname: string | null };
    answers: ParticipantTicket['answers'];
  }) => {
    try {
      await deps.mail.send(
        ticketLinkMail({
          to: c.contact.email,
          language: c.campaign.language,
          firstname: c.contact.firstname,
          campaignTitle: c.campaign.title,
          manufacturerName: c.manufacturerName,
          link: `${config.publicUrl}/p/t/${c.token}`,
          answers: c.answers,
        }),
      );
    } catch (err) {
      // The ticket is stored; a mail that could not even be queued must not turn that into an error.
      deps.log.error({ err, campaignId: c.campaign.id }, 'queueing the ticket-link mail failed');
    }
  };

  /**
   * Before the first question: may this address answer now? Refuses as `submit` would (survey not
   * open, already answered) so nobody fills in a whole survey for nothing. It tells no more than
   * `submit` does, and is rate-limited per client address like it.
   */
  const checkEmail = async (campaignId: string, email: string, clientAddress: string) => {
    await checksPerAddress.hit(`${campaignId}:${clientAddress}`);
    const row = await findCampaignWithMaker(db, campaignId);
    if (!row) throw notFound('survey');
    const status = surveyStatus(row.campaign, row.manufacturer, clock.now());
    if (status !== 'open') throw surveyNotOpen(status);
    if (row.campaign.allowMultipleParticipation) return;
    if (await emailHasTicket(db, campaignId, email)) throw alreadyAnswered();
  };

  /** The participant's ticket by their private link; the first opening confirms the address. */
  const ticket = async (token: string): Promise<ParticipantTicket> => {
    const row = await findTicketByTokenHash(db, hashToken(token));
    if (!row) throw notFound('ticket');
    if (!row.ticket.emailConfirmedAt) await confirmTicketEmail(db, row.ticket.id, clock.now());
    return {
      campaign: {
        _id: row.campaign.id,
        title: row.campaign.title,
        language: row.campaign.language,
        manufacturerName: row.manufacturerName,
      },
      contact: { email: row.contact.email, firstname: row.contact.firstname, lastname: row.contact.lastname },
      answers: row.ticket.answers,
      createdAt: row.ticket.createdAt.toISOString(),
      privacyUrl: config.privacyUrl,
    };
  };

  return { survey, preview, submit, checkEmail, ticket };
};
export type ParticipationService = ReturnType<typeof createParticipationService>;
