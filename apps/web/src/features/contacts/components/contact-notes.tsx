import { Button, Group, Paper, Stack, Text, Textarea, Title } from '@mantine/core';
import { type ContactNote, limits } from '@parley/contract';
import { IconEdit, IconNote } from '@tabler/icons-react';
import { type FormEvent, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useDateFormat } from '@/lib/use-date-format';
import { useAddContactNote, useUpdateContactNote } from '../api/contact-notes';

/** A note's check (the contract's): not empty, at most `limits.textMax` characters. */
const useNoteCheck = () => {
  const { t } = useTranslation();
  return (text: string) => {
    const v = text.trim();
    if (!v) return t('contacts.notes.empty');
    return v.length > limits.textMax ? t('common.maxLength', { max: limits.textMax }) : null;
  };
};

/** One note, read or (after "Edit") changed in place. */
const NoteItem = ({ contactId, note }: { contactId: string; note: ContactNote }) => {
  const { t } = useTranslation();
  const { formatDateTime } = useDateFormat();
  const update = useUpdateContactNote();
  const checkNote = useNoteCheck();
  const [draft, setDraft] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const editButton = useRef<HTMLButtonElement>(null);
  const edited = note.updatedAt !== note.createdAt;

  const stop = () => {
    setDraft(null);
    setError(null);
    // Back to the button that opened the editor, which the editor replaced.
    requestAnimationFrame(() => editButton.current?.focus());
  };
  const save = () => {
    if (draft === null) return;
    const problem = checkNote(draft);
    setError(problem);
    if (problem) return;
    update.mutate({ id: contactId, noteId: note._id, noteText: draft.trim() }, { onSuccess: stop });
  };

  return (
    <Paper component="li" withBorder radius="md" p="sm">
      {draft === null ? (
        <Stack gap={4}>
          <Text style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>{note.noteText}</Text>
          <Group justify="space-between" gap="xs">
            <Text fz="xs" c="dimmed">
              {edited
                ? t('contacts.notes.writtenEdited', {
                    date: formatDateTime(note.createdAt),
                    edited: formatDateTime(note.updatedAt),
                  })
                : t('contacts.notes.written', { date: formatDateTime(note.createdAt) })}
            </Text>
            <Button
              ref={editButton}
              size="xs"
              variant="subtle"
              leftSection={<IconEdit size={14} aria-hidden />}
              aria-label={t('contacts.notes.editLabel', { date: formatDateTime(note.createdAt) })}
              onClick={() => setDraft(note.noteText)}
            >
              {t('contacts.notes.edit')}
            </Button>
          </Group>
        </Stack>
      ) : (
        <Stack gap="xs">
          <Textarea
            label={t('contacts.notes.editField')}
            autosize
            minRows={2}
            maxRows={10}
            value={draft}
            onChange={(e) => {
              setDraft(e.currentTarget.value);
              if (error) setError(checkNote(e.currentTarget.value));
            }}
            onKeyDown={(e) => {
              if (e.key === 'Escape') {
                e.stopPropagation();
                stop();
              }
            }}
            error={error}
            autoFocus
          />
          <Group gap="xs">
            <Button size="xs" onClick={save} loading={update.isPending}>
              {t('contacts.notes.save')}
            </Button>
            <Button size="xs" variant="default" onClick={stop} disabled={update.isPending}>
              {t('components.confirm.cancel')}
            </Button>
          </Group>
        </Stack>
      )}
    </Paper>
  );
};

/** A contact's notes, oldest first, each editable in place, and a field for a new one. */
export const ContactNotes = ({ contactId, notes }: { contactId: string; notes: readonly ContactNote[] }) => {
  const { t } = useTranslation();
  const add = useAddContactNote();
  const checkNote = useNoteCheck();
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const problem = checkNote(text);
    setError(problem);
    if (problem) return;
    add.mutate(
      { id: contactId, noteText: text.trim() },
      {
        onSuccess: () => {
          setText('');
          setError(null);
        },
      },
    );
  };

  return (
    <Stack gap="sm">
      <Title order={2} size="h4">
        {t('contacts.notes.title')}
      </Title>
      {notes.length === 0 ? (
        <Group gap="xs" c="dimmed">
          <IconNote size={18} aria-hidden />
          <Text fz="sm">{t('contacts.notes.none')}</Text>
        </Group>
      ) : (
        <Stack
          component="ul"
          gap="xs"
          p={0}
          m={0}
          style={{ listStyle: 'none' }}
          aria-label={t('contacts.notes.title')}
        >
          {notes.map((note) => (
            <NoteItem key={note._id} contactId={contactId} note={note} />
          ))}
        </Stack>
      )}
      <form noValidate onSubmit={submit}>
        <Stack gap="xs">
          <Textarea
            label={t('contacts.notes.newNote')}
            autosize
            minRows={2}
            maxRows={10}
            value={text}
            onChange={(e) => {
              setText(e.currentTarget.value);
              if (error) setError(checkNote(e.currentTarget.value));
            }}
            error={error}
          />
          <Group>
            <Button type="submit" variant="light" loading={add.isPending}>
              {t('contacts.notes.add')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Stack>
  );
};
