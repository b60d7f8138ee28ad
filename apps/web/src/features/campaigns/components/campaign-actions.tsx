import { Alert, Badge, Button, Group, Text } from '@mantine/core';
import { type Campaign, endConditionMet, type MetEndCondition } from '@parley/contract';
import {
  IconAlertTriangle,
  IconArchive,
  IconCopy,
  IconEye,
  IconPlayerPlay,
  IconPlayerStop,
  IconRefresh,
} from '@tabler/icons-react';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { paths } from '@/config/paths';
import { notifyError, notifySuccess } from '@/lib/notifications';
import { apiErrorMessage } from '@/lib/react-query';
import { useArchiveCampaign } from '../api/archive-campaign';
import { useCopyCampaign } from '../api/copy-campaign';
import { useStartCampaign } from '../api/start-campaign';
import { useStopCampaign } from '../api/stop-campaign';
import { focusCampaignHeading } from './campaign-heading-focus';
import { ChangeEndConditionModal } from './change-end-condition-modal';

/** D12: below this many questions the console warns before starting (the server refuses only 0). */
export const recommendedQuestionCount = 3;

type Action = 'start' | 'stop' | 'restart' | 'archive' | 'copy';

/** Start, stop, restart, archive and copy, each behind a confirmation; plus the preview. */
export const CampaignActions = ({
  campaign,
  onPreview,
  onStateChanged,
}: {
  campaign: Campaign;
  onPreview: () => void;
  /** After start, stop or restart: the button that was pressed is gone, so the focus needs a new home. */
  onStateChanged: () => void;
}) => {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [pending, setPending] = useState<Action | null>(null);
  const start = useStartCampaign();
  const stop = useStopCampaign();
  const archive = useArchiveCampaign();
  const copy = useCopyCampaign();

  // A (re)start whose end condition is met could only fail: its dialog says why and takes a new
  // one. Judged when the dialog opens, so saving the new condition does not swap the dialog.
  const [met, setMet] = useState<MetEndCondition | null>(null);
  const open = (action: Action) => {
    const starts = (action === 'start' || action === 'restart') && campaign.questionCount > 0;
    setMet(starts ? endConditionMet(campaign, new Date()) : null);
    setPending(action);
  };
  const close = () => setPending(null);
  // Set on success, run once the dialog has gone: Mantine would return the focus to the pressed
  // button, which the new state replaced (Start becomes Stop), leaving it on the page body.
  const afterClose = useRef<(() => void) | null>(null);
  const changedState = (message: string) => {
    afterClose.current = onStateChanged;
    done(message);
  };
  const failed = (error: unknown) => {
    close();
    notifyError({ title: t('campaigns.actions.failedTitle'), message: apiErrorMessage(error) });
  };
  const done = (message: string) => {
    close();
    notifySuccess({ title: t('campaigns.actions.doneTitle'), message });
  };

  const confirm = () => {
    const id = campaign._id;
    if (pending === 'start' || pending === 'restart') {
      start.mutate(id, {
        onSuccess: () => changedState(t('campaigns.actions.startedText')),
        onError: failed,
      });
    } else if (pending === 'stop') {
      stop.mutate(id, { onSuccess: () => changedState(t('campaigns.actions.stoppedText')), onError: failed });
    } else if (pending === 'archive') {
      archive.mutate(id, { onSuccess: () => done(t('campaigns.actions.archivedText')), onError: failed });
    } else if (pending === 'copy') {
      copy.mutate(id, {
        onSuccess: (created) => {
          done(t('campaigns.actions.copiedText'));
          navigate(paths.campaign(created._id), { state: focusCampaignHeading });
        },
        onError: failed,
      });
    }
  };

  const { state, questionCount } = campaign;
  const tooFew = questionCount < recommendedQuestionCount;
  const loading = start.isPending || stop.isPending || archive.isPending || copy.isPending;

  const texts: Record<Action, { title: string; confirm: string; text: string; color?: string }> = {
    start: {
      title: t('campaigns.actions.startTitle'),
      confirm: t('campaigns.actions.startConfirm'),
      text: t('campaigns.actions.startText'),
    },
    restart: {
      title: t('campaigns.actions.restartTitle'),
      confirm: t('campaigns.actions.restartConfirm'),
      text: t('campaigns.actions.restartText'),
    },
    stop: {
      title: t('campaigns.actions.stopTitle'),
      confirm: t('campaigns.actions.stopConfirm'),
      text: t('campaigns.actions.stopText'),
      color: 'orange',
    },
    archive: {
      title: t('campaigns.actions.archiveTitle'),
      confirm: t('campaigns.actions.archiveConfirm'),
      text: t('campaigns.actions.archiveText'),
      color: 'red',
    },
    copy: {
      title: t('campaigns.actions.copyTitle'),
      confirm: t('campaigns.actions.copyConfirm'),
      text: t('campaigns.actions.copyText'),
    },
  };
  const starting = pending === 'start' || pending === 'restart' ? pending : null;
  const shown = pending && !(starting && met) ? texts[pending] : null;
  // The dialog keeps its words while it fades out after Cancel or the action: a dialog without a
  // title or a named button is not one a screen reader can name (axe: aria-dialog-name, button-name).
  const lastShown = useRef(shown);
  if (shown) lastShown.current = shown;
  const words = shown ?? lastShown.current;

  return (
    <>
      <Group gap="xs" role="group" aria-label={t('campaigns.actions.label')}>
        <Button variant="default" leftSection={<IconEye size={16} aria-hidden />} onClick={onPreview}>
          {t('campaigns.actions.preview')}
        </Button>
        {state === 'draft' ? (
          <Button leftSection={<IconPlayerPlay size={16} aria-hidden />} onClick={() => open('start')}>
            {t('campaigns.actions.start')}
          </Button>
        ) : null}
        {state === 'running' ? (
          <Button
            color="orange"
            leftSection={<IconPlayerStop size={16} aria-hidden />}
            onClick={() => open('stop')}
          >
            {t('campaigns.actions.stop')}
          </Button>
        ) : null}
        {state === 'ended' ? (
          <Button leftSection={<IconRefresh size={16} aria-hidden />} onClick={() => open('restart')}>
            {t('campaigns.actions.restart')}
          </Button>
        ) : null}
        <Button
          variant="default"
          leftSection={<IconCopy size={16} aria-hidden />}
          onClick={() => open('copy')}
        >
          {t('campaigns.actions.copy')}
        </Button>
        {state !== 'archived' ? (
          <Button
            variant="default"
            color="red"
            leftSection={<IconArchive size={16} aria-hidden />}
            onClick={() => open('archive')}
          >
            {t('campaigns.actions.archive')}
          </Button>
        ) : null}
      </Group>

      {starting && met ? (
        <ChangeEndConditionModal
          campaign={campaign}
          action={starting}
          met={met}
          onClose={close}
          onStarted={() => done(t('campaigns.actions.startedText'))}
          onFailed={failed}
        />
      ) : null}

      <ConfirmDialog
        opened={shown !== null}
        title={words?.title ?? ''}
        confirmLabel={words?.confirm ?? ''}
        color={words?.color}
        loading={loading}
        // D12: a campaign without questions cannot start; the alert below says so.
        confirmDisabled={pending === 'start' && questionCount === 0}
        onConfirm={confirm}
        onClose={close}
        onExited={() => {
          afterClose.current?.();
          afterClose.current = null;
        }}
      >
        <Text>{words?.text}</Text>
        {pending === 'start' && tooFew ? (
          <Alert
            role="note"
            color={questionCount === 0 ? 'red' : 'yellow'}
            icon={<IconAlertTriangle size={18} aria-hidden />}
            title={
              <Badge color={questionCount === 0 ? 'red' : 'yellow'} variant="filled">
                {t('campaigns.actions.tooFewQuestions')}
              </Badge>
            }
          >
            {questionCount === 0
              ? t('campaigns.actions.noQuestionsText')
              : t('campaigns.actions.tooFewText', { count: questionCount })}
          </Alert>
        ) : null}
      </ConfirmDialog>
    </>
  );
};
