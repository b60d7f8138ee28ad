import { Button, Group, Modal, Stack } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

type ConfirmDialogProps = {
  opened: boolean;
  title: string;
  children: ReactNode;
  confirmLabel: string;
  color?: string;
  loading?: boolean;
  /** The action cannot be taken as things stand (the dialog says why). */
  confirmDisabled?: boolean;
  /**
   * Which button has the focus when the dialog opens: the action (the default), or Cancel when
   * keeping things as they are is the safe choice (a deletion, dropped rules).
   */
  focus?: 'confirm' | 'cancel';
  onConfirm: () => void;
  onClose: () => void;
  /** Once the dialog has gone (its closing transition ended): where the focus goes next. */
  onExited?: () => void;
};

/** The console's one "are you sure?" dialog: what will happen, Cancel, and the action. */
export const ConfirmDialog = ({
  opened,
  title,
  children,
  confirmLabel,
  color,
  loading = false,
  confirmDisabled = false,
  focus = 'confirm',
  onConfirm,
  onClose,
  onExited,
}: ConfirmDialogProps) => {
  const { t } = useTranslation();
  // When the action cannot be taken, the focus goes to Cancel whatever was asked.
  const focusCancel = focus === 'cancel' || confirmDisabled;
  return (
    <Modal opened={opened} onClose={onClose} title={title} onExitTransitionEnd={onExited}>
      <Stack gap="md">
        {children}
        <Group justify="flex-end">
          <Button
            variant="default"
            onClick={onClose}
            disabled={loading}
            data-autofocus={focusCancel || undefined}
          >
            {t('components.confirm.cancel')}
          </Button>
          <Button
            color={color}
            onClick={onConfirm}
            loading={loading}
            disabled={confirmDisabled}
            data-autofocus={!focusCancel || undefined}
          >
            {confirmLabel}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
};
