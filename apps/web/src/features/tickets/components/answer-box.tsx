import {
  Alert,
  Badge,
  Button,
  Checkbox,
  Group,
  Paper,
  Stack,
  Text,
  Textarea,
  Title,
  Tooltip,
} from '@mantine/core';
import type { TemplateValues, Ticket } from '@parley/contract';
import { IconEdit, IconMailOff } from '@tabler/icons-react';
import { type FormEvent, type RefObject, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { GuardedButton } from '@/components/guarded-button';
import { useDateFormat } from '@/lib/use-date-format';
import { useSaveAnswer } from '../api/ticket-mutations';
import { DraftTools, useSentDraft } from './owner-draft';

/** The owner's answer as it stands: its text, whether it was mailed, who saved it and when. */
const CurrentAnswer = ({
  answer,
  onEdit,
  editDisabled,
}: {
  answer: NonNullable<Ticket['manuAnswer']>;
  onEdit: () => void;
  editDisabled: boolean;
}) => {
  const { t } = useTranslation();
  const { formatDateTime } = useDateFormat();
  const date = formatDateTime(answer.answeredAt);
  return (
    <Paper withBorder radius="md" p="sm" bg="var(--mantine-primary-color-light)">
      <Stack gap={6}>
        <Group justify="space-between" gap="xs">
          <Group gap="xs">
            <Text fw={600} fz="sm">
              {t('tickets.answer.current')}
            </Text>
            {answer.notified ? (
              <Badge size="sm" color="teal" variant="light">
                {t('tickets.answer.mailed')}
              </Badge>
            ) : (
              <Badge size="sm" color="gray" variant="light">
                {t('tickets.answer.savedWithoutMail')}
              </Badge>
            )}
          </Group>
          <Button
            size="compact-xs"
            variant="subtle"
            leftSection={<IconEdit size={14} aria-hidden />}
            onClick={onEdit}
            disabled={editDisabled}
          >
            {t('tickets.answer.edit')}
          </Button>
        </Group>
        <Text style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>{answer.text}</Text>
        <Text fz="xs" c="dimmed">
          {answer.answeredBy
            ? t('tickets.answer.byOn', { name: answer.answeredBy, date })
            : t('tickets.answer.on', { date })}
        </Text>
      </Stack>
    </Paper>
  );
};

/**
 * The owner's answer to the participant (D14): the current one, and a field to write (or change)
 * it, mailed to the participant unless "Notify participant by email" is off, which needs
 * canSaveAnswerWithoutNotification (D8: otherwise the choice stays visible, disabled, with a
 * tooltip).
 */
export const AnswerBox = ({
  ticket,
  values,
  canSaveSilently,
  readOnlyReason,
  fieldRef,
}: {
  ticket: Ticket;
  values: TemplateValues;
  canSaveSilently: boolean;
  /** Why nothing can be written now (an archived ticket), or null. */
  readOnlyReason: string | null;
  fieldRef: RefObject<HTMLTextAreaElement | null>;
}) => {
  const { t } = useTranslation();
  const compose = useSentDraft(fieldRef, 'manuAnswer');
  const save = useSaveAnswer(ticket._id);
  const [notify, setNotify] = useState(true);
  const notifyHintId = useId();
  const readOnly = readOnlyReason !== null;
  const silentRefused = canSaveSilently ? null : t('tickets.answer.silentNotEnabled');

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (readOnly) return;
    const sendMail = notify || !canSaveSilently;
    compose.send(
      (text, handlers) => save.mutate({ text, notify: sendMail }, handlers),
      () => (sendMail ? t('tickets.answer.savedMailed') : t('tickets.answer.savedSilently')),
    );
  };

  const notifyBox = (
    <Checkbox
      label={t('tickets.answer.notify')}
      checked={notify || !canSaveSilently}
      onChange={(e) => {
        if (canSaveSilently) setNotify(e.currentTarget.checked);
      }}
      disabled={readOnly}
      aria-disabled={silentRefused ? true : undefined}
      aria-describedby={silentRefused ? notifyHintId : undefined}
      styles={silentRefused ? { input: { cursor: 'not-allowed', opacity: 0.6 } } : undefined}
    />
  );

  return (
    <Stack gap="sm" component="section" aria-labelledby="ticket-answer-heading">
      <Title order={2} size="h4" id="ticket-answer-heading">
        {t('tickets.answer.title')}
      </Title>
      {ticket.manuAnswer ? (
        <CurrentAnswer
          answer={ticket.manuAnswer}
          editDisabled={readOnly}
          onEdit={() => compose.draft.load(ticket.manuAnswer?.text ?? '')}
        />
      ) : (
        <Text fz="sm" c="dimmed">
          {t('tickets.answer.none')}
        </Text>
      )}
      <form noValidate onSubmit={submit}>
        <Stack gap="xs">
          <Textarea
            {...compose.fieldProps}
            label={ticket.manuAnswer ? t('tickets.answer.changeField') : t('tickets.answer.field')}
            description={t('tickets.answer.fieldHint', { example: '{{contact.firstname}}' })}
            autosize
            minRows={3}
            maxRows={14}
            disabled={readOnly}
          />
          <DraftTools
            draft={compose.draft}
            language={ticket.language}
            values={values}
            disabled={readOnly}
            previewLabel={t('tickets.answer.preview')}
          />
          {ticket.mailsOff && (notify || !canSaveSilently) ? (
            <Alert color="yellow" variant="light" icon={<IconMailOff size={16} aria-hidden />} p="xs">
              {t('tickets.answer.mailsOff')}
            </Alert>
          ) : null}
          <Group justify="space-between" gap="sm">
            {silentRefused ? (
              <>
                <Tooltip
                  label={silentRefused}
                  withArrow
                  multiline
                  w={280}
                  events={{ hover: true, focus: true, touch: true }}
                >
                  <div>{notifyBox}</div>
                </Tooltip>
                <Text id={notifyHintId} hidden>
                  {silentRefused}
                </Text>
              </>
            ) : (
              notifyBox
            )}
            <GuardedButton type="submit" reason={readOnlyReason} loading={save.isPending}>
              {notify || !canSaveSilently
                ? t('tickets.answer.saveAndMail')
                : t('tickets.answer.saveSilently')}
            </GuardedButton>
          </Group>
          <Text fz="sm" c="teal" role="status" aria-live="polite">
            {compose.status}
          </Text>
        </Stack>
      </form>
    </Stack>
  );
};
