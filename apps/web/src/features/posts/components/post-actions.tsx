import { Button, Group, Text, Textarea } from '@mantine/core';
import { type Post, postReportReasonMax } from '@parley/contract';
import { IconEye, IconEyeOff, IconFlag } from '@tabler/icons-react';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { GuardedButton } from '@/components/guarded-button';
import { notifySuccess } from '@/lib/notifications';
import { isStateConflict, isTextFieldError, useChangeState } from '../api/post-mutations';
import { allows, type PostAction } from '../lib/post-states';

const reasonMin = 2;

/**
 * What the owner may do with the post in its state (D19): publish, unpublish (canUnpublish, D8:
 * otherwise visible, disabled, with a tooltip) and report (with a reason), each after a confirmation.
 */
export const PostActions = ({ post, canUnpublish }: { post: Post; canUnpublish: boolean }) => {
  const { t } = useTranslation();
  const change = useChangeState(post._id);
  const [confirming, setConfirming] = useState<PostAction | null>(null);
  const shown = useRef<PostAction>('publish');
  if (confirming) shown.current = confirming;
  const action = shown.current;
  const [reason, setReason] = useState('');
  const [reasonError, setReasonError] = useState<string | null>(null);

  const open = (next: PostAction) => {
    setReason('');
    setReasonError(null);
    setConfirming(next);
  };

  const confirm = () => {
    let input: Parameters<typeof change.mutate>[0];
    if (action === 'report') {
      const text = reason.trim();
      if (text.length < reasonMin) {
        setReasonError(t('common.minLength', { min: reasonMin }));
        return;
      }
      if (text.length > postReportReasonMax) {
        setReasonError(t('common.maxLength', { max: postReportReasonMax }));
        return;
      }
      input = { action: 'report', reason: text };
    } else {
      input = { action };
    }
    change.mutate(input, {
      onSuccess: () => {
        notifySuccess({
          title: t(`posts.actions.${action}Done`),
          message: t(`posts.actions.${action}DoneText`),
        });
        setConfirming(null);
      },
      onError: (err) => {
        if (isTextFieldError(err, 'reason'))
          setReasonError(t('posts.refused', { message: (err as Error).message }));
        // The post changed meanwhile (it is read again): the question no longer fits. Any other
        // failure keeps the dialog and the typed reason; the notification says why.
        else if (isStateConflict(err)) setConfirming(null);
      },
    });
  };

  const offered = (['publish', 'unpublish', 'report'] as const).filter((a) => allows(post.state, a));
  if (offered.length === 0) return null;

  return (
    <>
      <Group gap="xs" role="group" aria-label={t('posts.actions.label')}>
        {offered.includes('publish') ? (
          <Button leftSection={<IconEye size={16} aria-hidden />} onClick={() => open('publish')}>
            {t('posts.actions.publish')}
          </Button>
        ) : null}
        {offered.includes('unpublish') ? (
          <GuardedButton
            variant="default"
            leftSection={<IconEyeOff size={16} aria-hidden />}
            reason={canUnpublish ? null : t('posts.unpublishNotEnabled')}
            onClick={() => open('unpublish')}
          >
            {t('posts.actions.unpublish')}
          </GuardedButton>
        ) : null}
        {offered.includes('report') ? (
          <Button
            variant="light"
            color="red"
            leftSection={<IconFlag size={16} aria-hidden />}
            onClick={() => open('report')}
          >
            {t('posts.actions.report')}
          </Button>
        ) : null}
      </Group>
      <ConfirmDialog
        opened={confirming !== null}
        title={t(`posts.actions.${action}Title`)}
        confirmLabel={t(`posts.actions.${action}`)}
        color={action === 'report' ? 'red' : action === 'unpublish' ? 'orange' : undefined}
        loading={change.isPending}
        focus={action === 'report' ? 'cancel' : 'confirm'}
        onConfirm={confirm}
        onClose={() => setConfirming(null)}
      >
        <Text>{t(`posts.actions.${action}Text`)}</Text>
        {action === 'report' ? (
          <Textarea
            label={t('posts.actions.reason')}
            description={t('posts.actions.reasonHint', { max: postReportReasonMax })}
            value={reason}
            onChange={(e) => {
              setReason(e.currentTarget.value);
              setReasonError(null);
            }}
            error={reasonError}
            required
            autosize
            minRows={2}
            maxRows={6}
            data-autofocus
          />
        ) : null}
      </ConfirmDialog>
    </>
  );
};
