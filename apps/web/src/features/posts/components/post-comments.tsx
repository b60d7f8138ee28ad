import { ActionIcon, Badge, Box, Group, Paper, Stack, Text, Textarea, Title, Tooltip } from '@mantine/core';
import { limits, type Post, type PostComment, type TemplateValues } from '@parley/contract';
import { IconMessages, IconSend, IconTrash } from '@tabler/icons-react';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { GuardedButton } from '@/components/guarded-button';
import { TemplatePicker } from '@/components/template-picker';
import { useDateFormat } from '@/lib/use-date-format';
import { isTextFieldError, useCommentOnPost, useDeleteComment } from '../api/post-mutations';
import { usePostDraft } from './use-post-draft';

const CommentItem = ({
  comment,
  refusedReason,
  onDelete,
}: {
  comment: PostComment;
  refusedReason: string | null;
  onDelete: (comment: PostComment) => void;
}) => {
  const { t } = useTranslation();
  const { formatDateTime } = useDateFormat();
  const fromOwner = comment.author === 'owner';
  const name = fromOwner
    ? comment.own
      ? t('posts.comments.you')
      : (comment.authorName ?? t('posts.comments.team'))
    : (comment.authorName ?? t('posts.comments.authorBadge'));
  const date = formatDateTime(comment.createdAt);
  const heading = t(fromOwner ? 'posts.comments.fromOwner' : 'posts.comments.fromAuthor', { name, date });
  return (
    <Box component="li" style={{ display: 'flex', justifyContent: fromOwner ? 'flex-end' : 'flex-start' }}>
      <Paper
        component="article"
        aria-label={heading}
        withBorder
        radius="md"
        p="sm"
        w={{ base: '100%', sm: '85%' }}
        bg={fromOwner ? 'var(--mantine-primary-color-light)' : undefined}
        style={{
          borderLeft: fromOwner ? undefined : '4px solid var(--mantine-color-gray-5)',
          borderRight: fromOwner ? '4px solid var(--mantine-primary-color-filled)' : undefined,
        }}
      >
        <Stack gap={6}>
          <Group justify="space-between" gap="xs" wrap="nowrap" align="flex-start">
            <Group gap={6}>
              <Text fw={600} fz="sm">
                {name}
              </Text>
              <Badge size="xs" variant="outline" color={fromOwner ? 'blue' : 'gray'}>
                {fromOwner ? t('posts.comments.ownerBadge') : t('posts.comments.authorBadge')}
              </Badge>
              {comment.isNew ? (
                <Badge size="xs" variant="filled" color="orange">
                  {t('posts.comments.new')}
                </Badge>
              ) : null}
            </Group>
            <Group gap={4} wrap="nowrap">
              <Text fz="xs" c="dimmed" component="time" dateTime={comment.createdAt}>
                {date}
              </Text>
              {comment.own ? (
                <Tooltip label={refusedReason ?? t('posts.comments.delete')} withArrow multiline maw={260}>
                  <ActionIcon
                    variant="subtle"
                    color="red"
                    size="sm"
                    aria-label={t('posts.comments.deleteLabel', { date })}
                    aria-disabled={refusedReason ? true : undefined}
                    data-disabled={refusedReason ? true : undefined}
                    onClick={() => {
                      if (!refusedReason) onDelete(comment);
                    }}
                  >
                    <IconTrash size={14} aria-hidden />
                  </ActionIcon>
                </Tooltip>
              ) : null}
            </Group>
          </Group>
          <Text style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>{comment.text}</Text>
        </Stack>
      </Paper>
    </Box>
  );
};

