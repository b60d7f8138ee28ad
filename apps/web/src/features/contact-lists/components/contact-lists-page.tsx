import { Anchor, Button, EmptyState, Group, NativeSelect, Stack, Text, TextInput } from '@mantine/core';
import type { ContactList } from '@parley/contract';
import { IconListDetails, IconPlus, IconSearch } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { LinkedCampaignLinks } from '@/components/linked-campaign-links';
import { PageHeader } from '@/components/page-header';
import { PagedTable, pagedQueryProps } from '@/components/paged-table';
import type { ResponsiveColumn } from '@/components/responsive-table';
import { RowEditDelete } from '@/components/row-actions';
import { paths } from '@/config/paths';
import { useContactLists } from '@/lib/contact-lists';
import { useDateFormat } from '@/lib/use-date-format';
import { useSearchInput } from '@/lib/use-search-input';
import { ContactListFormModal } from './contact-list-form-modal';
import { DeleteContactListDialog } from './delete-contact-list-dialog';
import {
  contactListSortChoices,
  contactListsPageSize,
  useContactListsParams,
} from './use-contact-lists-params';

/**
 * /connect/contact-lists: the lists with their member counts and linked campaigns, searched,
 * sorted and paged by the server; create, rename and delete (the contacts stay).
 */
export const ContactListsPage = () => {
  const { t } = useTranslation();
  const { formatDate } = useDateFormat();
  const navigate = useNavigate();
  const params = useContactListsParams();
  const lists = useContactLists(params.query);
  const [creating, setCreating] = useState(false);
  // The list edited stays set while its dialog closes, so the dialog keeps its words until it has gone.
  const [editing, setEditing] = useState<ContactList | null>(null);
  const [editOpen, setEditOpen] = useState(false);
  const [deleting, setDeleting] = useState<ContactList | null>(null);

  const [searchInput, setSearchInput] = useSearchInput(params);
  const clearSearch = () => {
    setSearchInput('');
    params.update({ search: '' });
  };

  const total = lists.data?.total ?? 0;
  const columns: ResponsiveColumn<ContactList>[] = [
    {
      key: 'name',
      header: t('contactLists.list.columns.name'),
      primary: true,
      cell: (l) => (
        <Stack gap={2} align="flex-start">
          <Anchor
            component={Link}
            to={paths.contactList(l._id)}
            fw={500}
            style={{ overflowWrap: 'anywhere' }}
          >
            {l.name}
          </Anchor>
          {l.description ? (
            <Text fz="xs" c="dimmed" lineClamp={2} style={{ overflowWrap: 'anywhere' }}>
              {l.description}
            </Text>
          ) : null}
        </Stack>
      ),
    },
    {
      key: 'members',
      header: t('contactLists.list.columns.members'),
      cell: (l) => <Text fz="sm">{t('contactLists.memberCount', { count: l.memberCount })}</Text>,
    },
    {
      key: 'campaigns',
      header: t('contactLists.list.columns.campaigns'),
      cell: (l) => <LinkedCampaignLinks campaigns={l.campaigns} />,
    },
    {
      key: 'updated',
      header: t('contactLists.list.columns.updated'),
      cell: (l) => <Text fz="sm">{formatDate(l.updatedAt)}</Text>,
    },
    {
      key: 'actions',
      header: t('contactLists.list.columns.actions'),
      cell: (l) => (
        <RowEditDelete
          edit={{
            tooltip: t('contactLists.list.edit'),
            label: t('contactLists.list.editLabel', { name: l.name }),
            onClick: () => {
              setEditing(l);
              setEditOpen(true);
            },
          }}
          remove={{
            tooltip: t('contactLists.list.delete'),
            label: t('contactLists.list.deleteLabel', { name: l.name }),
            onClick: () => setDeleting(l),
          }}
        />
      ),
    },
  ];

  return (
    <>
      <PageHeader
        title={t('pages.contactLists.title')}
        description={t('pages.contactLists.description')}
        actions={
          <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={() => setCreating(true)}>
            {t('contactLists.list.create')}
          </Button>
        }
      />
      <Stack gap="md">
        <Group gap="sm" align="flex-end" wrap="wrap">
          <TextInput
            label={t('contactLists.list.search')}
            placeholder={t('contactLists.list.searchPlaceholder')}
            leftSection={<IconSearch size={16} aria-hidden />}
            value={searchInput}
            onChange={(e) => setSearchInput(e.currentTarget.value)}
            miw={240}
          />
          <NativeSelect
            label={t('contactLists.list.sort')}
            data={contactListSortChoices.map((s) => ({ value: s, label: t(`contactLists.list.sorts.${s}`) }))}
            value={params.sort}
            onChange={(e) => {
              const sort = contactListSortChoices.find((s) => s === e.currentTarget.value);
              if (sort) params.update({ sort });
            }}
            w={220}
          />
        </Group>
        <PagedTable
          {...pagedQueryProps(lists)}
          columns={columns}
          rowKey={(l) => l._id}
          label={t('contactLists.list.label')}
          page={params.page}
          pageSize={contactListsPageSize}
          onPageChange={(page) => params.update({ page })}
          loadingRows={5}
          totalLabel={t('contactLists.list.total', { count: total })}
          empty={
            <EmptyState
              icon={<IconListDetails size={28} aria-hidden />}
              title={
                params.searched ? t('contactLists.list.noMatchTitle') : t('contactLists.list.emptyTitle')
              }
              description={
                params.searched ? t('contactLists.list.noMatchText') : t('contactLists.list.emptyText')
              }
            >
              {params.searched ? (
                <Button variant="light" onClick={clearSearch}>
                  {t('contactLists.list.clearSearch')}
                </Button>
              ) : (
                <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={() => setCreating(true)}>
                  {t('contactLists.list.create')}
                </Button>
              )}
            </EmptyState>
          }
        />
      </Stack>
      <ContactListFormModal
        opened={creating}
        onClose={() => setCreating(false)}
        onSaved={(list) => navigate(paths.contactList(list._id))}
      />
      <ContactListFormModal
        opened={editOpen}
        onClose={() => setEditOpen(false)}
        list={editing ?? undefined}
      />
      <DeleteContactListDialog list={deleting} onClose={() => setDeleting(null)} />
    </>
  );
};
