import { Center, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** Placeholder for the public pages under /p/ (D10), which later issues build. Never guarded. */
export const PublicRoute = () => {
  const { t } = useTranslation();
  return (
    <Center mih="100vh" p="md" component="main">
      <Stack align="center" gap="xs" ta="center">
        <Title order={1}>{t('public.title')}</Title>
        <Text c="dimmed">{t('public.description')}</Text>
      </Stack>
    </Center>
  );
};
