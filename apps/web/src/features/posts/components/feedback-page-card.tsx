import { Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { PublicAddressField } from '@/components/public-address-field';
import { useMeSmall } from '@/lib/current-owner';

/** Where customers post (D19): the manufacturer's public feedback page, with Copy and Open. */
export const FeedbackPageCard = () => {
  const { t } = useTranslation();
  const { data: owner } = useMeSmall();
  const headingId = useId();
  const manufacturer = owner?.manufacturer;
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby={headingId}>
      <Stack gap="sm">
        <Title order={2} size="h4" id={headingId}>
          {t('posts.publicPage.title')}
        </Title>
        <Text fz="sm" c="dimmed">
          {t('posts.publicPage.text')}
        </Text>
        {manufacturer ? (
          <PublicAddressField
            label={t('posts.publicPage.address')}
            openLabel={t('posts.publicPage.open')}
            address={`${window.location.origin}/p/f/${encodeURIComponent(manufacturer._id)}`}
          />
        ) : (
          <Skeleton height={36} radius="sm" aria-hidden />
        )}
      </Stack>
    </Paper>
  );
};
