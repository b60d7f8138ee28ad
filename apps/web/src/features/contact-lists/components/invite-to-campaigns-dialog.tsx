import { Alert, Button, Group, Modal, MultiSelect, Stack, Text, VisuallyHidden } from '@mantine/core';
import type { ContactList, ListInviteReport } from '@parley/contract';
import { IconInfoCircle, IconListCheck, IconSend } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ListInviteReportView } from '@/components/list-invite-report';
import {
  contactListErrorMessage,
  inviteListsToCampaign,
  useInvalidateContactLists,
} from '@/lib/contact-lists';
import { notifyError, notifySuccess } from '@/lib/notifications';
import { useRunningCampaigns } from '../api/get-running-campaigns';

type Props = { opened: boolean; onClose: () => void; list: ContactList };

type Campaign = { _id: string; title: string };
type Outcome = { campaign: Campaign; report: ListInviteReport };
type Sent = ({ ok: true } & Outcome) | { ok: false; campaign: Campaign; error: unknown };

/**
 * "Invite to campaigns": D16's two steps per chosen running campaign. "Check" asks the server
 * what inviting the list would do there (POST /campaign/:id/contactlist with callForCheck) and
 * shows it; "Send invitations" makes the same calls for real. A group campaign keeps the list
 * linked, so contacts who join it later are invited too.
 */
export const InviteToCampaignsDialog = ({ opened, onClose, list }: Props) => {
  const { t } = useTranslation();
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={t('contactLists.invite.title', { name: list.name })}
      size="lg"
    >
      {/* Mounted while open only, so every opening starts afresh. */}
      <InviteForm list={list} onClose={onClose} />
    </Modal>
  );
};

const InviteForm = ({ list, onClose }: Omit<Props, 'opened'>) => {
  const { t } = useTranslation();
  const running = useRunningCampaigns();
  const invalidate = useInvalidateContactLists();
  const [campaignIds, setCampaignIds] = useState<string[]>([]);
  const [checked, setChecked] = useState<{ outcomes: Outcome[]; key: string } | null>(null);
  const [attempted, setAttempted] = useState(false);
  const campaigns = running.data?.documents ?? [];
  const chosen = campaignIds
    .map((id) => campaigns.find((c) => c._id === id))
    .filter((c): c is NonNullable<typeof c> => c !== undefined);
  const key = [...campaignIds].sort().join(',');
  const outcomes = checked?.key === key ? checked.outcomes : null;

  // One call per campaign: every check must succeed before anything is shown; a send goes on for
  // the others when one campaign refuses (it ended meanwhile), and says which.
  const check = useMutation({
    mutationFn: (targets: Campaign[]) =>
      Promise.all(
        targets.map(async (campaign) => ({
          campaign,
          report: await inviteListsToCampaign({
            campaignId: campaign._id,
            listIds: [list._id],
            callForCheck: true,
          }),
        })),
      ),
    meta: { errorNotification: false },
    onError: (error) =>
      notifyError({ title: t('contactLists.invite.checkFailed'), message: contactListErrorMessage(error) }),
  });
  const send = useMutation({
    mutationFn: (targets: Campaign[]) =>
      Promise.all(
        targets.map((campaign) =>
          inviteListsToCampaign({ campaignId: campaign._id, listIds: [list._id], callForCheck: false }).then(
            (report): Sent => ({ ok: true, campaign, report }),
            (error: unknown): Sent => ({ ok: false, campaign, error }),
          ),
        ),
      ),
    meta: { errorNotification: false },
  });

  const noneRunning = running.isSuccess && campaigns.length === 0;
  const campaignsError = attempted && campaignIds.length === 0 ? t('contactLists.invite.noCampaign') : null;

  const runCheck = () => {
    setAttempted(true);
    if (chosen.length === 0) return;
    check.mutate(chosen, { onSuccess: (result) => setChecked({ outcomes: result, key }) });
  };

  const runSend = () => {
    if (!outcomes) return;
    send.mutate(
      outcomes.map((o) => o.campaign),
      {
        onSuccess: async (results) => {
          const done: Outcome[] = [];
          for (const r of results) {
            if (r.ok) {
              done.push(r);
            } else {
              notifyError({
                title: t('contactLists.invite.failed', { title: r.campaign.title }),
                message: contactListErrorMessage(r.error),
              });
            }
          }
          if (done.length > 0) {
            notifySuccess({
              title: t('contactLists.invite.sentTitle'),
              message: done
                .map((o) =>
                  t('contactLists.invite.sentText', { count: o.report.invitations, title: o.campaign.title }),
                )
                .join(' '),
            });
          }
          await invalidate();
          if (done.length === results.length) onClose();
        },
      },
    );
  };

  const invitations = outcomes?.reduce((sum, o) => sum + o.report.invitations, 0) ?? 0;
  const problems = outcomes?.reduce((sum, o) => sum + o.report.problems.length, 0) ?? 0;
  // Linking a group campaign is worth sending even when nobody is invited now (an empty list).
  const worthSending = outcomes?.some((o) => o.report.invitations > 0 || o.report.linked) ?? false;
  const pending = check.isPending || send.isPending;

  return (
    <Stack gap="md">
      <Text>{t('contactLists.invite.text', { count: list.memberCount })}</Text>
      {noneRunning ? (
        <Alert role="note" color="yellow" variant="light" icon={<IconInfoCircle size={18} aria-hidden />}>
          {t('contacts.invite.noneRunning')}
        </Alert>
      ) : (
        <MultiSelect
          label={t('contacts.invite.campaigns')}
          description={t('contactLists.invite.campaignsHint')}
          placeholder={running.isPending ? t('common.loading') : t('contacts.invite.campaignsPlaceholder')}
          data={campaigns.map((c) => ({ value: c._id, label: c.title }))}
          value={campaignIds}
          onChange={setCampaignIds}
          searchable
          clearable
          nothingFoundMessage={t('contacts.invite.noCampaignFound')}
          error={campaignsError}
          disabled={running.isPending}
          data-autofocus
        />
      )}
      <VisuallyHidden role="status">
        {outcomes ? t('contactLists.invite.checkedStatus', { count: invitations, problems }) : ''}
      </VisuallyHidden>
      {outcomes?.map((o) => (
        <ListInviteReportView
          key={o.campaign._id}
          report={o.report}
          title={t('contactLists.invite.reportTitle', { title: o.campaign.title })}
        />
      ))}
      {checked && !outcomes ? (
        <Text fz="sm" c="dimmed">
          {t('contacts.invite.outdated')}
        </Text>
      ) : null}
      {outcomes && !worthSending ? <Text fz="sm">{t('contacts.invite.nothingToSend')}</Text> : null}
      <Group justify="flex-end">
        <Button variant="default" onClick={onClose} disabled={pending}>
          {t('components.confirm.cancel')}
        </Button>
        <Button
          variant={outcomes ? 'default' : 'filled'}
          leftSection={<IconListCheck size={16} aria-hidden />}
          onClick={runCheck}
          loading={check.isPending}
          disabled={noneRunning || send.isPending}
        >
          {t('contacts.invite.check')}
        </Button>
        <Button
          leftSection={<IconSend size={16} aria-hidden />}
          onClick={runSend}
          loading={send.isPending}
          disabled={!outcomes || !worthSending || check.isPending}
        >
          {t('contacts.invite.send')}
        </Button>
      </Group>
    </Stack>
  );
};
