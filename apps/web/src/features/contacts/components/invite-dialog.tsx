import {
  Alert,
  Button,
  Group,
  Modal,
  MultiSelect,
  Stack,
  TagsInput,
  Text,
  Textarea,
  VisuallyHidden,
} from '@mantine/core';
import { contactInviteMax, type InviteReport, splitAddresses } from '@parley/contract';
import { IconInfoCircle, IconListCheck, IconSend } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { InviteReportView } from '@/components/invite-report';
import { contactErrorMessage } from '@/lib/contact-messages';
import { notifyError, notifySuccess } from '@/lib/notifications';
import { contactQueryKeys } from '../api/contact-query-keys';
import { useRunningCampaigns } from '../api/get-running-campaigns';
import { type InviteTarget, invite } from '../api/invite';

type InviteDialogProps = {
  opened: boolean;
  onClose: () => void;
  target: InviteTarget;
  /** Invite to this campaign only (the campaign's participants tab): no choice of campaigns. */
  campaign?: { _id: string; title: string };
  /** Once the invitations were sent: the caller refreshes what it shows. */
  onInvited?: (report: InviteReport) => void;
};

/** At most this many tags per call (the contract's limit). */
const tagsMax = 50;
const tagMax = 50;

/**
 * D16's two steps: "Check" asks the server what the call would do (new and known contacts, the
 * invitations per campaign, every address it cannot take and why) and changes nothing; "Send
 * invitations" makes the very same call for real. Any change after the check asks for a new one.
 */
export const InviteDialog = ({ opened, onClose, target, campaign, onInvited }: InviteDialogProps) => {
  const { t } = useTranslation();
  const title =
    target.kind === 'addresses'
      ? t('contacts.invite.title')
      : target.kind === 'contacts'
        ? t('contacts.invite.contactsTitle', { count: target.emails.length })
        : t('contacts.invite.tempTitle', { count: target.ids.length });
  return (
    <Modal opened={opened} onClose={onClose} title={title} size="lg">
      {/* Mounted while open only, so every opening starts afresh. */}
      <InviteForm target={target} campaign={campaign} onClose={onClose} onInvited={onInvited} />
    </Modal>
  );
};

