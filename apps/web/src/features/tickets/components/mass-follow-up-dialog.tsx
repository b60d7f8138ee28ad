import {
  ActionIcon,
  Alert,
  Box,
  Button,
  Divider,
  Group,
  Modal,
  NativeSelect,
  Paper,
  Radio,
  Stack,
  Switch,
  Text,
  Textarea,
  Title,
  Tooltip,
} from '@mantine/core';
import {
  type Campaign,
  limits,
  type MassFollowUp,
  renderTemplate,
  type TicketListItem,
  unknownPlaceholders,
} from '@parley/contract';
import { IconChevronLeft, IconChevronRight, IconInfoCircle, IconSend } from '@tabler/icons-react';
import { type ReactNode, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { GuardedButton } from '@/components/guarded-button';
import { LabelledProgress } from '@/components/labelled-progress';
import { TemplatePicker } from '@/components/template-picker';
import { isApiError } from '@/lib/api-client';
import { useMeSmall } from '@/lib/current-owner';
import { notifyError } from '@/lib/notifications';
import { apiErrorMessage } from '@/lib/react-query';
import { useTickets } from '../api/get-tickets';
import {
  type MassFollowUpInput,
  useMassFollowUpStatus,
  useRefreshTicketsAfterFollowUp,
  useStartMassFollowUp,
} from '../api/mass-follow-up';
import {
  defaultFollowUpSubject,
  FollowUpSubjectField,
  followUpSubjectInput,
  followUpSubjectValid,
} from './mass-follow-up-subject';
import { RecentFollowUps } from './recent-follow-ups';
import { ticketContactName } from './ticket-columns';

/** How many recipients the preview steps through. */
export const followUpPreviewMax = 20;

type FollowUpCampaign = Pick<Campaign, '_id' | 'title' | 'language' | 'state'>;
type Scope = 'selected' | 'all';

/**
 * The mass follow-up (D14): one comment to the chosen tickets or to every open ticket of the
 * campaign, previewed as each participant gets it, confirmed with the number of tickets, then
 * followed until it has been posted everywhere.
 */
export const MassFollowUpDialog = ({
  opened,
  onClose,
  campaign,
  selected,
  onSent,
}: {
  opened: boolean;
  onClose: () => void;
  campaign: FollowUpCampaign;
  /** The tickets chosen in the list (none: the dialog offers every open ticket only). */
  selected: readonly TicketListItem[];
  /** The follow-up was accepted (e.g. to clear the list's choice). */
  onSent: () => void;
}) => {
  const { t } = useTranslation();
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={t('tickets.followUp.title', { campaign: campaign.title })}
      size="lg"
    >
      {opened ? (
        <FollowUpContent campaign={campaign} selected={selected} onClose={onClose} onSent={onSent} />
      ) : null}
    </Modal>
  );
};

