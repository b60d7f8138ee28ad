import { Anchor, EmptyState, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import type { InfoItem } from '@parley/contract';
import { IconNews } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useLanguage } from '@/lib/i18n';
import { useDateFormat } from '@/lib/use-date-format';
import { useInfo } from '../api/get-info';

/** Items without a language are for everyone; the others only in their own language. */
const forLanguage = (items: InfoItem[], language: string) =>
  items.filter((item) => item.language === null || item.language === language);

/** The dashboard's news from GET /api/info/all?platform=Web&category=WebInfo. */
export const InfoList = () => {
  const { t } = useTranslation();
  const { formatDate } = useDateFormat();
  const info = useInfo();
  const language = useLanguage();

  if (info.isPending) {
    return (
      <Stack gap="sm" aria-busy="true" aria-label={t('common.loading')}>
        <Skeleton height={72} />
        <Skeleton height={72} />
      </Stack>
    );
  }
  const items = info.data ? forLanguage(info.data.documents, language) : [];
  if (items.length === 0) {
    return (
      <EmptyState
        size="sm"
        icon={<IconNews aria-hidden />}
        title={t('dashboard.infoEmpty')}
        description={t('dashboard.infoEmptyDescription')}
      />
    );
  }
  return (
    <Stack gap="sm" component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
      {items.map((item) => (
        <Paper component="li" key={item._id} withBorder p="md" radius="md">
          <Title order={3} size="h5">
            {item.title}
          </Title>
          <Text size="xs" c="dimmed" mb={4}>
            {formatDate(item.createdAt)}
          </Text>
          <Text size="sm" style={{ whiteSpace: 'pre-line' }}>
            {item.text}
          </Text>
          {item.link ? (
            <Anchor href={item.link} target="_blank" rel="noopener noreferrer" size="sm">
              {t('dashboard.readMore')}
            </Anchor>
          ) : null}
        </Paper>
      ))}
    </Stack>
  );
};
