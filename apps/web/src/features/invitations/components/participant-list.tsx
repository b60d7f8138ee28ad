import { EmptyState, Group, NativeSelect, Stack, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import {
  type Campaign,
  type InvitationState,
  invitationStateSchema,
  type Participant,
} from '@parley/contract';
import { IconMailForward, IconSearch, IconUserMinus, IconUsers } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { GuardedButton } from '@/components/guarded-button';
import { InvitationStateBadge } from '@/components/invitation-state-badge';
import { PagedTable } from '@/components/paged-table';
import type { ResponsiveColumn } from '@/components/responsive-table';
import { notifySuccess } from '@/lib/notifications';
import { useDateFormat } from '@/lib/use-date-format';
import { useParticipants } from '../api/get-participants';
import { useResendInvitation, useWithdrawInvitation } from '../api/participant-mutations';

export const participantPageSize = 20;
const searchDelayMs = 300;
const states = invitationStateSchema.options;

/** An invitation that went out and is not answered (nor unsubscribed) can be sent again; a failed one too. */
const canResend = (p: Participant) =>
  p.invitation !== null && (p.state === 'sent' || p.state === 'opened' || p.state === 'failed');
/** An invitation can be withdrawn until it is answered. */
const canWithdraw = (p: Participant) => p.invitation !== null && p.state !== 'answered';

const nameOf = (p: Participant) => [p.firstname, p.lastname].filter(Boolean).join(' ');

/** The last thing that happened to an invitation, for the "last activity" column. */
const lastActivity = (p: Participant) => {
  const i = p.invitation;
  return i ? (i.answeredAt ?? i.openedAt ?? i.failedAt ?? i.sentAt ?? i.createdAt) : null;
};

/**
 * A campaign's participants, paged by the server: each invitation's state (a failed one with the
 * mail server's reason), its reminders, and per row re-send and withdraw.
 */
export const ParticipantList = ({
  campaign,
  lockReason,
  lockReasonId,
  lists,
}: {
  campaign: Campaign;
  /** A group campaign's linked lists: the participants can be filtered by one. */
  lists?: readonly { _id: string; name: string }[];
  /** Why invitations cannot change now (draft, ended or archived campaign); null when they can. */
  lockReason: string | null;
  lockReasonId: string;
}) => {
  const { t } = useTranslation();
  const { formatDateTime } = useDateFormat();
  const [page, setPage] = useState(1);
  const [state, setState] = useState<InvitationState | ''>('');
  const [listId, setListId] = useState('');
  // A list unlinked meanwhile no longer filters.
  const contactListId = lists?.some((l) => l._id === listId) ? listId : '';
  const [searchInput, setSearchInput] = useState('');
  const [search] = useDebouncedValue(searchInput.trim(), searchDelayMs);
  // A new search or filter starts again at page 1.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the page follows the filters, nothing else.
  useEffect(() => setPage(1), [search, state, contactListId]);
  const { data, isPending, isFetching, isError, refetch } = useParticipants(campaign._id, {
    page,
    limit: participantPageSize,
    ...(search ? { search } : {}),
    ...(state ? { 'states[]': [state] } : {}),
    ...(contactListId ? { contactListId } : {}),
  });
  const resend = useResendInvitation();
  const withdraw = useWithdrawInvitation();
  const [withdrawing, setWithdrawing] = useState<Participant | null>(null);
  const total = data?.total ?? 0;
  const filtered = search !== '' || state !== '' || contactListId !== '';

  const resendTo = (p: Participant) =>
    resend.mutate(
      { campaignId: campaign._id, contactId: p._id },
      {
        onSuccess: () =>
          notifySuccess({
            title: t('participants.resend.doneTitle'),
            message: t('participants.resend.doneText', { email: p.email }),
          }),
      },
    );

  const confirmWithdraw = () => {
    if (!withdrawing) return;
    const p = withdrawing;
    withdraw.mutate(
      { campaignId: campaign._id, contactId: p._id },
      {
        onSuccess: () => {
          setWithdrawing(null);
          notifySuccess({
            title: t('participants.withdraw.doneTitle'),
            message: t('participants.withdraw.doneText', { email: p.email }),
          });
        },
      },
    );
  };

  const columns: ResponsiveColumn<Participant>[] = [
    {
      key: 'participant',
      header: t('participants.columns.participant'),
      primary: true,
      cell: (p) => {
        const name = nameOf(p);
        return (
          <Stack gap={0}>
            <Text fw={500} style={{ overflowWrap: 'anywhere' }}>
              {name || p.email}
            </Text>
            {name ? (
              <Text fz="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                {p.email}
              </Text>
            ) : null}
          </Stack>
        );
      },
    },
    {
      key: 'state',
      header: t('participants.columns.state'),
      cell: (p) => (
        <Stack gap={2} align="flex-start">
          <InvitationStateBadge state={p.state} error={p.invitation?.error} />
          {p.state === 'failed' && p.invitation?.error ? (
            <Text fz="xs" c="red" style={{ overflowWrap: 'anywhere' }}>
              {p.invitation.error}
            </Text>
          ) : null}
          {p.invitation === null ? (
            <Text fz="xs" c="dimmed">
              {t('participants.openLink')}
            </Text>
          ) : null}
        </Stack>
      ),
    },
    {
      key: 'reminders',
      header: t('participants.columns.reminders'),
      cell: (p) => <Text fz="sm">{p.invitation ? p.invitation.reminderCount : '—'}</Text>,
    },
    {
      key: 'activity',
      header: t('participants.columns.activity'),
      cell: (p) => {
        const at = lastActivity(p);
        return <Text fz="sm">{at ? formatDateTime(at) : '—'}</Text>;
      },
    },
    {
      key: 'actions',
      header: t('participants.columns.actions'),
      cell: (p) =>
        canResend(p) || canWithdraw(p) ? (
          <Group gap="xs">
            {canResend(p) ? (
              <GuardedButton
                size="xs"
                variant="light"
                leftSection={<IconMailForward size={14} aria-hidden />}
                aria-label={t('participants.resend.label', { email: p.email })}
                reason={lockReason}
                reasonId={lockReasonId}
                loading={resend.isPending && resend.variables?.contactId === p._id}
                onClick={() => resendTo(p)}
              >
                {t('participants.resend.button')}
              </GuardedButton>
            ) : null}
            {canWithdraw(p) ? (
              <GuardedButton
                size="xs"
                variant="subtle"
                color="red"
                leftSection={<IconUserMinus size={14} aria-hidden />}
                aria-label={t('participants.withdraw.label', { email: p.email })}
                reason={lockReason}
                reasonId={lockReasonId}
                onClick={() => setWithdrawing(p)}
              >
                {t('participants.withdraw.button')}
              </GuardedButton>
            ) : null}
          </Group>
        ) : (
          <Text fz="sm">—</Text>
        ),
    },
  ];

  return (
    <Stack gap="sm">
      <Group gap="sm" align="flex-end" wrap="wrap">
        <TextInput
          label={t('participants.search')}
          placeholder={t('participants.searchPlaceholder')}
          leftSection={<IconSearch size={16} aria-hidden />}
          value={searchInput}
          onChange={(e) => setSearchInput(e.currentTarget.value)}
          miw={240}
        />
        <NativeSelect
          label={t('participants.stateFilter')}
          data={[
            { value: '', label: t('participants.allStates') },
            ...states.map((s) => ({ value: s, label: t(`participants.states.${s}`) })),
          ]}
          value={state}
          onChange={(e) => setState(states.find((s) => s === e.currentTarget.value) ?? '')}
          w={220}
        />
        {lists && lists.length > 0 ? (
          <NativeSelect
            label={t('contactLists.filter.label')}
            data={[
              { value: '', label: t('contactLists.filter.all') },
              ...lists.map((l) => ({ value: l._id, label: l.name })),
            ]}
            value={contactListId}
            onChange={(e) => setListId(e.currentTarget.value)}
            w={220}
          />
        ) : null}
      </Group>
      <PagedTable
        columns={columns}
        rows={data?.documents}
        rowKey={(p) => p._id}
        label={t('participants.label')}
        page={page}
        pageSize={participantPageSize}
        total={total}
        onPageChange={setPage}
        loading={isPending}
        busy={isFetching}
        failed={isError ? { onRetry: () => void refetch() } : undefined}
        totalLabel={t('participants.total', { count: total })}
        empty={
          <EmptyState
            icon={<IconUsers size={28} aria-hidden />}
            title={filtered ? t('participants.noMatchTitle') : t('participants.emptyTitle')}
            description={filtered ? t('participants.noMatchText') : t('participants.emptyText')}
          />
        }
      />
      <ConfirmDialog
        opened={withdrawing !== null}
        title={t('participants.withdraw.title')}
        confirmLabel={t('participants.withdraw.confirm')}
        color="red"
        focus="cancel"
        loading={withdraw.isPending}
        onConfirm={confirmWithdraw}
        onClose={() => setWithdrawing(null)}
      >
        <Text>{t('participants.withdraw.text', { email: withdrawing?.email ?? '' })}</Text>
      </ConfirmDialog>
    </Stack>
  );
};