const FollowUpContent = ({
  campaign,
  selected,
  onClose,
  onSent,
}: {
  campaign: FollowUpCampaign;
  selected: readonly TicketListItem[];
  onClose: () => void;
  onSent: () => void;
}) => {
  const { t } = useTranslation();
  const owner = useMeSmall().data;
  const canComment = owner?.manufacturer.canComment ?? false;
  const canSilent = owner?.manufacturer.canSaveAnswerWithoutNotification ?? false;
  const chosen = selected.filter((ticket) => !ticket.ignored);
  const [scope, setScope] = useState<Scope>(chosen.length > 0 ? 'selected' : 'all');
  const [text, setText] = useState('');
  const [notify, setNotify] = useState(true);
  const [subject, setSubject] = useState<string>(() => defaultFollowUpSubject(campaign.language));
  const [submitted, setSubmitted] = useState(false);
  const [serverError, setServerError] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [started, setStarted] = useState<MassFollowUp | null>(null);
  const textarea = useRef<HTMLTextAreaElement>(null);
  const textId = useId();
  const start = useStartMassFollowUp();
  // Every open ticket: the first page for the preview, the total for the confirmation.
  const open = useTickets({
    campaignId: campaign._id,
    archived: 'false',
    sort: 'newest',
    page: 1,
    limit: followUpPreviewMax,
  });

  const recipients = scope === 'selected' ? chosen : (open.data?.documents ?? []);
  const count = scope === 'selected' ? chosen.length : open.data?.total;

  if (started) {
    return <FollowUpProgress campaignId={campaign._id} initial={started} onClose={onClose} />;
  }

  const unknown = unknownPlaceholders(text);
  const textError = (() => {
    if (unknown.length > 0) {
      return t('tickets.followUp.unknownPlaceholders', {
        count: unknown.length,
        names: unknown.map((n) => `{{${n}}}`).join(', '),
      });
    }
    if (text.trim().length > limits.textMax) return t('common.maxLength', { max: limits.textMax });
    if (submitted && text.trim() === '') return t('tickets.followUp.textRequired');
    return serverError;
  })();

  const insert = (snippet: string) => {
    const area = textarea.current;
    const from = area?.selectionStart ?? text.length;
    const to = area?.selectionEnd ?? text.length;
    setText(text.slice(0, from) + snippet + text.slice(to));
    setServerError(null);
    // The caret goes after what was inserted.
    requestAnimationFrame(() => {
      area?.focus();
      area?.setSelectionRange(from + snippet.length, from + snippet.length);
    });
  };

  const sendReason = (() => {
    if (!canComment) return t('tickets.followUp.noComments');
    if (campaign.state === 'archived') return t('tickets.followUp.campaignArchived');
    if (count === 0) return t('tickets.followUp.nobody');
    return null;
  })();

  const review = () => {
    setSubmitted(true);
    if (text.trim() === '' || unknown.length > 0 || text.trim().length > limits.textMax) {
      textarea.current?.focus();
      return;
    }
    if (notify && !followUpSubjectValid(subject)) return;
    if (count === undefined) return;
    setConfirming(true);
  };

  const send = () => {
    const input: MassFollowUpInput = {
      campaignId: campaign._id,
      description: text.trim(),
      notify,
      ...(notify ? followUpSubjectInput(subject, campaign.language) : {}),
      ...(scope === 'selected' ? { ticketIds: chosen.map((ticket) => ticket._id) } : {}),
    };
    start.mutate(input, {
      onSuccess: (followUp) => {
        setStarted(followUp);
        onSent();
      },
      onError: (error) => {
        setConfirming(false);
        if (isApiError(error) && error.code === 'validation' && error.field === 'description') {
          setServerError(t('tickets.followUp.textRefused'));
        }
        notifyError({ title: t('tickets.followUp.failed'), message: apiErrorMessage(error) });
      },
    });
  };

  if (confirming && count !== undefined) {
    return (
      <Stack gap="md">
        <Text fw={500}>{t('tickets.followUp.confirm', { count })}</Text>
        <Text fz="sm">
          {notify ? t('tickets.followUp.confirmMailed') : t('tickets.followUp.confirmSilent')}
        </Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={() => setConfirming(false)} disabled={start.isPending}>
            {t('tickets.followUp.back')}
          </Button>
          <Button
            leftSection={<IconSend size={16} aria-hidden />}
            onClick={send}
            loading={start.isPending}
            data-autofocus
          >
            {t('tickets.followUp.send', { count })}
          </Button>
        </Group>
      </Stack>
    );
  }

  return (
    <Stack gap="md">
      {canComment ? null : (
        <Alert role="note" color="yellow" variant="light" icon={<IconInfoCircle size={18} aria-hidden />}>
          {t('tickets.followUp.noComments')}
        </Alert>
      )}
      <Radio.Group
        label={t('tickets.followUp.scope')}
        value={scope}
        onChange={(value) => setScope(value === 'selected' ? 'selected' : 'all')}
      >
        <Stack gap="xs" mt="xs">
          <Radio
            value="selected"
            label={t('tickets.followUp.scopeSelected', { count: chosen.length })}
            disabled={chosen.length === 0}
            description={chosen.length === 0 ? t('tickets.followUp.scopeSelectedHint') : undefined}
          />
          <Radio
            value="all"
            label={
              open.data
                ? t('tickets.followUp.scopeAll', { count: open.data.total })
                : t('tickets.followUp.scopeAllLoading')
            }
          />
        </Stack>
      </Radio.Group>

      <Stack gap={6}>
        <Group justify="space-between" align="flex-end">
          <Text component="label" htmlFor={textId} fw={500} fz="sm">
            {t('tickets.followUp.text')}
          </Text>
          <TemplatePicker onInsert={insert} language={campaign.language} />
        </Group>
        <Textarea
          id={textId}
          ref={textarea}
          description={t('tickets.followUp.textHint', { example: '{{contact.firstname|there}}' })}
          value={text}
          onChange={(e) => {
            setText(e.currentTarget.value);
            setServerError(null);
          }}
          error={textError}
          autosize
          minRows={4}
          maxRows={12}
          required
          data-autofocus
        />
      </Stack>

      <FollowUpPreview
        text={text}
        recipients={recipients.slice(0, followUpPreviewMax)}
        count={count}
        loading={scope === 'all' && open.isPending}
        values={{ campaignTitle: campaign.title, manufacturerName: owner?.manufacturer.name ?? null }}
      />

      <NotifySwitch notify={notify} onChange={setNotify} canSilent={canSilent} />
      {notify ? <FollowUpSubjectField value={subject} onChange={setSubject} submitted={submitted} /> : null}

      <Group justify="flex-end">
        <Button variant="default" onClick={onClose}>
          {t('components.confirm.cancel')}
        </Button>
        <GuardedButton
          reason={sendReason}
          leftSection={<IconSend size={16} aria-hidden />}
          onClick={review}
          disabled={count === undefined && !sendReason}
        >
          {t('tickets.followUp.review')}
        </GuardedButton>
      </Group>

      <Divider />
      <RecentFollowUps campaignId={campaign._id} />
    </Stack>
  );
};

