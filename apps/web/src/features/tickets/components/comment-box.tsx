import { Group, Stack, Text, Textarea } from '@mantine/core';
import type { TemplateValues, Ticket } from '@parley/contract';
import { IconSend } from '@tabler/icons-react';
import { type FormEvent, type RefObject, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { GuardedButton } from '@/components/guarded-button';
import { isTextFieldError, useCommentOnTicket } from '../api/ticket-mutations';
import { DraftTools, useDraftCheck, useOwnerDraft } from './owner-draft';

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
  const draft = useOwnerDraft(fieldRef);
  const check = useDraftCheck();
  const send = useCommentOnTicket(ticket._id);
  const [error, setError] = useState<string | null>(null);
  const [status, setStatus] = useState('');
  const refused = refusedReason !== null;

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (refused) return;
    const problem = check(draft.value);
    setError(problem);
    if (problem) return;
    setStatus('');
    send.mutate(draft.value.trim(), {
      onSuccess: () => {
        draft.clear();
        setStatus(t('tickets.comments.sent'));
      },
      onError: (err) => {
        if (isTextFieldError(err, 'description')) {
          setError(t('tickets.compose.refused', { message: (err as Error).message }));
        }
      },
    });
  };

  return (
    <form noValidate onSubmit={submit} aria-label={t('tickets.comments.formLabel')}>
      <Stack gap="xs">
        <Textarea
          {...draft.fieldProps}
          onChange={(e) => {
            draft.fieldProps.onChange(e);
            if (error) setError(check(e.currentTarget.value));
          }}
          label={t('tickets.comments.field')}
          description={refusedReason ?? t('tickets.comments.fieldHint')}
          autosize
          minRows={2}
          maxRows={12}
          error={error}
          disabled={refused}
        />
        <DraftTools
          draft={draft}
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
          {status}
        </Text>
      </Stack>
    </form>
  );
};
