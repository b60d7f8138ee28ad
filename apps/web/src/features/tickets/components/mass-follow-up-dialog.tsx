import { Alert, Button, Divider, Group, Modal, Radio, Stack, Text, Textarea } from '@mantine/core';
import type { TicketListItem } from '@parley/contract';
import { IconInfoCircle, IconSend } from '@tabler/icons-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { GuardedButton } from '@/components/guarded-button';
import { TemplatePicker } from '@/components/template-picker';
import { FollowUpNotifySwitch } from './follow-up-notify-switch';
import { FollowUpPreview } from './follow-up-preview';
import { FollowUpProgress } from './follow-up-progress';
import { FollowUpSubjectField } from './mass-follow-up-subject';
import { RecentFollowUps } from './recent-follow-ups';
import { type FollowUpCampaign, followUpPreviewMax, useFollowUpForm } from './use-follow-up-form';

/**
 * The mass follow-up (D14): one comment to the chosen tickets or to every open ticket of the
 * campaign, previewed as each participant gets it, confirmed with the number of tickets, then
 * followed until it has been posted everywhere.
 */
export const MassFollowUpDialog = ({
  opened,
  onClose,
  campaign,
  selected,
  onSent,
}: {
  opened: boolean;
  onClose: () => void;
  campaign: FollowUpCampaign;
  /** The tickets chosen in the list (none: the dialog offers every open ticket only). */
  selected: readonly TicketListItem[];
  /** The follow-up was accepted (e.g. to clear the list's choice). */
  onSent: () => void;
}) => {
  const { t } = useTranslation();
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={t('tickets.followUp.title', { campaign: campaign.title })}
      size="lg"
    >
      {opened ? (
        <FollowUpContent campaign={campaign} selected={selected} onClose={onClose} onSent={onSent} />
      ) : null}
    </Modal>
  );
};

type Form = ReturnType<typeof useFollowUpForm>;

const FollowUpContent = ({
  campaign,
  selected,
  onClose,
  onSent,
}: {
  campaign: FollowUpCampaign;
  selected: readonly TicketListItem[];
  onClose: () => void;
  onSent: () => void;
}) => {
  const { t } = useTranslation();
  const form = useFollowUpForm({ campaign, selected, onSent });
  const { count } = form;

  if (form.started) {
    return <FollowUpProgress campaignId={campaign._id} initial={form.started} onClose={onClose} />;
  }
  if (form.confirming && count !== undefined) return <FollowUpConfirm form={form} count={count} />;

  return (
    <Stack gap="md">
      {form.canComment ? null : (
        <Alert role="note" color="yellow" variant="light" icon={<IconInfoCircle size={18} aria-hidden />}>
          {t('tickets.followUp.noComments')}
        </Alert>
      )}
      <ScopeChoice form={form} />
      <FollowUpText form={form} language={campaign.language} />
      <FollowUpPreview
        text={form.text}
        recipients={form.recipients.slice(0, followUpPreviewMax)}
        count={count}
        loading={form.scope === 'all' && form.open.isPending}
        values={{ campaignTitle: campaign.title, manufacturerName: form.owner?.manufacturer.name ?? null }}
      />
      <FollowUpNotifySwitch notify={form.notify} onChange={form.setNotify} canSilent={form.canSilent} />
      {form.notify ? (
        <FollowUpSubjectField value={form.subject} onChange={form.setSubject} submitted={form.submitted} />
      ) : null}
      <Group justify="flex-end">
        <Button variant="default" onClick={onClose}>
          {t('components.confirm.cancel')}
        </Button>
        <GuardedButton
          reason={form.sendReason}
          leftSection={<IconSend size={16} aria-hidden />}
          onClick={form.review}
          disabled={count === undefined && !form.sendReason}
        >
          {t('tickets.followUp.review')}
        </GuardedButton>
      </Group>
      <Divider />
      <RecentFollowUps campaignId={campaign._id} />
    </Stack>
  );
};

/** The chosen tickets, or every open ticket of the campaign. */
const ScopeChoice = ({ form }: { form: Form }) => {
  const { t } = useTranslation();
  const { chosen, open } = form;
  return (
    <Radio.Group
      label={t('tickets.followUp.scope')}
      value={form.scope}
      onChange={(value) => form.setScope(value === 'selected' ? 'selected' : 'all')}
    >
      <Stack gap="xs" mt="xs">
        <Radio
          value="selected"
          label={t('tickets.followUp.scopeSelected', { count: chosen.length })}
          disabled={chosen.length === 0}
          description={chosen.length === 0 ? t('tickets.followUp.scopeSelectedHint') : undefined}
        />
        <Radio
          value="all"
          label={
            open.data
              ? t('tickets.followUp.scopeAll', { count: open.data.total })
              : t('tickets.followUp.scopeAllLoading')
          }
        />
      </Stack>
    </Radio.Group>
  );
};

/** The comment's text, with a template picker that inserts at the caret. */
const FollowUpText = ({ form, language }: { form: Form; language: FollowUpCampaign['language'] }) => {
  const { t } = useTranslation();
  const textId = useId();
  return (
    <Stack gap={6}>
      <Group justify="space-between" align="flex-end">
        <Text component="label" htmlFor={textId} fw={500} fz="sm">
          {t('tickets.followUp.text')}
        </Text>
        <TemplatePicker onInsert={form.insert} language={language} />
      </Group>
      <Textarea
        id={textId}
        ref={form.textarea}
        description={t('tickets.followUp.textHint', { example: '{{contact.firstname|there}}' })}
        value={form.text}
        onChange={(e) => form.setText(e.currentTarget.value)}
        error={form.textError}
        autosize
        minRows={4}
        maxRows={12}
        required
        data-autofocus
      />
    </Stack>
  );
};

/** The last step: how many tickets get it, and whether it is mailed. */
const FollowUpConfirm = ({ form, count }: { form: Form; count: number }) => {
  const { t } = useTranslation();
  return (
    <Stack gap="md">
      <Text fw={500}>{t('tickets.followUp.confirm', { count })}</Text>
      <Text fz="sm">
        {form.notify ? t('tickets.followUp.confirmMailed') : t('tickets.followUp.confirmSilent')}
      </Text>
      <Group justify="flex-end">
        <Button variant="default" onClick={form.cancelConfirm} disabled={form.sending}>
          {t('tickets.followUp.back')}
        </Button>
        <Button
          leftSection={<IconSend size={16} aria-hidden />}
          onClick={form.send}
          loading={form.sending}
          data-autofocus
        >
          {t('tickets.followUp.send', { count })}
        </Button>
      </Group>
    </Stack>
  );
};
