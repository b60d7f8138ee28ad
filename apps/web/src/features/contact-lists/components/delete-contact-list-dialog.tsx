import { Text } from '@mantine/core';
import type { ContactList } from '@parley/contract';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { notifySuccess } from '@/lib/notifications';
import { useDeleteContactList } from '../api/list-mutations';

/** "Delete the list?": the list goes, its contacts stay in the contact book (and their invitations). */
export const DeleteContactListDialog = ({
  list,
  onClose,
  onDeleted,
}: {
  /** The list to delete; null: the dialog is closed. */
  list: ContactList | null;
  onClose: () => void;
  onDeleted?: () => void;
}) => {
  const { t } = useTranslation();
  const remove = useDeleteContactList();
  // The last list asked about: its words stay while the dialog closes.
  const last = useRef(list);
  if (list) last.current = list;
  const shown = last.current;
  const confirm = () => {
    if (!list) return;
    remove.mutate(list._id, {
      onSuccess: () => {
        notifySuccess({
          title: t('contactLists.delete.doneTitle'),
          message: t('contactLists.delete.doneText', { name: list.name }),
        });
        onClose();
        onDeleted?.();
      },
    });
  };
  return (
    <ConfirmDialog
      opened={list !== null}
      title={t('contactLists.delete.title', { name: shown?.name ?? '' })}
      confirmLabel={t('contactLists.delete.confirm')}
      color="red"
      focus="cancel"
      loading={remove.isPending}
      onConfirm={confirm}
      onClose={onClose}
    >
      <Text>{t('contactLists.delete.text', { count: shown?.memberCount ?? 0 })}</Text>
      {shown && shown.campaigns.length > 0 ? (
        <Text fz="sm" c="dimmed">
          {t('contactLists.delete.linked', { count: shown.campaigns.length })}
        </Text>
      ) : null}
    </ConfirmDialog>
  );
};
