import { Alert, Button, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** A tab whose figures could not be loaded: says so, with "Try again" (never the empty state). */
export const LoadFailedAlert = ({ onRetry }: { onRetry: () => void }) => {
  const { t } = useTranslation();
  return (
    <Alert color="red" variant="light" title={t('common.error')}>
      <Stack gap="xs" align="flex-start">
        <Text fz="sm">{t('common.loadFailed')}</Text>
        <Button size="xs" variant="light" onClick={onRetry}>
          {t('common.retry')}
        </Button>
      </Stack>
    </Alert>
  );
};
