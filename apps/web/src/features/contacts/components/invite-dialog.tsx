import { Modal, Stack, TagsInput, Text, Textarea } from '@mantine/core';
import {
  contactInviteMax,
  formatMailbox,
  type InviteReport,
  parseAddressList,
  tagLimits,
} from '@parley/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCheckedFor } from '@/components/check-and-send';
import { InviteCheckAndSend } from '@/components/invite-report';
import { RunningCampaignsField } from '@/components/running-campaigns-field';
import { useRunningCampaigns } from '@/lib/campaign-names';
import { contactErrorMessage } from '@/lib/contact-messages';
import { notifyError, notifySuccess } from '@/lib/notifications';
import { contactQueryKeys } from '../api/contact-query-keys';
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
        : target.kind === 'matching'
          ? t('contacts.invite.contactsTitle', { count: target.count })
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
  const [attempted, setAttempted] = useState(false);
  const mutation = useMutation({
    mutationFn: invite,
    meta: { errorNotification: false },
    onError: (error) =>
      notifyError({ title: t('contacts.invite.failed'), message: contactErrorMessage(error) }),
  });

  // Pasted text as mail programs copy it (docs/product-decisions.md, "Invitations"): each address is
  // sent with its name (`"Name" <address>`), each piece that is none as it is, for the server's report.
  const pasted = useMemo(
    () => (target.kind === 'addresses' ? parseAddressList(text) : null),
    [target.kind, text],
  );
  const emails = pasted
    ? [...pasted.addresses.map(formatMailbox), ...pasted.invalid]
    : target.kind === 'contacts'
      ? target.emails
      : [];
  const withTags = target.kind !== 'temp';
  const tooMany = target.kind !== 'temp' && emails.length > contactInviteMax;
  const checked = useCheckedFor<InviteReport>(JSON.stringify({ emails, campaignIds, tags }));
  const report = checked.result;

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
  const ready = emails.length > 0 || target.kind === 'temp' || target.kind === 'matching';

  const input = (callForCheck: boolean) => ({ target, emails, campaignIds, tags, callForCheck });

  const check = () => {
    setAttempted(true);
    if (!ready || tooMany || campaignIds.length === 0) return;
    mutation.mutate(input(true), { onSuccess: (r) => checked.keep(r) });
  };

  const send = () => {
    if (!report) return;
    mutation.mutate(input(false), {
      onSuccess: async (done) => {
        notifySuccess({
          title: t('contacts.invite.sentTitle'),
          message: [
            // By filter, jobs make the invitations within moments of the answer (docs/product-decisions.md, "Contacts").
            target.kind === 'matching'
              ? t('contacts.invite.matchingSentText', {
                  count: done.invitations,
                  known: done.existingContacts,
                })
              : t('contacts.invite.sentText', {
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
            {t('contacts.invite.addressCount', {
              count: pasted?.addresses.length ?? 0,
              max: contactInviteMax,
            })}
            {pasted && pasted.invalid.length > 0 ? (
              <Text component="span" c="red" display="block">
                {t('contacts.invite.notAddresses', {
                  count: pasted.invalid.length,
                  pieces: `${pasted.invalid.slice(0, 5).join(', ')}${pasted.invalid.length > 5 ? ', …' : ''}`,
                })}
              </Text>
            ) : null}
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
      ) : target.kind === 'matching' ? (
        <Text>{t('contacts.invite.matchingText', { count: target.count })}</Text>
      ) : (
        <Text>{t('contacts.invite.tempText', { count: target.ids.length })}</Text>
      )}

      {campaign ? (
        <Text>{t('contacts.invite.toCampaign', { title: campaign.title })}</Text>
      ) : (
        <RunningCampaignsField
          campaigns={running.data?.documents}
          loading={running.isPending}
          noneRunning={noneRunning}
          noneRunningText={t('contacts.invite.noneRunning')}
          label={t('contacts.invite.campaigns')}
          description={t('contacts.invite.campaignsHint')}
          placeholder={t('contacts.invite.campaignsPlaceholder')}
          nothingFound={t('contacts.invite.noCampaignFound')}
          value={campaignIds}
          onChange={setCampaignIds}
          error={campaignsError}
        />
      )}

      {withTags ? (
        <TagsInput
          label={t('contacts.invite.tags')}
          description={t('contacts.invite.tagsHint')}
          value={tags}
          onChange={(next) =>
            setTags(next.map((tag) => tag.trim().slice(0, tagLimits.tagMax)).filter(Boolean))
          }
          maxTags={tagLimits.tagsPerCall}
          clearable
        />
      ) : null}

      <InviteCheckAndSend
        checked={checked}
        call={mutation}
        withTags={withTags && tags.length > 0}
        onCancel={onClose}
        onCheck={check}
        checkDisabled={noneRunning || tooMany}
        onSend={send}
      />
    </Stack>
  );
};
