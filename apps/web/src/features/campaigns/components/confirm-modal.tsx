import { Button, Group, Modal, Stack } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

type ConfirmModalProps = {
  opened: boolean;
  title: string;
  children: ReactNode;
  confirmLabel: string;
  color?: string;
  loading?: boolean;
  /** The action cannot be taken as things stand (the modal says why). */
  confirmDisabled?: boolean;
  onConfirm: () => void;
  onClose: () => void;
  /** Once the dialog has gone (its closing transition ended): where the focus goes next. */
  onExited?: () => void;
};

/** Every lifecycle action asks first: each one changes what participants can do. */
export const ConfirmModal = ({
  opened,
  title,
  children,
  confirmLabel,
  color,
  loading = false,
  confirmDisabled = false,
  onConfirm,
  onClose,
  onExited,
}: ConfirmModalProps) => {
  const { t } = useTranslation();
  return (
    <Modal opened={opened} onClose={onClose} title={title} onExitTransitionEnd={onExited}>
      <Stack gap="md">
        {children}
        <Group justify="flex-end">
          {/* The focus goes to the action, or to Cancel when the action cannot be taken. */}
          <Button
            variant="default"
            onClick={onClose}
            disabled={loading}
            data-autofocus={confirmDisabled || undefined}
          >
            {t('campaigns.actions.cancel')}
          </Button>
          <Button
            color={color}
            onClick={onConfirm}
            loading={loading}
            disabled={confirmDisabled}
            data-autofocus={!confirmDisabled || undefined}
          >
            {confirmLabel}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
};
