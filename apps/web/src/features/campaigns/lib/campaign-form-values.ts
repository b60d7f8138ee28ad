import {
  type Campaign,
  type CampaignInput,
  campaignTitleLimits,
  type EndCondition,
  type Language,
  limits,
} from '@parley/contract';
import { parseLocalDateTime, toLocalDateTime } from '@/lib/format-date';

export type EndConditionType = EndCondition['type'];

/** The form's view of a campaign: the end condition flattened so each part is its own field. */
export type CampaignFormValues = {
  title: string;
  description: string;
  language: Language;
  image: string | null;
  endType: EndConditionType;
  /** `YYYY-MM-DD HH:mm:ss` in local time, as the date-time picker holds it; '' for none. */
  endsAt: string;
  target: number | string;
  autoReminder: boolean;
  isGroupCampaign: boolean;
  allowMultipleParticipation: boolean;
  openLink: boolean;
};

export const targetMax = 1_000_000;

export const emptyCampaignValues = (language: Language): CampaignFormValues => ({
  title: '',
  description: '',
  language,
  image: null,
  endType: 'never',
  endsAt: '',
  target: '',
  autoReminder: false,
  isGroupCampaign: false,
  allowMultipleParticipation: false,
  openLink: true,
});

export const campaignToValues = (c: Campaign): CampaignFormValues => ({
  title: c.title,
  description: c.description,
  language: c.language,
  image: c.image,
  endType: c.endCondition.type,
  endsAt: c.endCondition.type === 'date' ? toLocalDateTime(c.endCondition.endsAt) : '',
  target: c.endCondition.type === 'participationTarget' ? c.endCondition.target : '',
  autoReminder: c.autoReminder,
  isGroupCampaign: c.isGroupCampaign,
  allowMultipleParticipation: c.allowMultipleParticipation,
  openLink: c.openLink,
});

const toEndCondition = (v: CampaignFormValues): EndCondition => {
  if (v.endType === 'date') {
    // The validators refuse an unreadable value before anything is sent; should one slip
    // through, the server's 400 names the field.
    return { type: 'date', endsAt: parseLocalDateTime(v.endsAt)?.toISOString() ?? '' };
  }
  if (v.endType === 'participationTarget') return { type: 'participationTarget', target: Number(v.target) };
  return { type: 'never' };
};

export const valuesToInput = (v: CampaignFormValues): CampaignInput => ({
  title: v.title.trim(),
  description: v.description,
  language: v.language,
  image: v.image,
  endCondition: toEndCondition(v),
  autoReminder: v.autoReminder,
  isGroupCampaign: v.isGroupCampaign,
  allowMultipleParticipation: v.allowMultipleParticipation,
  openLink: v.openLink,
});

/** Problems as translation keys plus values, so the form words them in the console's language. */
export type FieldProblem =
  | { key: 'campaigns.validation.titleMin'; min: number }
  | { key: 'campaigns.validation.titleMax'; max: number }
  | { key: 'campaigns.validation.descriptionMax'; max: number }
  | { key: 'campaigns.validation.endsAtRequired' }
  | { key: 'campaigns.validation.endsAtPast' }
  | { key: 'campaigns.validation.targetMin' }
  | { key: 'campaigns.validation.targetMax'; max: number };

/** The same bounds as the contract's schema (D11), checked field by field as the owner types. */
export const campaignValidators = (now: () => number = Date.now) => ({
  title: (value: string): FieldProblem | null => {
    const n = value.trim().length;
    if (n < campaignTitleLimits.min)
      return { key: 'campaigns.validation.titleMin', min: campaignTitleLimits.min };
    if (n > campaignTitleLimits.max)
      return { key: 'campaigns.validation.titleMax', max: campaignTitleLimits.max };
    return null;
  },
  description: (value: string): FieldProblem | null =>
    value.length > limits.textMax
      ? { key: 'campaigns.validation.descriptionMax', max: limits.textMax }
      : null,
  endsAt: (value: string, values: CampaignFormValues): FieldProblem | null => {
    if (values.endType !== 'date') return null;
    const date = parseLocalDateTime(value);
    if (!date) return { key: 'campaigns.validation.endsAtRequired' };
    return date.getTime() <= now() ? { key: 'campaigns.validation.endsAtPast' } : null;
  },
  target: (value: number | string, values: CampaignFormValues): FieldProblem | null => {
    if (values.endType !== 'participationTarget') return null;
    const n = typeof value === 'number' ? value : Number(value);
    if (value === '' || !Number.isInteger(n) || n < 1) return { key: 'campaigns.validation.targetMin' };
    return n > targetMax ? { key: 'campaigns.validation.targetMax', max: targetMax } : null;
  },
});
