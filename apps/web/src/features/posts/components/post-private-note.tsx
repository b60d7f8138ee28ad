import { Group, Stack, Text, Textarea, Title } from '@mantine/core';
import { limits, type Post } from '@parley/contract';
import { IconLock } from '@tabler/icons-react';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { GuardedButton } from '@/components/guarded-button';
import { isTextFieldError, useSavePrivateNote } from '../api/post-mutations';

/**
 * The post's private note (canPrivateNote, D8): for the manufacturer's owners only, never public;
 * saved empty it is removed. Without the feature it stays visible, disabled, and says why.
 */
export const PostPrivateNote = ({ post, refusedReason }: { post: Post; refusedReason: string | null }) => {
  const { t } = useTranslation();
  const save = useSavePrivateNote(post._id);
  const saved = post.privateNote ?? '';
  const [text, setText] = useState(saved);
  const [error, setError] = useState<string | null>(null);
  const [status, setStatus] = useState('');
  const refused = refusedReason !== null;
  const changed = text.trim() !== saved.trim();

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (refused) return;
    if (text.trim().length > limits.textMax) {
      setError(t('common.maxLength', { max: limits.textMax }));
      return;
    }
    setError(null);
    setStatus('');
    save.mutate(text.trim(), {
      onSuccess: ({ privateNote }) => {
        setText(privateNote ?? '');
        setStatus(privateNote ? t('posts.note.saved') : t('posts.note.cleared'));
      },
      onError: (err) => {
        if (isTextFieldError(err, 'privateNote')) {
          setError(t('posts.refused', { message: (err as Error).message }));
        }
      },
    });
  };

  return (
    <Stack gap="xs" component="section" aria-labelledby="post-note-heading">
      <Group gap={6}>
        <IconLock size={16} aria-hidden />
        <Title order={2} size="h5" id="post-note-heading">
          {t('posts.note.title')}
        </Title>
      </Group>
      <form noValidate onSubmit={submit}>
        <Stack gap="xs">
          <Textarea
            label={t('posts.note.field')}
            description={refusedReason ?? t('posts.note.hint')}
            value={text}
            onChange={(e) => {
              setText(e.currentTarget.value);
              setStatus('');
            }}
            autosize
            minRows={3}
            maxRows={10}
            error={error}
            disabled={refused}
          />
          <Group justify="flex-end">
            <GuardedButton
              type="submit"
              variant="light"
              size="xs"
              reason={refusedReason}
              loading={save.isPending}
              disabled={!refused && !changed}
            >
              {t('posts.note.save')}
            </GuardedButton>
          </Group>
          <Text fz="sm" c="teal" role="status" aria-live="polite">
            {status}
          </Text>
        </Stack>
      </form>
    </Stack>
  );
};
