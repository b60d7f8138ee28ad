import { Group, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';

type PageHeaderProps = { title: string; description?: ReactNode; actions?: ReactNode };

/** Every page has exactly one <h1>: a stable landmark for screen readers and browser tests. */
export const PageHeader = ({ title, description, actions }: PageHeaderProps) => (
  <Group justify="space-between" align="flex-start" mb="lg" wrap="nowrap">
    <Stack gap={4}>
      <Title order={1} size="h2">
        {title}
      </Title>
      {description ? <Text c="dimmed">{description}</Text> : null}
    </Stack>
    {actions}
  </Group>
);
