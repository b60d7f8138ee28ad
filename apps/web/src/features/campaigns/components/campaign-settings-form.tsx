import { Alert, Button, Divider, Group, Paper, Stack, Title } from '@mantine/core';
import type { Campaign } from '@parley/contract';
import { IconLock } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { ImageUploadField } from '@/components/image-upload-field';
import { UnsavedChangesGuard } from '@/components/unsaved-changes-guard';
import {
  CampaignFlagFields,
  DescriptionField,
  EndConditionFields,
  LanguageField,
  TitleField,
} from './campaign-fields';
import { useCampaignSettingsForm } from './use-campaign-settings-form';

/** The settings tab: every field of D11, locked with the reason when the state forbids changes. */
export const CampaignSettingsForm = ({ campaign }: { campaign: Campaign }) => {
  const { t } = useTranslation();
  const { form, save, saving, dirty, upload, locks } = useCampaignSettingsForm(campaign);
  const fixed = locks.exceptEndCondition;

  return (
    <Paper withBorder p="md" radius="md">
      <form noValidate onSubmit={save}>
        <Stack gap="md">
          <Title order={2} size="h4">
            {t('campaigns.settings.title')}
          </Title>
          {locks.all || fixed ? (
            <Alert role="note" color="gray" variant="light" icon={<IconLock size={18} aria-hidden />}>
              {locks.all ? t('campaigns.settings.lockedArchived') : t('campaigns.settings.lockedEnded')}
            </Alert>
          ) : null}
          <TitleField form={form} disabled={fixed} />
          <DescriptionField form={form} disabled={fixed} />
          <LanguageField form={form} disabled={fixed} />
          <ImageUploadField
            label={t('campaigns.fields.image')}
            description={t('campaigns.fields.imageHint')}
            value={form.values.image}
            onChange={(url) => form.setFieldValue('image', url)}
            upload={upload}
            disabled={fixed}
          />
          <Divider />
          <EndConditionFields form={form} disabled={locks.all} />
          <Divider />
          <CampaignFlagFields form={form} disabled={fixed} />
          {locks.all ? null : (
            <Group justify="flex-end">
              <Button variant="default" onClick={() => form.reset()} disabled={!dirty || saving}>
                {t('campaigns.settings.discard')}
              </Button>
              <Button type="submit" loading={saving} disabled={!dirty}>
                {t('campaigns.settings.save')}
              </Button>
            </Group>
          )}
        </Stack>
      </form>
      <UnsavedChangesGuard when={dirty} />
    </Paper>
  );
};
