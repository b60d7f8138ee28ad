import { Group, Stack, Text, Textarea, Title } from '@mantine/core';
import { limits, type Ticket } from '@parley/contract';
import { IconLock } from '@tabler/icons-react';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { GuardedButton } from '@/components/guarded-button';
import { isTextFieldError, useSavePrivateNote } from '../api/ticket-mutations';

/**
 * The ticket's private note (canPrivateNote, D8): for the manufacturer's owners only, never shown
 * to the participant; saving it empty removes it.
 */
export const PrivateNote = ({ ticket, refusedReason }: { ticket: Ticket; refusedReason: string | null }) => {
  const { t } = useTranslation();
  const save = useSavePrivateNote(ticket._id);
  const saved = ticket.privateNote ?? '';
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
        setStatus(privateNote ? t('tickets.note.saved') : t('tickets.note.cleared'));
      },
      onError: (err) => {
        if (isTextFieldError(err, 'privateNote')) {
          setError(t('tickets.compose.refused', { message: (err as Error).message }));
        }
      },
    });
  };

  return (
    <Stack gap="xs" component="section" aria-labelledby="ticket-note-heading">
      <Group gap={6}>
        <IconLock size={16} aria-hidden />
        <Title order={2} size="h5" id="ticket-note-heading">
          {t('tickets.note.title')}
        </Title>
      </Group>
      <form noValidate onSubmit={submit}>
        <Stack gap="xs">
          <Textarea
            label={t('tickets.note.field')}
            description={refusedReason ?? t('tickets.note.hint')}
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
              {t('tickets.note.save')}
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
