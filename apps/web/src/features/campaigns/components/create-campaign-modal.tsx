import { Button, Group, Modal, Stack } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { paths } from '@/config/paths';
import { useLanguage } from '@/lib/i18n';
import { useCreateCampaign } from '../api/create-campaign';
import { type CampaignFormValues, emptyCampaignValues, valuesToInput } from '../lib/campaign-form-values';
import { CampaignFlagFields, EndConditionFields, LanguageField, TitleField } from './campaign-fields';
import { focusCampaignHeading } from './campaign-heading-focus';
import { useCampaignValidation } from './use-campaign-validation';

/** POST /campaign: a new draft, then straight to its page to add questions. */
export const CreateCampaignModal = ({ opened, onClose }: { opened: boolean; onClose: () => void }) => {
  const { t } = useTranslation();
  const language = useLanguage();
  const navigate = useNavigate();
  const create = useCreateCampaign();
  const validate = useCampaignValidation();
  const form = useForm<CampaignFormValues>({
    initialValues: emptyCampaignValues(language),
    validate: { title: validate.title, endsAt: validate.endsAt, target: validate.target },
    // Checked on submit and then as the owner types, never on blur: an error appearing on blur
    // moves the dialog's layout under the pointer, so the click that caused the blur (Cancel,
    // an end-condition choice) would land on nothing (docs/product-decisions.md).
    validateInputOnChange: true,
  });

  const submit = form.onSubmit((values) =>
    create.mutate(valuesToInput(values), {
      onSuccess: (campaign) => {
        onClose();
        form.reset();
        navigate(`${paths.campaign(campaign._id)}?tab=questions`, { state: focusCampaignHeading });
      },
    }),
  );

  return (
    <Modal opened={opened} onClose={onClose} title={t('campaigns.create.title')} size="lg">
      <form noValidate onSubmit={submit}>
        <Stack gap="md">
          <TitleField form={form} />
          <LanguageField form={form} />
          <EndConditionFields form={form} />
          <CampaignFlagFields form={form} />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('campaigns.actions.cancel')}
            </Button>
            <Button type="submit" loading={create.isPending}>
              {t('campaigns.create.submit')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
};
