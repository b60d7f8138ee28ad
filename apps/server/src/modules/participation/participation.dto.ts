import type { PublicQuestion, PublicSurvey, SurveyStatus } from '@parley/contract';
import type { CampaignWithMaker } from '../../queries/survey.query.js';

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
  // The manufacturer's own links, else the installation's (docs/product-decisions.md, "API-wide").
  privacyUrl: m.privacyUrl ?? privacyUrl,
  imprintUrl: m.imprintUrl,
});
