import { Center, Loader, Skeleton, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** Whole-screen wait: auth state being restored, a route module being fetched. */
export const FullPageLoader = () => {
  const { t } = useTranslation();
  return (
    <Center h="100vh" role="status" aria-live="polite">
      <Loader role="img" aria-label={t('common.loading')} />
    </Center>
  );
};

/** A record's page while its record loads. */
export const ContentLoader = () => {
  const { t } = useTranslation();
  return (
    <Center p="xl">
      <Loader role="img" aria-label={t('common.loading')} />
    </Center>
  );
};

/** Placeholder of a page's content while its module or data loads. */
export const PageSkeleton = () => {
  const { t } = useTranslation();
  return (
    <Stack gap="md" role="status" aria-busy="true" aria-label={t('common.loading')}>
      <Skeleton height={34} width="40%" />
      <Skeleton height={16} width="70%" />
      <Skeleton height={120} />
    </Stack>
  );
};

/** Placeholder cards of a panel while its figures load, one of each height (px), top to bottom. */
export const CardsSkeleton = ({ heights }: { heights: readonly number[] }) => {
  const { t } = useTranslation();
  return (
    <Stack gap="sm" role="status" aria-busy="true" aria-label={t('common.loading')}>
      {placeholderKeys(heights.length, 'card-').map((key, i) => (
        <Skeleton key={key} height={heights[i]} radius="md" />
      ))}
    </Stack>
  );
};

/** Stable keys for placeholder cells (they never reorder, but keys must not be bare indexes). */
export const placeholderKeys = (count: number, prefix: string) =>
  Array.from({ length: count }, (_, i) => `${prefix}${i}`);
