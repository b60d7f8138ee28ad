import { Button, Group, Text, VisuallyHidden } from '@mantine/core';
import { IconListCheck, IconSend } from '@tabler/icons-react';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';

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
