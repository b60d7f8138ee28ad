import { Badge, Button, EmptyState, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { type Contact, type ContactList, contactListIdsMax } from '@parley/contract';
import { IconSearch, IconUserPlus, IconUsers } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PagedTable } from '@/components/paged-table';
import type { ResponsiveColumn } from '@/components/responsive-table';
import { selectionColumn, useRowSelection } from '@/components/row-selection';
import { notifySuccess } from '@/lib/notifications';
import { useContactsToPick } from '../api/get-contacts-to-pick';
import { useAddMembers } from '../api/list-mutations';
import { memberName } from '../lib/member-name';

const pageSize = 10;
const searchDelayMs = 300;

type Props = { opened: boolean; onClose: () => void; list: ContactList };

/**
 * "Add contacts": the contact book searched and paged, contacts chosen across pages, then
 * PUT {newContactIds}: they join the list (one already in it stays once).
 */
export const AddMembersDialog = ({ opened, onClose, list }: Props) => {
  const { t } = useTranslation();
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={t('contactLists.addMembers.title', { name: list.name })}
      size="xl"
    >
      {/* Mounted while open only, so every opening starts afresh. */}
      <AddMembersForm list={list} onClose={onClose} />
    </Modal>
  );
};

const AddMembersForm = ({ list, onClose }: Omit<Props, 'opened'>) => {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const [searchInput, setSearchInput] = useState('');
  const [search] = useDebouncedValue(searchInput.trim(), searchDelayMs);
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new search starts again at page 1.
  useEffect(() => setPage(1), [search]);
  const { data, isPending, isFetching, isError, refetch } = useContactsToPick({
    page,
    limit: pageSize,
    sort: 'email',
    // Only people not in the list yet.
    notInContactListId: list._id,
    ...(search ? { search } : {}),
  });
  const selection = useRowSelection<Contact>((c) => c._id);
  const add = useAddMembers();
  const [attempted, setAttempted] = useState(false);
  const ids = selection.keys;
  const tooMany = ids.length > contactListIdsMax;
  const total = data?.total ?? 0;

  const submit = () => {
    setAttempted(true);
    if (ids.length === 0 || tooMany) return;
    add.mutate(
      { id: list._id, contactIds: ids },
      {
        onSuccess: (saved) => {
          notifySuccess({
            title: t('contactLists.addMembers.doneTitle'),
            message: t('contactLists.addMembers.doneText', {
              count: ids.length,
              name: saved.name,
              total: saved.memberCount,
            }),
          });
          onClose();
        },
      },
    );
  };

  const columns: ResponsiveColumn<Contact>[] = [
    selectionColumn({
      selection,
      rows: data?.documents,
      rowLabel: (c) => t('contactLists.addMembers.select', { email: c.email }),
      pageLabel: t('contactLists.addMembers.selectPage'),
      cardLabel: t('contactLists.addMembers.selected'),
    }),
    {
      key: 'contact',
      header: t('contactLists.members.columns.contact'),
      primary: true,
      cell: (c) => {
        const name = memberName(c);
        return (
          <Stack gap={0}>
            <Text fw={500} style={{ overflowWrap: 'anywhere' }}>
              {name || c.email}
            </Text>
            {name ? (
              <Text fz="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                {c.email}
              </Text>
            ) : null}
          </Stack>
        );
      },
    },
    {
      key: 'status',
      header: t('contactLists.addMembers.status'),
      cell: (c) =>
        c.unsubscribed ? (
          <Badge color="orange" variant="light" miw="max-content">
            {t('contacts.unsubscribed')}
          </Badge>
        ) : (
          <Text fz="sm">—</Text>
        ),
    },
  ];

  const invalid = (attempted && ids.length === 0) || tooMany;

  return (
    <Stack gap="md">
      <Text fz="sm" c="dimmed">
        {t('contactLists.addMembers.text')}
      </Text>
      <TextInput
        label={t('contactLists.addMembers.search')}
        placeholder={t('contacts.list.searchPlaceholder')}
        leftSection={<IconSearch size={16} aria-hidden />}
        value={searchInput}
        onChange={(e) => setSearchInput(e.currentTarget.value)}
        data-autofocus
      />
      <PagedTable
        columns={columns}
        rows={data?.documents}
        rowKey={(c) => c._id}
        label={t('contactLists.addMembers.label')}
        page={page}
        pageSize={pageSize}
        total={total}
        onPageChange={setPage}
        loading={isPending}
        busy={isFetching}
        failed={isError ? { onRetry: () => void refetch() } : undefined}
        totalLabel={t('contacts.list.total', { count: total })}
        empty={
          <EmptyState
            size="sm"
            icon={<IconUsers size={24} aria-hidden />}
            title={search ? t('contacts.list.noMatchTitle') : t('contacts.list.emptyTitle')}
            description={
              search ? t('contactLists.addMembers.noMatchText') : t('contactLists.addMembers.emptyText')
            }
          />
        }
      />
      <Text fz="sm" role="status" c={invalid ? 'red' : undefined}>
        {tooMany
          ? t('contactLists.addMembers.tooMany', { count: ids.length, max: contactListIdsMax })
          : attempted && ids.length === 0
            ? t('contactLists.addMembers.noneChosen')
            : t('contactLists.addMembers.chosen', { count: ids.length })}
      </Text>
      <Group justify="flex-end">
        <Button variant="default" onClick={onClose} disabled={add.isPending}>
          {t('components.confirm.cancel')}
        </Button>
        <Button
          leftSection={<IconUserPlus size={16} aria-hidden />}
          onClick={submit}
          loading={add.isPending}
          disabled={tooMany}
        >
          {t('contactLists.addMembers.submit', { count: ids.length })}
        </Button>
      </Group>
    </Stack>
  );
};
