import { Button, Stack, Text } from '@mantine/core';
import { IconRefresh } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

type StaleMessageProps = {
  onReload: () => void;
  /** What was changed, in the record's own words; a general sentence otherwise. */
  text?: string;
  reloadLabel?: string;
};

/** The body of a 409 conflict/stale notification: what happened and the way out. */
export const StaleMessage = ({ onReload, text, reloadLabel }: StaleMessageProps) => {
  const { t } = useTranslation();
  return (
    <Stack gap="xs" align="flex-start">
      <Text fz="sm">{text ?? t('components.stale.text')}</Text>
      <Button
        size="xs"
        variant="light"
        leftSection={<IconRefresh size={14} aria-hidden />}
        onClick={onReload}
      >
        {reloadLabel ?? t('components.stale.reload')}
      </Button>
    </Stack>
  );
};
