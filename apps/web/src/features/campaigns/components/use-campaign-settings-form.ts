import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import type { Campaign } from '@parley/contract';
import { useQueryClient } from '@tanstack/react-query';
import { createElement, useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { StaleMessage } from '@/components/stale-message';
import { isApiError } from '@/lib/api-client';
import { notifyError, notifySuccess } from '@/lib/notifications';
import { apiErrorMessage } from '@/lib/react-query';
import { uploadCampaignImage } from '@/lib/upload-image';
import { campaignQueryKeys } from '../api/campaign-query-keys';
import { getCampaign } from '../api/get-campaign';
import { useUpdateCampaign } from '../api/update-campaign';
import { type CampaignFormValues, campaignToValues, valuesToInput } from '../lib/campaign-form-values';
import { useCampaignValidation } from './use-campaign-validation';

export const staleNotificationId = 'campaign-stale';

/** What the owner may change in each state (D12): an ended campaign only its end condition. */
export const settingsLocks = (c: Campaign) => ({
  all: c.state === 'archived',
  exceptEndCondition: c.state === 'ended' || c.state === 'archived',
});

/**
 * The settings screen's form logic: values from the campaign, field checks, the PUT with the
 * `updatedAt` the form was filled from (D3 stale detection), and what a refusal means.
 */
export const useCampaignSettingsForm = (campaign: Campaign) => {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const update = useUpdateCampaign();
  const validate = useCampaignValidation();
  // The version the owner's edits are based on; only a reload or a save moves it forward.
  const base = useRef(campaign);
  const form = useForm<CampaignFormValues>({
    initialValues: campaignToValues(campaign),
    validate,
    validateInputOnChange: true,
  });

  const resetTo = (c: Campaign) => {
    base.current = c;
    form.setInitialValues(campaignToValues(c));
    form.setValues(campaignToValues(c));
    form.resetDirty(campaignToValues(c));
    form.clearErrors();
  };

  // The campaign changed elsewhere in the console (a start, a question edit) while nothing here
  // was edited: follow it, so the next save carries the fresh updatedAt.
  const dirty = form.isDirty();
  // biome-ignore lint/correctness/useExhaustiveDependencies: resetTo only touches the form and the ref.
  useEffect(() => {
    if (campaign.updatedAt !== base.current.updatedAt && !dirty) resetTo(campaign);
  }, [campaign, dirty]);

  const reload = async () => {
    notifications.hide(staleNotificationId);
    const fresh = await queryClient.fetchQuery({
      queryKey: campaignQueryKeys.detail(campaign._id),
      queryFn: ({ signal }) => getCampaign(campaign._id, signal),
      staleTime: 0,
    });
    resetTo(fresh);
  };

  const save = form.onSubmit((values) =>
    update.mutate(
      { id: campaign._id, body: { ...valuesToInput(values), updatedAt: base.current.updatedAt } },
      {
        onSuccess: (saved) => {
          resetTo(saved);
          notifySuccess({
            title: t('campaigns.settings.savedTitle'),
            message: t('campaigns.settings.savedText'),
          });
        },
        onError: (error) => {
          if (isApiError(error) && error.code === 'conflict/stale') {
            notifyError({
              id: staleNotificationId,
              title: t('campaigns.settings.staleTitle'),
              message: createElement(StaleMessage, {
                onReload: () => void reload(),
                text: t('campaigns.settings.staleText'),
                reloadLabel: t('campaigns.settings.reload'),
              }),
            });
            return;
          }
          const field = isApiError(error) ? error.field?.split('.')[0] : undefined;
          if (field && field in values) form.setFieldError(field, apiErrorMessage(error));
          notifyError({ title: t('campaigns.settings.failedTitle'), message: apiErrorMessage(error) });
        },
      },
    ),
  );

  const upload = (png: Blob, onProgress: (fraction: number) => void) =>
    uploadCampaignImage(campaign._id, png, onProgress);

  return { form, save, saving: update.isPending, dirty, reload, upload, locks: settingsLocks(campaign) };
};
