import {
  Box,
  Button,
  EmptyState,
  Group,
  MultiSelect,
  NativeSelect,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import type { Contact } from '@parley/contract';
import {
  IconFilterOff,
  IconPlaylistAdd,
  IconSearch,
  IconSend,
  IconTagMinus,
  IconTagPlus,
  IconTrash,
  IconUserPlus,
  IconUsers,
} from '@tabler/icons-react';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ContactCell } from '@/components/contact-cell';
import { PagedTable, pagedQueryProps } from '@/components/paged-table';
import type { ResponsiveColumn } from '@/components/responsive-table';
import { BulkActionsBar, selectionColumn, useRowSelection } from '@/components/row-selection';
import { TagChips } from '@/components/tag-chips';
import { TagPicker } from '@/components/tag-picker';
import { notifySuccess } from '@/lib/notifications';
import { useDateFormat } from '@/lib/use-date-format';
import { useSearchInput } from '@/lib/use-search-input';
import { useDeleteContacts } from '../api/delete-contacts';
import { useContactFilterData } from '../api/get-contact-filter-data';
import { useContacts } from '../api/get-contacts';
import { contactName } from '../lib/contact-name';
import { AddToListDialog } from './add-to-list-dialog';
import { type BulkTagMode, BulkTagsDialog } from './contact-tag-actions';
import { DeleteContactsDialog } from './delete-contacts-dialog';
import { InviteDialog } from './invite-dialog';
import {
  contactListPageSize,
  contactSortChoices,
  participationFilters,
  useContactListParams,
} from './use-contact-list-params';

const place = (c: Contact) =>
  [[c.address.zipCode, c.address.city].filter(Boolean).join(' '), c.address.country]
    .filter(Boolean)
    .join(', ');

/**
 * GET /v2/contact/all as a table: search, filters and sort in the address, pages from the
 * server; contacts chosen across pages can be invited to campaigns or deleted together.
 */
