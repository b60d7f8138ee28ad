import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useBlocker } from 'react-router';

/**
 * Warns before unsaved edits are lost: a question inside the console (another tab of the page,
 * another page) and the browser's own prompt for a reload or a closed tab.
 */
export const UnsavedChangesGuard = ({ when }: { when: boolean }) => {
  const { t } = useTranslation();
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      when &&
      (currentLocation.pathname !== nextLocation.pathname || currentLocation.search !== nextLocation.search),
  );

  useEffect(() => {
    if (!when) return;
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      event.preventDefault();
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, [when]);

  return (
    <Modal
      opened={blocker.state === 'blocked'}
      onClose={() => blocker.reset?.()}
      title={t('components.unsavedChanges.title')}
    >
      <Stack gap="md">
        <Text>{t('components.unsavedChanges.text')}</Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={() => blocker.reset?.()} data-autofocus>
            {t('components.unsavedChanges.stay')}
          </Button>
          <Button color="red" onClick={() => blocker.proceed?.()}>
            {t('components.unsavedChanges.leave')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
};
