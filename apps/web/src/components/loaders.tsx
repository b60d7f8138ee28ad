import { Center, Loader, Skeleton, Stack, Table } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** Whole-screen wait: auth state being restored, a route module being fetched. */
export const FullPageLoader = () => {
  const { t } = useTranslation();
  return (
    <Center h="100vh" role="status" aria-live="polite">
      <Loader aria-label={t('common.loading')} />
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

/** Placeholder rows of a table while its page loads. */
export const TableSkeletonRows = ({ rows, columns }: { rows: number; columns: number }) => (
  <>
    {Array.from({ length: rows }, (_, row) => (
      <Table.Tr key={row}>
        {Array.from({ length: columns }, (_, cell) => (
          <Table.Td key={cell}>
            <Skeleton height={16} />
          </Table.Td>
        ))}
      </Table.Tr>
    ))}
  </>
);
