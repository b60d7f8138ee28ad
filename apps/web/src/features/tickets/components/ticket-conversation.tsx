import { ActionIcon, Badge, Box, Group, Paper, Stack, Text, Tooltip } from '@mantine/core';
import type { Language, Ticket, TicketComment } from '@parley/contract';
import { IconMessages, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { TranslateButton } from '@/components/translate-button';
import { useDateFormat } from '@/lib/use-date-format';
import { useDeleteComment } from '../api/ticket-mutations';
import { TicketMediaView } from './ticket-media';

const CommentItem = ({
  ticketId,
  comment,
  language,
  readOnlyReason,
  onDelete,
}: {
  ticketId: string;
  comment: TicketComment;
  language: Language;
  readOnlyReason: string | null;
  onDelete: (comment: TicketComment) => void;
}) => {
  const { t } = useTranslation();
  const { formatDateTime } = useDateFormat();
  const fromOwner = comment.author === 'owner';
  const author = fromOwner
    ? comment.own
      ? t('tickets.comments.you')
      : (comment.authorName ?? t('tickets.comments.owner'))
    : (comment.authorName ?? t('tickets.deletedContact'));
  const date = formatDateTime(comment.createdAt);
  const heading = t(fromOwner ? 'tickets.comments.fromOwner' : 'tickets.comments.fromParticipant', {
    name: author,
    date,
  });
  return (
    <Box
      component="li"
      style={{
        display: 'flex',
        justifyContent: fromOwner ? 'flex-end' : 'flex-start',
      }}
    >
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
              <Text fw={600} fz="sm" fs={!fromOwner && comment.authorName === null ? 'italic' : undefined}>
                {author}
              </Text>
              {/* On the owner's tinted message (blue 1) the theme's outline blue reads 4.06:1; blue 9
                  reads 4.9:1 (docs/product-decisions.md, Console). */}
              <Badge
                size="xs"
                variant="outline"
                color={fromOwner ? 'blue' : 'gray'}
                c={fromOwner ? 'blue.9' : undefined}
              >
                {fromOwner ? t('tickets.comments.ownerBadge') : t('tickets.comments.participantBadge')}
              </Badge>
              {comment.massFollowUp ? (
                // Shade 9 as well: the theme's light-badge text is chosen for a white page.
                <Badge size="xs" variant="light" color="violet" c="violet.9">
                  {t('tickets.comments.massFollowUp')}
                </Badge>
              ) : null}
              {comment.isNew ? (
                <Badge size="xs" variant="filled" color="orange">
                  {t('tickets.comments.new')}
                </Badge>
              ) : null}
            </Group>
            <Group gap={4} wrap="nowrap">
              <Text fz="xs" c="dimmed" component="time" dateTime={comment.createdAt}>
                {date}
              </Text>
              {comment.own ? (
                <Tooltip label={readOnlyReason ?? t('tickets.comments.delete')} withArrow multiline maw={260}>
                  <ActionIcon
                    variant="subtle"
                    color="red"
                    size="sm"
                    aria-label={t('tickets.comments.deleteLabel', { date })}
                    aria-disabled={readOnlyReason ? true : undefined}
                    data-disabled={readOnlyReason ? true : undefined}
                    onClick={() => {
                      if (!readOnlyReason) onDelete(comment);
                    }}
                  >
                    <IconTrash size={14} aria-hidden />
                  </ActionIcon>
                </Tooltip>
              ) : null}
            </Group>
          </Group>
          {comment.description ? (
            <Text style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>{comment.description}</Text>
          ) : null}
          {comment.media.length > 0 ? (
            <Group gap="xs" align="flex-start">
              {comment.media.map((m, i) => (
                <TicketMediaView
                  key={m._id}
                  ticketId={ticketId}
                  media={m}
                  description={t(m.kind === 'video' ? 'tickets.media.video' : 'tickets.media.image', {
                    number: i + 1,
                    name: author,
                    date,
                  })}
                />
              ))}
            </Group>
          ) : null}
          {!fromOwner && comment.description ? (
            <TranslateButton
              text={comment.description}
              sourceLanguage={language}
              subject={t('tickets.comments.messageOf', { name: author, date })}
            />
          ) : null}
        </Stack>
      </Paper>
    </Box>
  );
};

/**
 * The ticket's conversation, oldest first: the participant's messages on the left, the owners' on
 * the right in the primary colour (mass follow-ups marked), new ones marked "New", attachments
 * shown in place, the signed-in owner's own messages deletable.
 */
export const TicketConversation = ({
  ticket,
  readOnlyReason,
}: {
  ticket: Ticket;
  /** Why nothing can be deleted now (an archived ticket), or null. */
  readOnlyReason: string | null;
}) => {
  const { t } = useTranslation();
  const { formatDateTime } = useDateFormat();
  const remove = useDeleteComment(ticket._id);
  const [deleting, setDeleting] = useState<TicketComment | null>(null);
  const [status, setStatus] = useState('');
  const newCount = ticket.comments.filter((c) => c.isNew).length;

  return (
    <Stack gap="sm">
      {newCount > 0 ? (
        <Text fz="sm" c="dimmed">
          {t('tickets.comments.newCount', { count: newCount })}
        </Text>
      ) : null}
      {ticket.comments.length === 0 ? (
        <Group gap="xs" c="dimmed">
          <IconMessages size={18} aria-hidden />
          <Text fz="sm">{t('tickets.comments.none')}</Text>
        </Group>
      ) : (
        <Stack
          component="ol"
          gap="sm"
          m={0}
          p={0}
          style={{ listStyle: 'none' }}
          aria-label={t('tickets.comments.listLabel')}
        >
          {ticket.comments.map((comment) => (
            <CommentItem
              key={comment._id}
              ticketId={ticket._id}
              comment={comment}
              language={ticket.language}
              readOnlyReason={readOnlyReason}
              onDelete={setDeleting}
            />
          ))}
        </Stack>
      )}
      <Text role="status" aria-live="polite" fz="xs" c="dimmed">
        {status}
      </Text>
      <ConfirmDialog
        opened={deleting !== null}
        title={t('tickets.comments.deleteTitle')}
        confirmLabel={t('tickets.comments.deleteConfirm')}
        color="red"
        focus="cancel"
        loading={remove.isPending}
        onClose={() => setDeleting(null)}
        onConfirm={() => {
          if (!deleting) return;
          remove.mutate(deleting._id, {
            onSuccess: () => setStatus(t('tickets.comments.deleted')),
            onSettled: () => setDeleting(null),
          });
        }}
      >
        <Text>
          {deleting ? t('tickets.comments.deleteText', { date: formatDateTime(deleting.createdAt) }) : null}
        </Text>
      </ConfirmDialog>
    </Stack>
  );
};
