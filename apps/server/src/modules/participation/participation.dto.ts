import type { ParticipantTicket, PublicQuestion, PublicSurvey, SurveyStatus } from '@parley/contract';
import type { CampaignWithMaker } from '../../queries/survey.query.js';
import type { findTicketByTokenHash } from '../../queries/tickets.query.js';

type TicketWithCampaign = NonNullable<Awaited<ReturnType<typeof findTicketByTokenHash>>>;

export const toPublicSurvey = (
  { campaign: c, manufacturer: m }: CampaignWithMaker,
  status: SurveyStatus,
  questions: PublicQuestion[],
  privacyUrl: string | null,
): PublicSurvey => ({
  _id: c.id,
  title: c.title,
  description: c.description,
  language: c.language,
  image: c.image,
  manufacturerName: m.name,
  status,
  allowMultipleParticipation: c.allowMultipleParticipation,
  questions,
  privacyUrl,
});

export const toParticipantTicket = (
  row: TicketWithCampaign,
  privacyUrl: string | null,
): ParticipantTicket => ({
  campaign: {
    _id: row.campaign.id,
    title: row.campaign.title,
    language: row.campaign.language,
    manufacturerName: row.manufacturerName,
  },
  contact: row.contact
    ? { email: row.contact.email, firstname: row.contact.firstname, lastname: row.contact.lastname }
    : null,
  answers: row.ticket.answers,
  createdAt: row.ticket.createdAt.toISOString(),
  privacyUrl,
});
