import { Button, EmptyState, Stack, Text } from '@mantine/core';
import { type Contact, contactFilterMax } from '@parley/contract';
import {
  IconFilterOff,
  IconPlaylistAdd,
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
import { notifySuccess } from '@/lib/notifications';
import { useDateFormat } from '@/lib/use-date-format';
import { useSearchInput } from '@/lib/use-search-input';
import { useDeleteContacts } from '../api/delete-contacts';
import { useContacts } from '../api/get-contacts';
import { contactName } from '../lib/contact-name';
import { AddToListDialog } from './add-to-list-dialog';
import { ContactListFilters } from './contact-list-filters';
import { type BulkTagMode, BulkTagsDialog } from './contact-tag-actions';
import { DeleteContactsDialog } from './delete-contacts-dialog';
import { InviteDialog } from './invite-dialog';
import { contactFilterOf, contactListPageSize, useContactListParams } from './use-contact-list-params';

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

  // "Select all N matching" (docs/product-decisions.md, "Contacts"): the bulk calls then take the
  // list's filter, not ids. It holds while the filter is the one it was chosen for and no box changes.
  const filter = contactFilterOf(params.query);
  const filterKey = JSON.stringify(filter);
  const [matchingKey, setMatchingKey] = useState<string | null>(null);
  const allMatching = matchingKey === filterKey && selection.count > 0;
  const pageChosen = (rows ?? []).length > 0 && (rows ?? []).every(selection.has);
  const offerAll = !allMatching && pageChosen && total > selection.count && total <= contactFilterMax;
  const chosenCount = allMatching ? total : selection.count;
  const clearSelection = () => {
    setMatchingKey(null);
    selection.clear();
  };
  const boxes = {
    ...selection,
    has: (c: Contact) => allMatching || selection.has(c),
    change: (changed: readonly Contact[], on: boolean) => {
      setMatchingKey(null);
      selection.change(changed, on);
    },
  };

  const columns: ResponsiveColumn<Contact>[] = [
    selectionColumn({
      selection: boxes,
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
    const count = chosenCount;
    remove.mutate(allMatching ? { filter, eraseAnswers } : { ids: selection.keys, eraseAnswers }, {
      onSuccess: () => {
        setDeleting(false);
        clearSelection();
        notifySuccess({
          title: t('contacts.delete.doneTitle'),
          message: eraseAnswers
            ? t('contacts.delete.doneErased', { count })
            : t('contacts.delete.doneKept', { count }),
        });
      },
    });
  };

  return (
    <Stack gap="md">
      <ContactListFilters
        params={params}
        searchInput={searchInput}
        setSearchInput={setSearchInput}
        clearFilters={clearFilters}
      />

      {selection.count > 0 ? (
        <BulkActionsBar
          status={
            allMatching
              ? t('contacts.list.allMatchingSelected', { count: total })
              : t('contacts.list.selectedCount', { count: selection.count })
          }
          label={t('contacts.list.bulkActions')}
          clearLabel={t('contacts.list.clearSelection')}
          onClear={clearSelection}
        >
          {offerAll ? (
            <Button size="xs" variant="subtle" onClick={() => setMatchingKey(filterKey)}>
              {t('contacts.list.selectAllMatching', { count: total })}
            </Button>
          ) : null}
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
        count={chosenCount}
        loading={remove.isPending}
        onConfirm={confirmDelete}
        onClose={() => setDeleting(false)}
      />
      <InviteDialog
        opened={inviting}
        onClose={() => setInviting(false)}
        target={
          allMatching
            ? { kind: 'matching', filter, count: total }
            : { kind: 'contacts', emails: selection.rows.map((c) => c.email) }
        }
        onInvited={clearSelection}
      />
      <AddToListDialog
        opened={listing}
        onClose={() => setListing(false)}
        contacts={allMatching ? { filter, count: total } : { contactIds: selection.keys }}
        onAdded={clearSelection}
      />
      <BulkTagsDialog
        // A new mode starts afresh; the same one keeps the tags of a cancelled check.
        key={tagMode}
        mode={tagMode}
        opened={tagging}
        target={allMatching ? { filter, count: total } : { contactIds: selection.keys }}
        onClose={() => setTagging(false)}
        returnFocus={tagButton}
      />
    </Stack>
  );
};
