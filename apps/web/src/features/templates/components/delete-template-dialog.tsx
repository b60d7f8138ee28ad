import { Text } from '@mantine/core';
import type { TemplateMessage } from '@parley/contract';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { notifyError, notifySuccess } from '@/lib/notifications';
import { apiErrorMessage } from '@/lib/react-query';
import { useDeleteTemplate } from '../api/template-mutations';

/** "Delete the template?": it goes for the whole team; what was sent with it stays. */
export const DeleteTemplateDialog = ({
  template,
  onClose,
}: {
  /** The template to delete; null: the dialog is closed. */
  template: TemplateMessage | null;
  onClose: () => void;
}) => {
  const { t } = useTranslation();
  const remove = useDeleteTemplate();
  // The last template asked about: its words stay while the dialog closes.
  const last = useRef(template);
  if (template) last.current = template;
  const shown = last.current;
  const confirm = () => {
    if (!template) return;
    remove.mutate(template._id, {
      onSuccess: () => {
        notifySuccess({
          title: t('templates.delete.doneTitle'),
          message: t('templates.delete.doneText', { title: template.title }),
        });
        onClose();
      },
      onError: (error) =>
        notifyError({ title: t('templates.delete.failed'), message: apiErrorMessage(error) }),
    });
  };
  return (
    <ConfirmDialog
      opened={template !== null}
      title={t('templates.delete.title', { title: shown?.title ?? '' })}
      confirmLabel={t('templates.delete.confirm')}
      color="red"
      focus="cancel"
      loading={remove.isPending}
      onConfirm={confirm}
      onClose={onClose}
    >
      <Text>{t('templates.delete.text')}</Text>
    </ConfirmDialog>
  );
};
