import { Button, Center, Stack, Text, Title } from '@mantine/core';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useRouteError } from 'react-router';
import { captureException } from '@/lib/tracing';

/** Render errors and failed chunk loads (e.g. after a deploy) end here instead of a blank page. */
export const RootErrorBoundary = () => {
  const { t } = useTranslation();
  const error = useRouteError();
  useEffect(() => {
    console.error(error);
    captureException(error);
  }, [error]);
  return (
    <Center h="100vh" p="md">
      <Stack align="center" gap="sm" maw={480} ta="center">
        <Title order={1} size="h2">
          {t('errorBoundary.title')}
        </Title>
        <Text c="dimmed">{t('errorBoundary.description')}</Text>
        <Button onClick={() => window.location.reload()}>{t('errorBoundary.reload')}</Button>
      </Stack>
    </Center>
  );
};
