import { Alert, Button, Group, Stack } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * A dialog's form that asks before its unsaved changes are lost: Escape, a click outside, × or
 * Cancel call `requestClose`, which closes at once when nothing changed and otherwise shows the
 * DiscardChanges question (the focus on "Keep editing"), so nothing is lost by a slip.
 */
export const useDiscardGuard = (isDirty: () => boolean, onClose: () => void) => {
  const [confirming, setConfirming] = useState(false);
  const keepEditingRef = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (confirming) keepEditingRef.current?.focus();
  }, [confirming]);
  return {
    confirming,
    keepEditingRef,
    requestClose: () => (isDirty() ? setConfirming(true) : onClose()),
    keepEditing: () => setConfirming(false),
    discard: onClose,
  };
};

/** "Discard your changes?" inside the form, once `requestClose` found unsaved changes; `text` says which. */
export const DiscardChanges = ({
  guard,
  text,
}: {
  guard: ReturnType<typeof useDiscardGuard>;
  text: string;
}) => {
  const { t } = useTranslation();
  if (!guard.confirming) return null;
  return (
    <Alert color="orange" title={t('components.discardChanges.title')} role="alertdialog">
      <Stack gap="sm">
        {text}
        <Group justify="flex-end" gap="xs">
          <Button variant="default" onClick={guard.keepEditing} ref={guard.keepEditingRef}>
            {t('components.discardChanges.keepEditing')}
          </Button>
          <Button color="orange" onClick={guard.discard}>
            {t('components.discardChanges.discard')}
          </Button>
        </Group>
      </Stack>
    </Alert>
  );
};
