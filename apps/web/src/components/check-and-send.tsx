import { Button, Group, Text, VisuallyHidden } from '@mantine/core';
import { IconListCheck, IconSend } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from './confirm-dialog';

export type CheckedFor<Result> = {
  /** The check's result for the current input; null before a check or once the input changed. */
  result: Result | null;
  /** A check was made, for an input since changed. */
  outdated: boolean;
  /** Keeps a check's result for the input it was asked with. */
  keep: (result: Result) => void;
};

/** Where the calls of a check-then-send dialog are. */
export type CheckProgress = { checking: boolean; sending: boolean };

/** The progress of a dialog whose one call both checks and sends (`callForCheck` tells them apart). */
export const callProgress = (call: {
  isPending: boolean;
  variables?: { callForCheck: boolean } | undefined;
}): CheckProgress => ({
  checking: call.isPending && call.variables?.callForCheck === true,
  sending: call.isPending && call.variables?.callForCheck === false,
});

/**
 * D16's check, kept for the input it was made for: `key` names the input as it is now, and the
 * result stands only while the input is the same (any change after the check asks for a new one).
 */
export const useCheckedFor = <Result,>(key: string): CheckedFor<Result> => {
  const [checked, setChecked] = useState<{ result: Result; key: string } | null>(null);
  const result = checked?.key === key ? checked.result : null;
  return {
    result,
    outdated: checked !== null && result === null,
    keep: (r: Result) => setChecked({ result: r, key }),
  };
};

/**
 * The end of a dialog that invites in D16's two steps: what the check said (`children`, and a
 * status line for screen readers), that it is outdated or that there is nothing to send, then
 * Cancel, "Check" and "Send invitations".
 */
export const CheckAndSend = ({
  checked,
  status,
  children,
  worthSending,
  progress: { checking, sending },
  onCancel,
  onCheck,
  checkDisabled,
  onSend,
  sendDisabled = false,
}: {
  checked: Pick<CheckedFor<unknown>, 'result' | 'outdated'>;
  /** Said to screen readers once checked ('' before). */
  status: string;
  /** The check's report. */
  children?: ReactNode;
  /** What the check found is worth sending (some invitations, or a list to link). */
  worthSending: boolean;
  progress: CheckProgress;
  onCancel: () => void;
  onCheck: () => void;
  checkDisabled: boolean;
  onSend: () => void;
  /** Send is off for another reason than the check's (e.g. a check is running). */
  sendDisabled?: boolean;
}) => {
  const { t } = useTranslation();
  const current = checked.result !== null;
  return (
    <>
      <VisuallyHidden role="status">{status}</VisuallyHidden>
      {children}
      {checked.outdated ? (
        <Text fz="sm" c="dimmed">
          {t('contacts.invite.outdated')}
        </Text>
      ) : null}
      {current && !worthSending ? <Text fz="sm">{t('contacts.invite.nothingToSend')}</Text> : null}
      <Group justify="flex-end">
        <Button variant="default" onClick={onCancel} disabled={checking || sending}>
          {t('components.confirm.cancel')}
        </Button>
        <Button
          variant={current ? 'default' : 'filled'}
          leftSection={<IconListCheck size={16} aria-hidden />}
          onClick={onCheck}
          loading={checking}
          disabled={checkDisabled}
        >
          {t('contacts.invite.check')}
        </Button>
        <Button
          leftSection={<IconSend size={16} aria-hidden />}
          onClick={onSend}
          loading={sending}
          disabled={!current || !worthSending || sendDisabled}
        >
          {t('contacts.invite.send')}
        </Button>
      </Group>
    </>
  );
};

/** Where a check-then-confirm action stands: the input asked about and what the check said. */
export type CheckThenSend<Input extends object, Result> = {
  /** Asks the call with `callForCheck: true`; once answered, the dialog shows the result. */
  check: (input: Input) => void;
  /** Sends the checked input for real (`callForCheck: false`). */
  send: () => void;
  /** Closes the dialog without sending. */
  cancel: () => void;
  /** The dialog is open (a check was answered and neither sent nor cancelled). */
  opened: boolean;
  /** The last input checked and its result; kept while the dialog closes, so it keeps its words. */
  checked: { input: Input; result: Result } | null;
  /** The input being checked, while its check runs (a row's button shows it is loading). */
  checking: Input | null;
  progress: CheckProgress;
};

/**
 * D16 for an action whose input is decided before it is asked (delete this, add these tags): the
 * call is sent with `callForCheck: true`, its answer shown for confirmation (`CheckThenSendDialog`),
 * then the same input is sent with `callForCheck: false`. A refusal (of the check or of the send)
 * goes to `onError`; the dialog stays open after a failed send, so it can be tried again.
 */
export const useCheckThenSend = <Input extends object, Result>({
  call,
  onSent,
  onError,
}: {
  call: (input: Input & { callForCheck: boolean }) => Promise<Result>;
  onSent: (result: Result, input: Input) => void;
  onError: (error: unknown, input: Input, stage: 'check' | 'send') => void;
}): CheckThenSend<Input, Result> => {
  const [opened, setOpened] = useState(false);
  const [checked, setChecked] = useState<{ input: Input; result: Result } | null>(null);
  const [checking, setChecking] = useState<Input | null>(null);
  const mutation = useMutation({ mutationFn: call, meta: { errorNotification: false } });
  const progress = callProgress(mutation);
  return {
    check: (input) => {
      if (mutation.isPending) return;
      setChecking(input);
      mutation.mutate(
        { ...input, callForCheck: true },
        {
          onSuccess: (result) => {
            setChecked({ input, result });
            setOpened(true);
          },
          onError: (error) => onError(error, input, 'check'),
          onSettled: () => setChecking(null),
        },
      );
    },
    send: () => {
      if (!checked || mutation.isPending) return;
      const { input } = checked;
      mutation.mutate(
        { ...input, callForCheck: false },
        {
          onSuccess: (result) => {
            setOpened(false);
            onSent(result, input);
          },
          onError: (error) => onError(error, input, 'send'),
        },
      );
    },
    cancel: () => {
      if (!progress.sending) setOpened(false);
    },
    opened,
    checked,
    checking,
    progress,
  };
};

/**
 * The confirmation of a check-then-confirm action: what the check said (`children`, given the
 * result and the input), Cancel and the action (loading while it is sent).
 */
export const CheckThenSendDialog = <Input extends object, Result>({
  flow,
  title,
  confirmLabel,
  color,
  focus,
  confirmDisabled,
  onExited,
  children,
}: {
  flow: CheckThenSend<Input, Result>;
  title: (input: Input, result: Result) => string;
  confirmLabel: string;
  color?: string;
  /** Cancel takes the focus when keeping things as they are is the safe choice (a deletion). */
  focus?: 'confirm' | 'cancel';
  confirmDisabled?: (input: Input, result: Result) => boolean;
  /** Once the dialog has gone: where the focus goes next (when what opened it has gone too). */
  onExited?: () => void;
  children: (result: Result, input: Input) => ReactNode;
}) => {
  const shown = flow.checked;
  return (
    <ConfirmDialog
      opened={flow.opened}
      title={shown ? title(shown.input, shown.result) : ''}
      confirmLabel={confirmLabel}
      color={color}
      focus={focus}
      loading={flow.progress.sending}
      confirmDisabled={shown && confirmDisabled ? confirmDisabled(shown.input, shown.result) : false}
      onConfirm={flow.send}
      onClose={flow.cancel}
      onExited={onExited}
    >
      {shown ? children(shown.result, shown.input) : null}
    </ConfirmDialog>
  );
};
