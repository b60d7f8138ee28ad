import { Badge, Button, EmptyState, Group, NativeSelect, Stack, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import type { TempContact } from '@parley/contract';
import {
  IconMailForward,
  IconSearch,
  IconSend,
  IconTrash,
  IconUserPlus,
  IconUsers,
} from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { InvitationStateBadge } from '@/components/invitation-state-badge';
import { PagedTable } from '@/components/paged-table';
import type { ResponsiveColumn } from '@/components/responsive-table';
import { BulkActionsBar, selectionColumn, useRowSelection } from '@/components/row-selection';
import { notifyInfo, notifySuccess } from '@/lib/notifications';
import { useDateFormat } from '@/lib/use-date-format';
import { useContactFilterData } from '../api/get-contact-filter-data';
import { useDeleteTempContacts, useReinviteTempContact, useTempContacts } from '../api/temp-contacts';
import { InviteDialog } from './invite-dialog';

export const tempListPageSize = 20;
const searchDelayMs = 300;

/** Who is asked to delete: the chosen rows, or one row's own button. */
type Deleting = { ids: string[]; email?: string } | null;

/**
 * GET /contact/temp: invited addresses that have not answered yet, each invitation with its state;
 * re-send, delete, and invite them to more campaigns, one at a time or chosen together.
 */
export const TempContactList = ({ onInvite }: { onInvite: () => void }) => {
  const { t } = useTranslation();
  const { formatDate } = useDateFormat();
  const [page, setPage] = useState(1);
  const [campaignId, setCampaignId] = useState('');
  const [searchInput, setSearchInput] = useState('');
  const [search] = useDebouncedValue(searchInput.trim(), searchDelayMs);
  // A new search or filter starts again at page 1.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the page follows the filters, nothing else.
  useEffect(() => setPage(1), [search, campaignId]);
  const { data, isPending, isFetching, isError, refetch } = useTempContacts({
    page,
    limit: tempListPageSize,
    ...(search ? { search } : {}),
    ...(campaignId ? { campaignId } : {}),
  });
  const filterData = useContactFilterData();
  const selection = useRowSelection<TempContact>((c) => c._id);
  const reinvite = useReinviteTempContact();
  const remove = useDeleteTempContacts();
  const [deleting, setDeleting] = useState<Deleting>(null);
  const [inviting, setInviting] = useState(false);
  const total = data?.total ?? 0;
  const filtered = search !== '' || campaignId !== '';

  const resend = (contact: TempContact) =>
    reinvite.mutate(contact.email, {
      onSuccess: ({ resent }) =>
        resent > 0
          ? notifySuccess({
              title: t('contacts.temp.resentTitle'),
              message: t('contacts.temp.resentText', { count: resent, email: contact.email }),
            })
          : notifyInfo({ title: t('contacts.temp.resentTitle'), message: t('contacts.temp.nothingResent') }),
    });

  const confirmDelete = () => {
    if (!deleting) return;
    const { ids } = deleting;
    remove.mutate(ids, {
      onSuccess: () => {
        setDeleting(null);
        selection.change(
          selection.rows.filter((r) => ids.includes(r._id)),
          false,
        );
        notifySuccess({
          title: t('contacts.delete.doneTitle'),
          message: t('contacts.temp.deleted', { count: ids.length }),
        });
      },
    });
  };

  const columns: ResponsiveColumn<TempContact>[] = [
    selectionColumn({
      selection,
      rows: data?.documents,
      rowLabel: (c) => t('contacts.list.select', { name: c.email }),
      pageLabel: t('contacts.list.selectPage'),
      cardLabel: t('contacts.list.selected'),
    }),
    {
      key: 'email',
      header: t('contacts.temp.columns.email'),
      primary: true,
      cell: (c) => (
        <Stack gap={2} align="flex-start">
          <Text fw={500} style={{ overflowWrap: 'anywhere' }}>
            {c.email}
          </Text>
          {c.unsubscribed ? (
            <Badge color="orange" variant="light" size="sm">
              {t('contacts.unsubscribed')}
            </Badge>
          ) : null}
        </Stack>
      ),
    },
    {
      key: 'invitations',
      header: t('contacts.temp.columns.invitations'),
      cell: (c) =>
        c.invitations.length === 0 ? (
          <Text fz="sm">{t('contacts.temp.noInvitations')}</Text>
        ) : (
          <Stack gap={6} component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
            {c.invitations.map((i) => (
              <li key={i.campaignId}>
                <Group gap={6} wrap="wrap">
                  <Text fz="sm">{i.campaignTitle}</Text>
                  <InvitationStateBadge state={i.state} error={i.error} />
                  {i.reminderCount > 0 ? (
                    <Text fz="xs" c="dimmed">
                      {t('participants.reminders', { count: i.reminderCount })}
                    </Text>
                  ) : null}
                </Group>
                {i.state === 'failed' && i.error ? (
                  <Text fz="xs" c="red">
                    {i.error}
                  </Text>
                ) : null}
              </li>
            ))}
          </Stack>
        ),
    },
    {
      key: 'created',
      header: t('contacts.temp.columns.created'),
      cell: (c) => <Text fz="sm">{formatDate(c.createdAt)}</Text>,
    },
    {
      key: 'actions',
      header: t('contacts.temp.columns.actions'),
      cell: (c) => (
        <Group gap="xs">
          <Button
            size="xs"
            variant="light"
            leftSection={<IconMailForward size={14} aria-hidden />}
            aria-label={t('contacts.temp.resendFor', { email: c.email })}
            disabled={c.unsubscribed}
            loading={reinvite.isPending && reinvite.variables === c.email}
            onClick={() => resend(c)}
          >
            {t('contacts.temp.resend')}
          </Button>
          <Button
            size="xs"
            variant="subtle"
            color="red"
            leftSection={<IconTrash size={14} aria-hidden />}
            aria-label={t('contacts.temp.deleteFor', { email: c.email })}
            onClick={() => setDeleting({ ids: [c._id], email: c.email })}
          >
            {t('contacts.temp.delete')}
          </Button>
        </Group>
      ),
    },
  ];

  return (
    <Stack gap="md">
      <Text c="dimmed">{t('contacts.temp.description')}</Text>
      <Group gap="sm" align="flex-end" wrap="wrap">
        <TextInput
          label={t('contacts.list.search')}
          placeholder={t('contacts.temp.searchPlaceholder')}
          leftSection={<IconSearch size={16} aria-hidden />}
          value={searchInput}
          onChange={(e) => setSearchInput(e.currentTarget.value)}
          miw={240}
        />
        <NativeSelect
          label={t('contacts.list.campaignFilter')}
          data={[
            { value: '', label: t('contacts.list.anyCampaign') },
            ...(filterData.data?.campaigns ?? []).map((c) => ({ value: c._id, label: c.title })),
          ]}
          value={campaignId}
          onChange={(e) => setCampaignId(e.currentTarget.value)}
          w={220}
        />
      </Group>

      {selection.count > 0 ? (
        <BulkActionsBar
          status={t('contacts.list.selectedCount', { count: selection.count })}
          label={t('contacts.list.bulkActions')}
          clearLabel={t('contacts.list.clearSelection')}
          onClear={selection.clear}
        >
          <Button
            size="xs"
            leftSection={<IconSend size={14} aria-hidden />}
            onClick={() => setInviting(true)}
          >
            {t('contacts.temp.inviteMore')}
          </Button>
          <Button
            size="xs"
            color="red"
            variant="light"
            leftSection={<IconTrash size={14} aria-hidden />}
            onClick={() => setDeleting({ ids: selection.keys })}
          >
            {t('contacts.list.deleteSelected')}
          </Button>
        </BulkActionsBar>
      ) : null}

      <PagedTable
        columns={columns}
        rows={data?.documents}
        rowKey={(c) => c._id}
        label={t('contacts.temp.label')}
        page={page}
        pageSize={tempListPageSize}
        total={total}
        onPageChange={setPage}
        loading={isPending}
        busy={isFetching}
        failed={isError ? { onRetry: () => void refetch() } : undefined}
        totalLabel={t('contacts.temp.total', { count: total })}
        empty={
          <EmptyState
            icon={<IconUsers size={28} aria-hidden />}
            title={filtered ? t('contacts.temp.noMatchTitle') : t('contacts.temp.emptyTitle')}
            description={filtered ? t('contacts.list.noMatchText') : t('contacts.temp.emptyText')}
          >
            {filtered ? null : (
              <Button leftSection={<IconUserPlus size={16} aria-hidden />} onClick={onInvite}>
                {t('contacts.invite.open')}
              </Button>
            )}
          </EmptyState>
        }
      />

      <ConfirmDialog
        opened={deleting !== null}
        title={
          deleting?.email
            ? t('contacts.temp.deleteOneTitle', { email: deleting.email })
            : t('contacts.temp.deleteTitle', { count: deleting?.ids.length ?? 0 })
        }
        confirmLabel={t('contacts.temp.deleteConfirm', { count: deleting?.ids.length ?? 0 })}
        color="red"
        focus="cancel"
        loading={remove.isPending}
        onConfirm={confirmDelete}
        onClose={() => setDeleting(null)}
      >
        <Text>{t('contacts.temp.deleteText', { count: deleting?.ids.length ?? 0 })}</Text>
      </ConfirmDialog>
      <InviteDialog
        opened={inviting}
        onClose={() => setInviting(false)}
        target={{ kind: 'temp', ids: selection.keys }}
        onInvited={selection.clear}
      />
    </Stack>
  );
};