const InviteForm = ({ target, campaign, onClose, onInvited }: Omit<InviteDialogProps, 'opened'>) => {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const running = useRunningCampaigns();
  const [text, setText] = useState('');
  const [campaignIds, setCampaignIds] = useState<string[]>(campaign ? [campaign._id] : []);
  const [tags, setTags] = useState<string[]>([]);
  const [checked, setChecked] = useState<{ report: InviteReport; key: string } | null>(null);
  const [attempted, setAttempted] = useState(false);
  const mutation = useMutation({
    mutationFn: invite,
    meta: { errorNotification: false },
    onError: (error) =>
      notifyError({ title: t('contacts.invite.failed'), message: contactErrorMessage(error) }),
  });

  const emails =
    target.kind === 'addresses' ? splitAddresses(text) : target.kind === 'contacts' ? target.emails : [];
  const withTags = target.kind !== 'temp';
  const tooMany = target.kind !== 'temp' && emails.length > contactInviteMax;
  const key = JSON.stringify({ emails, campaignIds, tags });
  const report = checked?.key === key ? checked.report : null;
  const outdated = checked !== null && report === null;

  const addressesError =
    target.kind !== 'addresses'
      ? null
      : tooMany
        ? t('contacts.invite.tooMany', { count: emails.length, max: contactInviteMax })
        : attempted && emails.length === 0
          ? t('contacts.invite.noAddresses')
          : null;
  const campaignsError = attempted && campaignIds.length === 0 ? t('contacts.invite.noCampaign') : null;
  const noneRunning = !campaign && running.data?.documents.length === 0;
  const ready = emails.length > 0 || target.kind === 'temp';

  const input = (callForCheck: boolean) => ({ target, emails, campaignIds, tags, callForCheck });

  const check = () => {
    setAttempted(true);
    if (!ready || tooMany || campaignIds.length === 0) return;
    mutation.mutate(input(true), { onSuccess: (r) => setChecked({ report: r, key }) });
  };

  const send = () => {
    if (!report) return;
    mutation.mutate(input(false), {
      onSuccess: async (done) => {
        notifySuccess({
          title: t('contacts.invite.sentTitle'),
          message: [
            t('contacts.invite.sentText', {
              count: done.invitations,
              fresh: done.newContacts,
              known: done.existingContacts,
            }),
            done.problems.length > 0 ? t('contacts.invite.skipped', { count: done.problems.length }) : '',
          ]
            .filter(Boolean)
            .join(' '),
        });
        onInvited?.(done);
        onClose();
        await queryClient.invalidateQueries({ queryKey: contactQueryKeys.all });
      },
    });
  };

  const campaignOptions = (running.data?.documents ?? []).map((c) => ({ value: c._id, label: c.title }));

  return (
    <Stack gap="md">
      {target.kind === 'addresses' ? (
        <>
          <Textarea
            label={t('contacts.invite.addresses')}
            description={t('contacts.invite.addressesHint', { max: contactInviteMax })}
            placeholder={t('contacts.invite.addressesPlaceholder')}
            autosize
            minRows={5}
            maxRows={12}
            value={text}
            onChange={(e) => setText(e.currentTarget.value)}
            error={addressesError}
            data-autofocus
          />
          <Text fz="sm" c={tooMany ? 'red' : 'dimmed'} role="status">
            {t('contacts.invite.addressCount', { count: emails.length, max: contactInviteMax })}
          </Text>
        </>
      ) : target.kind === 'contacts' ? (
        <Text>
          {t('contacts.invite.contactsText', { count: emails.length })}
          {tooMany ? (
            <Text component="span" c="red" display="block">
              {t('contacts.invite.tooMany', { count: emails.length, max: contactInviteMax })}
            </Text>
          ) : null}
        </Text>
      ) : (
        <Text>{t('contacts.invite.tempText', { count: target.ids.length })}</Text>
      )}

      {campaign ? (
        <Text>{t('contacts.invite.toCampaign', { title: campaign.title })}</Text>
      ) : noneRunning ? (
        <Alert role="note" color="yellow" variant="light" icon={<IconInfoCircle size={18} aria-hidden />}>
          {t('contacts.invite.noneRunning')}
        </Alert>
      ) : (
        <MultiSelect
          label={t('contacts.invite.campaigns')}
          description={t('contacts.invite.campaignsHint')}
          placeholder={running.isPending ? t('common.loading') : t('contacts.invite.campaignsPlaceholder')}
          data={campaignOptions}
          value={campaignIds}
          onChange={setCampaignIds}
          searchable
          clearable
          nothingFoundMessage={t('contacts.invite.noCampaignFound')}
          error={campaignsError}
          disabled={running.isPending}
        />
      )}

      {withTags ? (
        <TagsInput
          label={t('contacts.invite.tags')}
          description={t('contacts.invite.tagsHint')}
          value={tags}
          onChange={(next) => setTags(next.map((tag) => tag.trim().slice(0, tagMax)).filter(Boolean))}
          maxTags={tagsMax}
          clearable
        />
      ) : null}

      <VisuallyHidden role="status">
        {report
          ? t('contacts.invite.checkedStatus', {
              count: report.invitations,
              problems: report.problems.length,
            })
          : ''}
      </VisuallyHidden>
      {report ? <InviteReportView report={report} withTags={withTags && tags.length > 0} /> : null}
      {outdated ? (
        <Text fz="sm" c="dimmed">
          {t('contacts.invite.outdated')}
        </Text>
      ) : null}
      {report && report.invitations === 0 ? <Text fz="sm">{t('contacts.invite.nothingToSend')}</Text> : null}

      <Group justify="flex-end">
        <Button variant="default" onClick={onClose} disabled={mutation.isPending}>
          {t('components.confirm.cancel')}
        </Button>
        <Button
          variant={report ? 'default' : 'filled'}
          leftSection={<IconListCheck size={16} aria-hidden />}
          onClick={check}
          loading={mutation.isPending && mutation.variables?.callForCheck === true}
          disabled={noneRunning || tooMany}
        >
          {t('contacts.invite.check')}
        </Button>
        <Button
          leftSection={<IconSend size={16} aria-hidden />}
          onClick={send}
          loading={mutation.isPending && mutation.variables?.callForCheck === false}
          disabled={!report || report.invitations === 0}
        >
          {t('contacts.invite.send')}
        </Button>
      </Group>
    </Stack>
  );
};
