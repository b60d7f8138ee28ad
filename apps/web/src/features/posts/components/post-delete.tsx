import { Text } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { GuardedButton } from '@/components/guarded-button';
import { paths } from '@/config/paths';
import { notifySuccess } from '@/lib/notifications';
import { useDeletePost } from '../api/post-mutations';

/**
 * Deleting a post (spam, say) for good, with its comments and media, after a confirmation that
 * focuses Cancel (docs/product-decisions.md, "The platform area"). It needs canUnpublish (D8:
 * otherwise visible, disabled, with a tooltip); afterwards the feed is shown.
 */
export const PostDelete = ({ postId, canUnpublish }: { postId: string; canUnpublish: boolean }) => {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [confirming, setConfirming] = useState(false);
  const remove = useDeletePost(postId, () => {
    notifySuccess({ title: t('posts.delete.done'), message: t('posts.delete.doneText') });
    setConfirming(false);
    void navigate(paths.tickets);
  });
  return (
    <>
      <GuardedButton
        variant="subtle"
        color="red"
        leftSection={<IconTrash size={16} aria-hidden />}
        reason={canUnpublish ? null : t('posts.delete.notEnabled')}
        onClick={() => setConfirming(true)}
      >
        {t('posts.delete.action')}
      </GuardedButton>
      <ConfirmDialog
        opened={confirming}
        title={t('posts.delete.title')}
        confirmLabel={t('posts.delete.confirm')}
        color="red"
        loading={remove.isPending}
        focus="cancel"
        onConfirm={() => remove.mutate()}
        onClose={() => setConfirming(false)}
      >
        <Text>{t('posts.delete.text')}</Text>
      </ConfirmDialog>
    </>
  );
};
