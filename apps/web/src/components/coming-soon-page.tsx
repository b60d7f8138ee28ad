import { Badge, Paper, Text } from '@mantine/core';
import { IconHourglassHigh } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { PageHeader } from './page-header';

type ComingSoonPageProps = { title: string; description: string };

/** A screen of a later issue: says what is coming instead of showing a blank page. */
export const ComingSoonPage = ({ title, description }: ComingSoonPageProps) => {
  const { t } = useTranslation();
  return (
    <>
      <PageHeader
        title={title}
        description={description}
        actions={
          <Badge variant="light" leftSection={<IconHourglassHigh size={14} aria-hidden />}>
            {t('common.comingSoon')}
          </Badge>
        }
      />
      <Paper withBorder p="lg" radius="md">
        <Text>{t('pages.comingSoonNote')}</Text>
      </Paper>
    </>
  );
};
