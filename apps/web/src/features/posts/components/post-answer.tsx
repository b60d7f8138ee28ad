import { Alert, Button, Group, Paper, Stack, Text, Textarea, Title } from '@mantine/core';
import { limits, type Post, type TemplateValues } from '@parley/contract';
import { IconMailOff, IconTrash } from '@tabler/icons-react';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { TemplatePicker } from '@/components/template-picker';
import { useDateFormat } from '@/lib/use-date-format';
import { isTextFieldError, useSaveAnswer } from '../api/post-mutations';
import { usePostDraft } from './use-post-draft';

/**
 * The owner's public answer under the post: the one shown now, and a field to write, change or
 * (saved empty) remove it; the author is mailed. A response template can be put into it.
 */
export const PostAnswer = ({ post, values }: { post: Post; values: TemplateValues }) => {
  const { t } = useTranslation();
  const { formatDateTime } = useDateFormat();
  const save = useSaveAnswer(post._id);
  const draft = usePostDraft(post.answer?.text ?? '');
  const [error, setError] = useState<string | null>(null);
  const [status, setStatus] = useState('');
  const [removing, setRemoving] = useState(false);
  const saved = post.answer?.text ?? '';
  const changed = draft.value.trim() !== saved.trim();

  const send = (text: string) => {
    if (text.length > limits.textMax) {
      setError(t('common.maxLength', { max: limits.textMax }));
      return;
    }
    setError(null);
    setStatus('');
    save.mutate(text, {
      onSettled: () => setRemoving(false),
      onSuccess: (next) => {
        draft.set(next.answer?.text ?? '');
        setStatus(next.answer ? t('posts.answer.saved') : t('posts.answer.removed'));
      },
      onError: (err) => {
        if (isTextFieldError(err, 'answer'))
          setError(t('posts.refused', { message: (err as Error).message }));
      },
    });
  };

  const submit = (e: FormEvent) => {
    e.preventDefault();
    send(draft.value.trim());
  };

  return (
    <Stack gap="sm" component="section" aria-labelledby="post-answer-heading">
      <Title order={2} size="h4" id="post-answer-heading">
        {t('posts.answer.title')}
      </Title>
      {post.answer ? (
        <Paper withBorder radius="md" p="sm" bg="var(--mantine-primary-color-light)">
          <Stack gap={6}>
            <Text fw={600} fz="sm">
              {t('posts.answer.current')}
            </Text>
            <Text style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>{post.answer.text}</Text>
            <Text fz="xs" c="dimmed">
              {post.answer.answeredBy
                ? t('posts.answer.byOn', {
                    name: post.answer.answeredBy,
                    date: formatDateTime(post.answer.answeredAt),
                  })
                : t('posts.answer.on', { date: formatDateTime(post.answer.answeredAt) })}
            </Text>
          </Stack>
        </Paper>
      ) : (
        <Text fz="sm" c="dimmed">
          {t('posts.answer.none')}
        </Text>
      )}
      <form noValidate onSubmit={submit}>
        <Stack gap="xs">
          <Textarea
            {...draft.fieldProps}
            label={t('posts.answer.field')}
            description={t('posts.answer.hint')}
            error={error}
            autosize
            minRows={3}
            maxRows={14}
          />
          <Group gap="xs">
            <TemplatePicker
              language={post.language}
              onInsert={(text) => {
                draft.insertTemplate(text, values);
                setStatus(t('posts.templateInserted'));
              }}
            />
          </Group>
          {post.mailsOff ? (
            <Alert color="yellow" variant="light" icon={<IconMailOff size={16} aria-hidden />} p="xs">
              {t('posts.answer.mailsOff')}
            </Alert>
          ) : null}
          <Group justify="flex-end" gap="sm">
            {post.answer ? (
              <Button
                variant="subtle"
                color="red"
                leftSection={<IconTrash size={16} aria-hidden />}
                onClick={() => setRemoving(true)}
                disabled={save.isPending}
              >
                {t('posts.answer.remove')}
              </Button>
            ) : null}
            <Button type="submit" loading={save.isPending} disabled={!changed}>
              {post.answer ? t('posts.answer.update') : t('posts.answer.save')}
            </Button>
          </Group>
          <Text fz="sm" c="teal" role="status" aria-live="polite">
            {status}
          </Text>
        </Stack>
      </form>
      <ConfirmDialog
        opened={removing}
        title={t('posts.answer.removeTitle')}
        confirmLabel={t('posts.answer.remove')}
        color="red"
        focus="cancel"
        loading={save.isPending}
        onConfirm={() => send('')}
        onClose={() => setRemoving(false)}
      >
        <Text>{t('posts.answer.removeText')}</Text>
      </ConfirmDialog>
    </Stack>
  );
};
