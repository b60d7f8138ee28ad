import { List, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconCheck, IconLock } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

const features = ['campaigns', 'contacts', 'results', 'tags'] as const;

/** D9: without isParleyConnectEnabled, connect pages explain what connect offers. */
export const ConnectNotEnabled = () => {
  const { t } = useTranslation();
  return (
    <Paper withBorder radius="md" p="xl">
      <Stack gap="md" maw={720}>
        <ThemeIcon size="xl" variant="light" color="gray" aria-hidden>
          <IconLock />
        </ThemeIcon>
        <Title order={1} size="h2">
          {t('connect.notEnabledTitle')}
        </Title>
        <Text>{t('connect.notEnabledDescription')}</Text>
        <List
          spacing="xs"
          icon={
            <ThemeIcon size={20} radius="xl" variant="light" aria-hidden>
              <IconCheck size={14} />
            </ThemeIcon>
          }
        >
          {features.map((feature) => (
            <List.Item key={feature}>{t(`connect.features.${feature}`)}</List.Item>
          ))}
        </List>
      </Stack>
    </Paper>
  );
};