/** Mailed (with one reminder after 3 days) or saved silently, which needs its flag (D8). */
const NotifySwitch = ({
  notify,
  onChange,
  canSilent,
}: {
  notify: boolean;
  onChange: (notify: boolean) => void;
  canSilent: boolean;
}) => {
  const { t } = useTranslation();
  const state = notify ? t('tickets.followUp.notifyOn') : t('tickets.followUp.notifyOff');
  const control = (
    <Switch
      label={t('tickets.followUp.notify')}
      // The reason is part of the description, so a screen reader hears why the switch is off.
      description={canSilent ? state : `${state} ${t('tickets.followUp.silentDisabled')}`}
      checked={notify}
      onChange={(e) => onChange(e.currentTarget.checked)}
      disabled={!canSilent}
    />
  );
  if (canSilent) return control;
  return (
    <Tooltip label={t('tickets.followUp.silentDisabled')} withArrow multiline w={280}>
      <Box w="fit-content">{control}</Box>
    </Tooltip>
  );
};

/** The text as each recipient gets it: the placeholders filled with that ticket's participant. */
const FollowUpPreview = ({
  text,
  recipients,
  count,
  loading,
  values,
}: {
  text: string;
  recipients: readonly TicketListItem[];
  count: number | undefined;
  loading: boolean;
  values: { campaignTitle: string; manufacturerName: string | null };
}) => {
  const { t } = useTranslation();
  const [index, setIndex] = useState(0);
  const at = Math.min(index, Math.max(0, recipients.length - 1));
  const ticket = recipients[at];
  // Another choice of recipients starts again at the first.
  const ids = recipients.map((r) => r._id).join(',');
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new set of recipients starts again at the first.
  useEffect(() => setIndex(0), [ids]);
  const name = (r: TicketListItem) =>
    r.contact ? ticketContactName(r) || r.contact.email : t('tickets.deletedContact');

  let body: ReactNode;
  if (loading) {
    body = <Text fz="sm">{t('common.loading')}</Text>;
  } else if (!ticket) {
    body = (
      <Text fz="sm" c="dimmed">
        {t('tickets.followUp.previewNobody')}
      </Text>
    );
  } else {
    const rendered = renderTemplate(text.trim(), {
      'contact.firstname': ticket.contact?.firstname ?? null,
      'contact.lastname': ticket.contact?.lastname ?? null,
      'campaign.title': values.campaignTitle,
      'manufacturer.name': values.manufacturerName,
    });
    body = (
      <Stack gap="xs">
        <Group gap="xs" align="flex-end" wrap="nowrap">
          <NativeSelect
            label={t('tickets.followUp.previewFor')}
            data={recipients.map((r, i) => ({ value: String(i), label: name(r) }))}
            value={String(at)}
            onChange={(e) => setIndex(Number(e.currentTarget.value))}
            style={{ flex: 1, minWidth: 0 }}
          />
          <ActionIcon
            variant="default"
            size="lg"
            aria-label={t('tickets.followUp.previous')}
            onClick={() => setIndex(at - 1)}
            disabled={at === 0}
          >
            <IconChevronLeft size={16} aria-hidden />
          </ActionIcon>
          <ActionIcon
            variant="default"
            size="lg"
            aria-label={t('tickets.followUp.next')}
            onClick={() => setIndex(at + 1)}
            disabled={at >= recipients.length - 1}
          >
            <IconChevronRight size={16} aria-hidden />
          </ActionIcon>
        </Group>
        <Text fz="xs" c="dimmed">
          {count !== undefined && count > recipients.length
            ? t('tickets.followUp.previewSome', { shown: recipients.length, count })
            : t('tickets.followUp.previewPosition', { position: at + 1, count: recipients.length })}
        </Text>
        <Paper
          withBorder
          p="sm"
          radius="sm"
          bg="var(--mantine-color-gray-light)"
          aria-label={t('tickets.followUp.previewOf', { name: name(ticket) })}
          role="region"
        >
          {rendered ? (
            <Text fz="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
              {rendered}
            </Text>
          ) : (
            <Text fz="sm" c="dimmed">
              {t('tickets.followUp.previewEmpty')}
            </Text>
          )}
        </Paper>
      </Stack>
    );
  }

  return (
    <Stack gap="xs">
      <Title order={3} size="h6">
        {t('tickets.followUp.preview')}
      </Title>
      {body}
    </Stack>
  );
};

