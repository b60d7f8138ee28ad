import { Button, Stack, Text } from '@mantine/core';
import { IconRefresh } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

/** The 409 conflict/stale notification's body: what happened and the way out. */
export const StaleMessage = ({ onReload }: { onReload: () => void }) => {
  const { t } = useTranslation();
  return (
    <Stack gap="xs" align="flex-start">
      <Text fz="sm">{t('campaigns.settings.staleText')}</Text>
      <Button
        size="xs"
        variant="light"
        leftSection={<IconRefresh size={14} aria-hidden />}
        onClick={onReload}
      >
        {t('campaigns.settings.reload')}
      </Button>
    </Stack>
  );
};
