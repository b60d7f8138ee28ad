import { Group, Stack, Text, Textarea, Title } from '@mantine/core';
import { limits } from '@parley/contract';
import { IconLock } from '@tabler/icons-react';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { GuardedButton } from '@/components/guarded-button';
import { isApiError } from '@/lib/api-client';

type SaveNote = {
  mutate: (
    privateNote: string,
    o: { onSuccess: (saved: { privateNote: string | null }) => void; onError: (err: unknown) => void },
  ) => void;
  isPending: boolean;
};

/**
 * A record's private note (canPrivateNote, D8): for the manufacturer's owners only, never shown to the
 * participant or the public; saving it empty removes it. Without the feature it stays visible,
 * disabled, and says why. `texts` names the feature's texts (`<texts>.title`, `.field`, `.hint`,
 * `.save`, `.saved`, `.cleared`); `refusedKey` the message of a refused text.
 */
export const PrivateNoteField = ({
  saved: savedNote,
  save,
  refusedReason,
  texts,
  refusedKey,
}: {
  saved: string | null;
  save: SaveNote;
  refusedReason: string | null;
  texts: 'tickets.note' | 'posts.note';
  refusedKey: 'tickets.compose.refused' | 'posts.refused';
}) => {
  const { t } = useTranslation();
  const headingId = useId();
  const saved = savedNote ?? '';
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
        setStatus(privateNote ? t(`${texts}.saved`) : t(`${texts}.cleared`));
      },
      onError: (err) => {
        if (isApiError(err) && err.code === 'validation' && err.field === 'privateNote') {
          setError(t(refusedKey, { message: err.message }));
        }
      },
    });
  };

  return (
    <Stack gap="xs" component="section" aria-labelledby={headingId}>
      <Group gap={6}>
        <IconLock size={16} aria-hidden />
        <Title order={2} size="h5" id={headingId}>
          {t(`${texts}.title`)}
        </Title>
      </Group>
      <form noValidate onSubmit={submit}>
        <Stack gap="xs">
          <Textarea
            label={t(`${texts}.field`)}
            description={refusedReason ?? t(`${texts}.hint`)}
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
              {t(`${texts}.save`)}
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