/** The follow-up's delivery, asked for every 2 s until it is done. */
const FollowUpProgress = ({
  campaignId,
  initial,
  onClose,
}: {
  campaignId: string;
  initial: MassFollowUp;
  onClose: () => void;
}) => {
  const { t } = useTranslation();
  const status = useMassFollowUpStatus(campaignId, initial._id);
  const followUp = status.data ?? initial;
  const done = followUp.state === 'done';
  const refreshTickets = useRefreshTicketsAfterFollowUp();
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, when it is done.
  useEffect(() => {
    if (done) refreshTickets();
  }, [done]);
  const percent = followUp.total > 0 ? Math.round((followUp.done / followUp.total) * 100) : 100;
  const progress = t('tickets.followUp.progressValue', { done: followUp.done, count: followUp.total });
  return (
    <Stack gap="md">
      <LabelledProgress
        value={done ? 100 : percent}
        label={t('tickets.followUp.progress')}
        valueText={progress}
        color={done ? 'teal' : undefined}
        animated={!done}
        size="lg"
      />
      <Text fz="sm" role="status">
        {done
          ? t('tickets.followUp.done', { count: followUp.total })
          : followUp.state === 'queued'
            ? t('tickets.followUp.queued')
            : progress}
      </Text>
      {status.isError ? (
        <Text fz="sm" c="dimmed">
          {t('tickets.followUp.statusFailed')}
        </Text>
      ) : null}
      <Text fz="sm" c="dimmed">
        {followUp.notify ? t('tickets.followUp.reminderNote') : t('tickets.followUp.silentNote')}
      </Text>
      <Group justify="flex-end">
        <Button variant={done ? 'filled' : 'default'} onClick={onClose} data-autofocus>
          {done ? t('common.close') : t('tickets.followUp.closeWhileRunning')}
        </Button>
      </Group>
    </Stack>
  );
};
