import { useParams } from 'react-router';
import { SurveyPage } from '@/features/participation/components/survey-page';

/** D10 `/p/c/:campaignId`: public, never guarded. */
export const SurveyRoute = () => {
  const { campaignId = '' } = useParams();
  return <SurveyPage key={campaignId} campaignId={campaignId} />;
};
