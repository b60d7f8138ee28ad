import { Button, EmptyState, Group, Stack, Text, TextInput, Title } from '@mantine/core';
import type { ContactList, ContactListMember } from '@parley/contract';
import { IconSearch, IconUserMinus, IconUserPlus, IconUsers } from '@tabler/icons-react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ContactCell } from '@/components/contact-cell';
import { PagedTable } from '@/components/paged-table';
import type { ResponsiveColumn } from '@/components/responsive-table';
import { notifySuccess } from '@/lib/notifications';
import { useDateFormat } from '@/lib/use-date-format';
import { usePagedSearch } from '@/lib/use-search-input';
import { useMembers } from '../api/get-members';
import { useRemoveMember } from '../api/list-mutations';
import { AddMembersDialog } from './add-members-dialog';

export const memberPageSize = 20;

/** A list's members, newest first, searched and paged by the server; add contacts, take one out. */
export const MemberList = ({ list }: { list: ContactList }) => {
  const { t } = useTranslation();
  const { formatDate } = useDateFormat();
  const headingId = useId();
  const { page, setPage, searchInput, setSearchInput, search } = usePagedSearch();
  const { data, isPending, isFetching, isError, refetch } = useMembers(list._id, {
    page,
    limit: memberPageSize,
    sort: '-addedAt',
    ...(search ? { search } : {}),
  });
  const remove = useRemoveMember();
  const [adding, setAdding] = useState(false);
  const total = data?.total ?? 0;

  const removeMember = (m: ContactListMember) =>
    remove.mutate(
      { id: list._id, contactId: m._id },
      {
        onSuccess: () =>
          notifySuccess({
            title: t('contactLists.members.removedTitle'),
            message: t('contactLists.members.removedText', { email: m.email, name: list.name }),
          }),
      },
    );

  const columns: ResponsiveColumn<ContactListMember>[] = [
    {
      key: 'contact',
      header: t('contactLists.members.columns.contact'),
      primary: true,
      cell: (m) => <ContactCell contact={m} />,
    },
    {
      key: 'campaigns',
      header: t('contactLists.members.columns.campaigns'),
      cell: (m) => (
        <Text fz="sm">
          {t('contacts.list.counts', { answered: m.answeredCount, invited: m.invitedCount })}
        </Text>
      ),
    },
    {
      key: 'added',
      header: t('contactLists.members.columns.added'),
      cell: (m) => <Text fz="sm">{formatDate(m.addedAt)}</Text>,
    },
    {
      key: 'actions',
      header: t('contactLists.members.columns.actions'),
      cell: (m) => (
        <Button
          size="xs"
          variant="subtle"
          color="red"
          leftSection={<IconUserMinus size={14} aria-hidden />}
          aria-label={t('contactLists.members.removeLabel', { email: m.email })}
          loading={remove.isPending && remove.variables?.contactId === m._id}
          onClick={() => removeMember(m)}
        >
          {t('contactLists.members.remove')}
        </Button>
      ),
    },
  ];

  return (
    <section aria-labelledby={headingId}>
      <Stack gap="sm">
        <Group justify="space-between" align="flex-end" gap="sm">
          <Title order={2} size="h4" id={headingId}>
            {t('contactLists.members.title')}
          </Title>
          <Button leftSection={<IconUserPlus size={16} aria-hidden />} onClick={() => setAdding(true)}>
            {t('contactLists.addMembers.open')}
          </Button>
        </Group>
        <TextInput
          label={t('contactLists.members.search')}
          placeholder={t('contactLists.members.searchPlaceholder')}
          leftSection={<IconSearch size={16} aria-hidden />}
          value={searchInput}
          onChange={(e) => setSearchInput(e.currentTarget.value)}
          maw={360}
        />
        <PagedTable
          columns={columns}
          rows={data?.documents}
          rowKey={(m) => m._id}
          label={t('contactLists.members.label')}
          page={page}
          pageSize={memberPageSize}
          total={total}
          onPageChange={setPage}
          loading={isPending}
          loadingRows={5}
          busy={isFetching}
          failed={isError ? { onRetry: () => void refetch() } : undefined}
          totalLabel={t('contactLists.memberCount', { count: total })}
          empty={
            <EmptyState
              icon={<IconUsers size={28} aria-hidden />}
              title={search ? t('contactLists.members.noMatchTitle') : t('contactLists.members.emptyTitle')}
              description={
                search ? t('contactLists.members.noMatchText') : t('contactLists.members.emptyText')
              }
            >
              {search ? null : (
                <Button leftSection={<IconUserPlus size={16} aria-hidden />} onClick={() => setAdding(true)}>
                  {t('contactLists.addMembers.open')}
                </Button>
              )}
            </EmptyState>
          }
        />
      </Stack>
      <AddMembersDialog opened={adding} onClose={() => setAdding(false)} list={list} />
    </section>
  );
};