/** A new comment (canComment, D8): public once the post is published; the author is mailed. */
const CommentForm = ({
  post,
  values,
  refusedReason,
}: {
  post: Post;
  values: TemplateValues;
  refusedReason: string | null;
}) => {
  const { t } = useTranslation();
  const send = useCommentOnPost(post._id);
  const draft = usePostDraft();
  const [error, setError] = useState<string | null>(null);
  const [status, setStatus] = useState('');
  const refused = refusedReason !== null;

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (refused) return;
    const text = draft.value.trim();
    if (!text) {
      setError(t('posts.comments.empty'));
      return;
    }
    if (text.length > limits.textMax) {
      setError(t('common.maxLength', { max: limits.textMax }));
      return;
    }
    setError(null);
    setStatus('');
    send.mutate(text, {
      onSuccess: () => {
        draft.set('');
        setStatus(t('posts.comments.sent'));
      },
      onError: (err) => {
        if (isTextFieldError(err, 'text')) setError(t('posts.refused', { message: (err as Error).message }));
      },
    });
  };

  return (
    <form noValidate onSubmit={submit} aria-label={t('posts.comments.formLabel')}>
      <Stack gap="xs">
        <Textarea
          {...draft.fieldProps}
          label={t('posts.comments.field')}
          description={refusedReason ?? t('posts.comments.hint')}
          error={error}
          autosize
          minRows={2}
          maxRows={12}
          disabled={refused}
        />
        <Group justify="space-between" gap="xs">
          <TemplatePicker
            language={post.language}
            disabled={refused}
            onInsert={(text) => {
              draft.insertTemplate(text, values);
              setStatus(t('posts.templateInserted'));
            }}
          />
          <GuardedButton
            type="submit"
            reason={refusedReason}
            loading={send.isPending}
            leftSection={<IconSend size={16} aria-hidden />}
          >
            {t('posts.comments.send')}
          </GuardedButton>
        </Group>
        <Text fz="sm" c="teal" role="status" aria-live="polite">
          {status}
        </Text>
      </Stack>
    </form>
  );
};

/**
 * The post's comments, oldest first: the author's on the left, the owners' on the right, new ones
 * marked; the signed-in owner's own can be deleted; then the form for a new one.
 */
export const PostComments = ({
  post,
  values,
  refusedReason,
}: {
  post: Post;
  values: TemplateValues;
  /** Why comments cannot be written or deleted (canComment is off), or null. */
  refusedReason: string | null;
}) => {
  const { t } = useTranslation();
  const { formatDateTime } = useDateFormat();
  const remove = useDeleteComment(post._id);
  const [deleting, setDeleting] = useState<PostComment | null>(null);
  const [status, setStatus] = useState('');
  const newCount = post.comments.filter((c) => c.isNew).length;

  return (
    <Stack gap="sm" component="section" aria-labelledby="post-comments-heading">
      <Title order={2} size="h4" id="post-comments-heading">
        {t('posts.comments.title', { count: post.comments.length })}
      </Title>
      {newCount > 0 ? (
        <Text fz="sm" c="dimmed">
          {t('posts.comments.newCount', { count: newCount })}
        </Text>
      ) : null}
      {post.comments.length === 0 ? (
        <Group gap="xs" c="dimmed">
          <IconMessages size={18} aria-hidden />
          <Text fz="sm">{t('posts.comments.none')}</Text>
        </Group>
      ) : (
        <Stack
          component="ol"
          gap="sm"
          m={0}
          p={0}
          style={{ listStyle: 'none' }}
          aria-label={t('posts.comments.listLabel')}
        >
          {post.comments.map((comment) => (
            <CommentItem
              key={comment._id}
              comment={comment}
              refusedReason={refusedReason}
              onDelete={setDeleting}
            />
          ))}
        </Stack>
      )}
      <Text role="status" aria-live="polite" fz="xs" c="dimmed">
        {status}
      </Text>
      <CommentForm post={post} values={values} refusedReason={refusedReason} />
      <ConfirmDialog
        opened={deleting !== null}
        title={t('posts.comments.deleteTitle')}
        confirmLabel={t('posts.comments.deleteConfirm')}
        color="red"
        focus="cancel"
        loading={remove.isPending}
        onClose={() => setDeleting(null)}
        onConfirm={() => {
          if (!deleting) return;
          remove.mutate(deleting._id, {
            onSuccess: () => setStatus(t('posts.comments.deleted')),
            onSettled: () => setDeleting(null),
          });
        }}
      >
        <Text>
          {deleting ? t('posts.comments.deleteText', { date: formatDateTime(deleting.createdAt) }) : null}
        </Text>
      </ConfirmDialog>
    </Stack>
  );
};
