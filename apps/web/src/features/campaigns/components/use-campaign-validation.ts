import { useTranslation } from 'react-i18next';
import { type CampaignFormValues, campaignValidators, type FieldProblem } from '../lib/campaign-form-values';

/** Mantine form validators that word the contract's bounds in the console's language. */
export const useCampaignValidation = () => {
  const { t } = useTranslation();
  const word = (p: FieldProblem | null) => (p ? t(p.key, p) : null);
  const v = campaignValidators();
  return {
    title: (value: string) => word(v.title(value)),
    description: (value: string) => word(v.description(value)),
    endsAt: (value: string, values: CampaignFormValues) => word(v.endsAt(value, values)),
    target: (value: number | string, values: CampaignFormValues) => word(v.target(value, values)),
  };
};
