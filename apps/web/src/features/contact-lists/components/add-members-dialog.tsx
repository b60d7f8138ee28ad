import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { type Contact, type ContactList, contactListIdsMax } from '@parley/contract';
import { IconUserPlus } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { ContactPicker, useContactPicker } from '@/components/contact-picker';
import { notifySuccess } from '@/lib/notifications';
import { useContactsToPick } from '../api/get-contacts-to-pick';
import { useAddMembers } from '../api/list-mutations';

const pageSize = 10;

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
  const picker = useContactPicker<Contact>({ max: contactListIdsMax });
  const query = useContactsToPick({
    page: picker.page,
    limit: pageSize,
    sort: 'email',
    // Only people not in the list yet.
    notInContactListId: list._id,
    ...(picker.search ? { search: picker.search } : {}),
  });
  const add = useAddMembers();
  const ids = picker.ids;

  const submit = () => {
    if (!picker.attempt()) return;
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

  return (
    <Stack gap="md">
      <Text fz="sm" c="dimmed">
        {t('contactLists.addMembers.text')}
      </Text>
      <ContactPicker
        picker={picker}
        query={query}
        pageSize={pageSize}
        texts={{
          search: t('contactLists.addMembers.search'),
          searchPlaceholder: t('contacts.list.searchPlaceholder'),
          table: t('contactLists.addMembers.label'),
          selectRow: (c) => t('contactLists.addMembers.select', { email: c.email }),
          selectPage: t('contactLists.addMembers.selectPage'),
          selected: t('contactLists.addMembers.selected'),
          contactColumn: t('contactLists.members.columns.contact'),
          statusColumn: t('contactLists.addMembers.status'),
          unsubscribed: t('contacts.unsubscribed'),
          total: (count) => t('contacts.list.total', { count }),
          emptyTitle: t('contacts.list.emptyTitle'),
          emptyText: t('contactLists.addMembers.emptyText'),
          noMatchTitle: t('contacts.list.noMatchTitle'),
          noMatchText: t('contactLists.addMembers.noMatchText'),
          tooMany: (count, max) => t('contactLists.addMembers.tooMany', { count, max }),
          noneChosen: t('contactLists.addMembers.noneChosen'),
          chosen: (count) => t('contactLists.addMembers.chosen', { count }),
        }}
      />
      <Group justify="flex-end">
        <Button variant="default" onClick={onClose} disabled={add.isPending}>
          {t('components.confirm.cancel')}
        </Button>
        <Button
          leftSection={<IconUserPlus size={16} aria-hidden />}
          onClick={submit}
          loading={add.isPending}
          disabled={picker.tooMany}
        >
          {t('contactLists.addMembers.submit', { count: ids.length })}
        </Button>
      </Group>
    </Stack>
  );
};
