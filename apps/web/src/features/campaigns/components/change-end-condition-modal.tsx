import { Alert, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useForm } from '@mantine/form';
import type { Campaign, MetEndCondition } from '@parley/contract';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useDateFormat } from '@/lib/use-date-format';
import { useStartCampaign } from '../api/start-campaign';
import { useUpdateCampaign } from '../api/update-campaign';
import { type CampaignFormValues, campaignToValues, valuesToInput } from '../lib/campaign-form-values';
import { EndConditionFields } from './campaign-fields';
import { useCampaignValidation } from './use-campaign-validation';

type ChangeEndConditionModalProps = {
  campaign: Campaign;
  action: 'start' | 'restart';
  /** What of the end condition is met (the contract's `endConditionMet`). */
  met: MetEndCondition;
  onClose: () => void;
  onStarted: () => void;
  onFailed: (error: unknown) => void;
};

/**
 * (Re)starting a campaign whose end condition is met would only fail (409
 * `campaign/end-condition-met`), so this dialog says why first and takes a new end condition:
 * a later date, a higher target, or only when stopped. It saves it (the whole-body update, with
 * the `updatedAt` it read) and then starts, the same two calls the settings and the Start button
 * make (docs/product-decisions.md).
 */
export const ChangeEndConditionModal = ({
  campaign,
  action,
  met,
  onClose,
  onStarted,
  onFailed,
}: ChangeEndConditionModalProps) => {
  const { t } = useTranslation();
  const { formatDateTime } = useDateFormat();
  const validate = useCampaignValidation();
  const update = useUpdateCampaign();
  const start = useStartCampaign();
  const answers = campaign.ticketCount;
  const form = useForm<CampaignFormValues>({
    initialValues: campaignToValues(campaign),
    validate: {
      endsAt: validate.endsAt,
      target: (value, values) => {
        const problem = validate.target(value, values);
        if (problem || values.endType !== 'participationTarget') return problem;
        // A target the answers so far already reach would end the campaign again at once.
        return Number(value) <= answers ? t('campaigns.validation.targetReached', { count: answers }) : null;
      },
    },
    validateInputOnChange: true,
  });

  const submit = form.onSubmit((values) =>
    update.mutate(
      { id: campaign._id, body: { ...valuesToInput(values), updatedAt: campaign.updatedAt } },
      {
        onSuccess: () => start.mutate(campaign._id, { onSuccess: onStarted, onError: onFailed }),
        onError: onFailed,
      },
    ),
  );

  const e = campaign.endCondition;
  const why =
    met === 'participationTarget'
      ? t('campaigns.actions.endMet.participationTarget', {
          count: answers,
          target: e.type === 'participationTarget' ? e.target : 0,
        })
      : t('campaigns.actions.endMet.date', { date: e.type === 'date' ? formatDateTime(e.endsAt) : '' });
  const busy = update.isPending || start.isPending;

  return (
    // As wide as the New-campaign dialog, so the end-condition choice fits on one line.
    <Modal opened onClose={onClose} title={t(`campaigns.actions.${action}Title`)} size="lg">
      <form noValidate onSubmit={submit}>
        <Stack gap="md">
          <Alert
            role="note"
            color="yellow"
            icon={<IconAlertTriangle size={18} aria-hidden />}
            title={t('campaigns.actions.endMet.title')}
          >
            {why}
          </Alert>
          <Text>{t('campaigns.actions.endMet.change')}</Text>
          <EndConditionFields form={form} />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose} disabled={busy}>
              {t('campaigns.actions.cancel')}
            </Button>
            <Button type="submit" loading={busy} data-autofocus>
              {t(`campaigns.actions.endMet.${action}Confirm`)}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
};
