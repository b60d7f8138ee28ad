import { Anchor, Group, Stack } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { isApiError } from '@/lib/api-client';
import { PageHeader } from './page-header';

/** A record's page's way back to the list it came from, above its header. */
export const BackLink = ({ to, children }: { to: string; children: ReactNode }) => (
  <Anchor component={Link} to={to} fz="sm">
    <Group gap={4} component="span">
      <IconArrowLeft size={14} aria-hidden />
      {children}
    </Group>
  </Anchor>
);

/**
 * A record's page without its record: the way back, and a header saying the record does not
 * exist (404, or an id that cannot be one: 400) or could not be loaded (then titled `title`).
 */
export const RecordMissing = ({
  back,
  error,
  title,
  notFoundTitle,
  notFoundText,
}: {
  back: ReactNode;
  error: unknown;
  title: string;
  notFoundTitle: string;
  notFoundText: string;
}) => {
  const { t } = useTranslation();
  const missing = isApiError(error) && (error.status === 404 || error.status === 400);
  return (
    <Stack gap="md">
      {back}
      <PageHeader
        title={missing ? notFoundTitle : title}
        description={missing ? notFoundText : t('common.loadFailed')}
      />
    </Stack>
  );
};
