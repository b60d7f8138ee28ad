import {
  NativeSelect,
  NumberInput,
  SegmentedControl,
  Stack,
  Switch,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { campaignTitleLimits, limits } from '@parley/contract';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DateTimeField } from '@/components/date-time-field';
import { languages } from '@/lib/i18n';
import { type CampaignFormValues, type EndConditionType, targetMax } from '../lib/campaign-form-values';

type Form = UseFormReturnType<CampaignFormValues>;
const endTypes: readonly EndConditionType[] = ['never', 'date', 'participationTarget'];

/** When a running campaign ends by itself (D11): never, at a date, or at a number of answers. */
export const EndConditionFields = ({ form, disabled = false }: { form: Form; disabled?: boolean }) => {
  const { t } = useTranslation();
  // Controlled form: the date or target field appears as soon as its type is chosen.
  const endType = form.values.endType;
  // The settings form and the restart dialog may both be open: each label needs its own id.
  const labelId = useId();
  // Days before today cannot be picked (from midnight, so the picker never moves a time the owner
  // chose); the validator still refuses a time of today that has passed.
  const [today] = useState(() => new Date(new Date().setHours(0, 0, 0, 0)));
  return (
    <Stack gap="xs">
      <Text fz="sm" fw={500} id={labelId}>
        {t('campaigns.fields.endCondition')}
      </Text>
      <SegmentedControl
        aria-labelledby={labelId}
        data={endTypes.map((type) => ({ value: type, label: t(`campaigns.fields.endTypes.${type}`) }))}
        key={form.key('endType')}
        {...form.getInputProps('endType')}
        disabled={disabled}
        // Full width with labels that wrap: "Nach Antwortzahl" stays inside a phone's dialog.
        fullWidth
        styles={{ label: { whiteSpace: 'normal', overflowWrap: 'anywhere', lineHeight: 1.3 } }}
      />
      {endType === 'date' ? (
        <DateTimeField
          label={t('campaigns.fields.endsAt')}
          required
          minDate={today}
          key={form.key('endsAt')}
          {...form.getInputProps('endsAt')}
          disabled={disabled}
        />
      ) : null}
      {endType === 'participationTarget' ? (
        <NumberInput
          label={t('campaigns.fields.target')}
          description={t('campaigns.fields.targetHint')}
          required
          min={1}
          max={targetMax}
          allowDecimal={false}
          allowNegative={false}
          // Out-of-range values stay as typed, so the field can say what is wrong with them.
          clampBehavior="none"
          key={form.key('target')}
          {...form.getInputProps('target')}
          disabled={disabled}
        />
      ) : null}
    </Stack>
  );
};

type FlagName = 'openLink' | 'allowMultipleParticipation' | 'autoReminder' | 'isGroupCampaign';
const flags: readonly FlagName[] = [
  'openLink',
  'allowMultipleParticipation',
  'autoReminder',
  'isGroupCampaign',
];

export const CampaignFlagFields = ({ form, disabled = false }: { form: Form; disabled?: boolean }) => {
  const { t } = useTranslation();
  return (
    <Stack gap="sm">
      {flags.map((flag) => (
        <Switch
          key={form.key(flag)}
          label={t(`campaigns.fields.flags.${flag}`)}
          description={t(`campaigns.fields.flagHints.${flag}`)}
          {...form.getInputProps(flag, { type: 'checkbox' })}
          disabled={disabled}
        />
      ))}
    </Stack>
  );
};

export const TitleField = ({ form, disabled = false }: { form: Form; disabled?: boolean }) => {
  const { t } = useTranslation();
  return (
    <TextInput
      label={t('campaigns.fields.title')}
      description={t('campaigns.fields.titleHint', {
        min: campaignTitleLimits.min,
        max: campaignTitleLimits.max,
      })}
      required
      data-autofocus
      key={form.key('title')}
      {...form.getInputProps('title')}
      disabled={disabled}
    />
  );
};

export const DescriptionField = ({ form, disabled = false }: { form: Form; disabled?: boolean }) => {
  const { t } = useTranslation();
  return (
    <Textarea
      label={t('campaigns.fields.description')}
      description={t('campaigns.fields.descriptionHint', { max: limits.textMax })}
      autosize
      minRows={3}
      maxRows={12}
      key={form.key('description')}
      {...form.getInputProps('description')}
      disabled={disabled}
    />
  );
};

export const LanguageField = ({ form, disabled = false }: { form: Form; disabled?: boolean }) => {
  const { t } = useTranslation();
  return (
    <NativeSelect
      label={t('campaigns.fields.language')}
      description={t('campaigns.fields.languageHint')}
      data={languages.map((l) => ({ value: l, label: t(`language.${l}`) }))}
      key={form.key('language')}
      {...form.getInputProps('language')}
      disabled={disabled}
    />
  );
};
