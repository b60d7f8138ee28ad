import type { PublicSurvey } from '@parley/contract';
import { PlainRoot } from '@/components/plain/plain';
import { SurveyForm } from './survey-form';
import { SurveyLanguageProvider } from './survey-language';

/**
 * The survey exactly as the participant's page shows it, for the console's preview: in the
 * survey's language, with every step and check, whatever the campaign's state; nothing is
 * stored or sent. Feed it `useSurveyPreview(campaignId).data`.
 */
export const SurveyPreview = ({ survey }: { survey: PublicSurvey }) => (
  <SurveyLanguageProvider language={survey.language}>
    <PlainRoot lang={survey.language}>
      <SurveyForm key={survey._id} survey={survey} preview />
    </PlainRoot>
  </SurveyLanguageProvider>
);
