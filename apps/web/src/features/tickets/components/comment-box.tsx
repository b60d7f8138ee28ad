import { Group, Stack, Text, Textarea } from '@mantine/core';
import type { TemplateValues, Ticket } from '@parley/contract';
import { IconSend } from '@tabler/icons-react';
import type { FormEvent, RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { GuardedButton } from '@/components/guarded-button';
import { useCommentOnTicket } from '../api/ticket-mutations';
import { DraftTools, useSentDraft } from './owner-draft';

/**
 * A new message in the conversation (canComment, D8): the participant is mailed it. Without the
 * feature, or on an archived ticket, the field and button stay visible, disabled, and say why.
 */
export const CommentBox = ({
  ticket,
  values,
  refusedReason,
  fieldRef,
}: {
  ticket: Ticket;
  values: TemplateValues;
  /** Why no comment can be written now (the feature is off, the ticket archived), or null. */
  refusedReason: string | null;
  fieldRef: RefObject<HTMLTextAreaElement | null>;
}) => {
  const { t } = useTranslation();
  const compose = useSentDraft(fieldRef, 'description');
  const send = useCommentOnTicket(ticket._id);
  const refused = refusedReason !== null;

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (refused) return;
    compose.send(
      (text, handlers) => send.mutate(text, handlers),
      () => t('tickets.comments.sent'),
    );
  };

  return (
    <form noValidate onSubmit={submit} aria-label={t('tickets.comments.formLabel')}>
      <Stack gap="xs">
        <Textarea
          {...compose.fieldProps}
          label={t('tickets.comments.field')}
          description={refusedReason ?? t('tickets.comments.fieldHint')}
          autosize
          minRows={2}
          maxRows={12}
          disabled={refused}
        />
        <DraftTools
          draft={compose.draft}
          language={ticket.language}
          values={values}
          disabled={refused}
          previewLabel={t('tickets.comments.preview')}
        />
        <Group justify="flex-end">
          <GuardedButton
            type="submit"
            reason={refusedReason}
            loading={send.isPending}
            leftSection={<IconSend size={16} aria-hidden />}
          >
            {t('tickets.comments.send')}
          </GuardedButton>
        </Group>
        <Text fz="sm" c="teal" role="status" aria-live="polite">
          {compose.status}
        </Text>
      </Stack>
    </form>
  );
};
