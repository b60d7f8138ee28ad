import { Checkbox, Text } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '@/components/confirm-dialog';

/**
 * Deleting contacts keeps their answers as a deleted contact's tickets; erasing the answers too
 * (a person's GDPR request) is a separate, explicit choice, off until ticked.
 */
export const DeleteContactsDialog = ({
  opened,
  count,
  loading,
  onConfirm,
  onClose,
}: {
  opened: boolean;
  count: number;
  loading: boolean;
  onConfirm: (eraseAnswers: boolean) => void;
  onClose: () => void;
}) => {
  const { t } = useTranslation();
  const [erase, setErase] = useState(false);
  // Every opening starts with the answers kept.
  useEffect(() => {
    if (opened) setErase(false);
  }, [opened]);
  return (
    <ConfirmDialog
      opened={opened}
      title={t('contacts.delete.title', { count })}
      confirmLabel={
        erase ? t('contacts.delete.confirmErase', { count }) : t('contacts.delete.confirm', { count })
      }
      color="red"
      loading={loading}
      focus="cancel"
      onConfirm={() => onConfirm(erase)}
      onClose={onClose}
    >
      <Text>{t('contacts.delete.text', { count })}</Text>
      <Checkbox
        label={t('contacts.delete.erase', { count })}
        description={t('contacts.delete.eraseHint', { count })}
        checked={erase}
        onChange={(e) => setErase(e.currentTarget.checked)}
        color="red"
      />
    </ConfirmDialog>
  );
};