export const ContactList = ({ onInvite }: { onInvite: () => void }) => {
  const { t } = useTranslation();
  const { formatDate } = useDateFormat();
  const params = useContactListParams();
  const contacts = useContacts(params.query);
  const filterData = useContactFilterData();
  const selection = useRowSelection<Contact>((c) => c._id);
  const remove = useDeleteContacts();
  const [deleting, setDeleting] = useState(false);
  const [inviting, setInviting] = useState(false);
  const [listing, setListing] = useState(false);
  const [tagMode, setTagMode] = useState<BulkTagMode>('add');
  const [tagging, setTagging] = useState(false);
  const tagButton = useRef<HTMLButtonElement | null>(null);
  const openTagging = (mode: BulkTagMode, button: HTMLButtonElement) => {
    tagButton.current = button;
    setTagMode(mode);
    setTagging(true);
  };

  const [searchInput, setSearchInput] = useSearchInput(params);
  const clearFilters = () => {
    setSearchInput('');
    params.clear();
  };

  const total = contacts.data?.total ?? 0;
  const rows = contacts.data?.documents;

  const columns: ResponsiveColumn<Contact>[] = [
    selectionColumn({
      selection,
      rows,
      rowLabel: (c) => t('contacts.list.select', { name: contactName(c) || c.email }),
      pageLabel: t('contacts.list.selectPage'),
      cardLabel: t('contacts.list.selected'),
    }),
    {
      key: 'name',
      header: t('contacts.list.columns.name'),
      primary: true,
      cell: (c) => <ContactCell contact={c} />,
    },
    {
      key: 'place',
      header: t('contacts.list.columns.place'),
      cell: (c) => <Text fz="sm">{place(c) || '—'}</Text>,
    },
    {
      key: 'tags',
      header: t('contacts.list.columns.tags'),
      cell: (c) => <TagChips tags={c.tags} max={3} size="sm" none="—" />,
    },
    {
      key: 'campaigns',
      header: t('contacts.list.columns.campaigns'),
      cell: (c) => (
        <Text fz="sm">
          {t('contacts.list.counts', { answered: c.answeredCount, invited: c.invitedCount })}
        </Text>
      ),
    },
    {
      key: 'created',
      header: t('contacts.list.columns.created'),
      cell: (c) => <Text fz="sm">{formatDate(c.createdAt)}</Text>,
    },
  ];

  const confirmDelete = (eraseAnswers: boolean) => {
    const ids = selection.keys;
    remove.mutate(
      { ids, eraseAnswers },
      {
        onSuccess: () => {
          setDeleting(false);
          selection.clear();
          notifySuccess({
            title: t('contacts.delete.doneTitle'),
            message: eraseAnswers
              ? t('contacts.delete.doneErased', { count: ids.length })
              : t('contacts.delete.doneKept', { count: ids.length }),
          });
        },
      },
    );
  };

  const campaigns = filterData.data?.campaigns ?? [];

  return (
    <Stack gap="md">
      <Group gap="sm" align="flex-end" wrap="wrap">
        <TextInput
          label={t('contacts.list.search')}
          placeholder={t('contacts.list.searchPlaceholder')}
          leftSection={<IconSearch size={16} aria-hidden />}
          value={searchInput}
          onChange={(e) => setSearchInput(e.currentTarget.value)}
          miw={240}
        />
        <NativeSelect
          label={t('contacts.list.campaignFilter')}
          data={[
            { value: '', label: t('contacts.list.anyCampaign') },
            ...campaigns.map((c) => ({ value: c._id, label: c.title })),
          ]}
          value={params.campaign}
          onChange={(e) => params.update({ campaign: e.currentTarget.value })}
          w={220}
        />
        <NativeSelect
          label={t('contacts.list.participationFilter')}
          data={[
            { value: '', label: t('contacts.list.participation.any') },
            ...participationFilters.map((p) => ({ value: p, label: t(`contacts.list.participation.${p}`) })),
          ]}
          value={params.participation}
          onChange={(e) => {
            const value = participationFilters.find((p) => p === e.currentTarget.value) ?? '';
            params.update({ participation: value });
          }}
          w={220}
        />
        <MultiSelect
          label={t('contacts.list.countryFilter')}
          placeholder={params.countries.length === 0 ? t('contacts.list.anyCountry') : undefined}
          data={[...new Set([...(filterData.data?.countries ?? []), ...params.countries])]}
          value={params.countries}
          onChange={(countries) => params.update({ countries })}
          searchable
          clearable
          nothingFoundMessage={t('contacts.list.nothingFound')}
          w={220}
        />
        <MultiSelect
          label={t('contacts.list.cityFilter')}
          placeholder={params.cities.length === 0 ? t('contacts.list.anyCity') : undefined}
          data={[...new Set([...(filterData.data?.cities ?? []), ...params.cities])]}
          value={params.cities}
          onChange={(cities) => params.update({ cities })}
          searchable
          clearable
          nothingFoundMessage={t('contacts.list.nothingFound')}
          w={220}
        />
        <Box w={240}>
          <TagPicker
            label={t('contacts.list.tagFilter')}
            placeholder={t('contacts.list.anyTag')}
            value={params.tags}
            onChange={(tags) => params.update({ tags })}
          />
        </Box>
        <NativeSelect
          label={t('contacts.list.sort')}
          data={contactSortChoices.map((s) => ({ value: s, label: t(`contacts.list.sorts.${s}`) }))}
          value={params.sort}
          onChange={(e) => {
            const sort = contactSortChoices.find((s) => s === e.currentTarget.value);
            if (sort) params.update({ sort });
          }}
          w={200}
        />
        {params.filtered ? (
          <Button
            variant="subtle"
            leftSection={<IconFilterOff size={16} aria-hidden />}
            onClick={clearFilters}
          >
            {t('contacts.list.clearFilters')}
          </Button>
        ) : null}
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
            {t('contacts.list.inviteSelected')}
          </Button>
          <Button
            size="xs"
            variant="light"
            leftSection={<IconPlaylistAdd size={14} aria-hidden />}
            onClick={() => setListing(true)}
          >
            {t('contactLists.addToList.open')}
          </Button>
          <Button
            size="xs"
            variant="light"
            leftSection={<IconTagPlus size={14} aria-hidden />}
            onClick={(e) => openTagging('add', e.currentTarget)}
          >
            {t('contacts.tagEdit.addOpen')}
          </Button>
          <Button
            size="xs"
            variant="light"
            leftSection={<IconTagMinus size={14} aria-hidden />}
            onClick={(e) => openTagging('remove', e.currentTarget)}
          >
            {t('contacts.tagEdit.removeOpen')}
          </Button>
          <Button
            size="xs"
            color="red"
            variant="light"
            leftSection={<IconTrash size={14} aria-hidden />}
            onClick={() => setDeleting(true)}
          >
            {t('contacts.list.deleteSelected')}
          </Button>
        </BulkActionsBar>
      ) : null}

      <PagedTable
        {...pagedQueryProps(contacts)}
        columns={columns}
        rowKey={(c) => c._id}
        label={t('contacts.list.label')}
        page={params.page}
        pageSize={contactListPageSize}
        onPageChange={(page) => params.update({ page })}
        loadingRows={5}
        totalLabel={t('contacts.list.total', { count: total })}
        empty={
          <EmptyState
            icon={<IconUsers size={28} aria-hidden />}
            title={params.filtered ? t('contacts.list.noMatchTitle') : t('contacts.list.emptyTitle')}
            description={params.filtered ? t('contacts.list.noMatchText') : t('contacts.list.emptyText')}
          >
            {params.filtered ? (
              <Button
                variant="light"
                leftSection={<IconFilterOff size={16} aria-hidden />}
                onClick={clearFilters}
              >
                {t('contacts.list.clearFilters')}
              </Button>
            ) : (
              <Button leftSection={<IconUserPlus size={16} aria-hidden />} onClick={onInvite}>
                {t('contacts.invite.open')}
              </Button>
            )}
          </EmptyState>
        }
      />

      <DeleteContactsDialog
        opened={deleting}
        count={selection.count}
        loading={remove.isPending}
        onConfirm={confirmDelete}
        onClose={() => setDeleting(false)}
      />
      <InviteDialog
        opened={inviting}
        onClose={() => setInviting(false)}
        target={{ kind: 'contacts', emails: selection.rows.map((c) => c.email) }}
        onInvited={selection.clear}
      />
      <AddToListDialog
        opened={listing}
        onClose={() => setListing(false)}
        contactIds={selection.keys}
        onAdded={selection.clear}
      />
      <BulkTagsDialog
        // A new mode starts afresh; the same one keeps the tags of a cancelled check.
        key={tagMode}
        mode={tagMode}
        opened={tagging}
        contactIds={selection.keys}
        onClose={() => setTagging(false)}
        returnFocus={tagButton}
      />
    </Stack>
  );
};
