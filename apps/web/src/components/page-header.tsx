import { Box, Group, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { usePageTitle } from '@/lib/page-title';

type PageHeaderProps = {
  title: string;
  description?: ReactNode;
  actions?: ReactNode;
  /** The browser tab's name when the heading alone would not say what the page is (default: the title). */
  documentTitle?: string;
};

/**
 * Every page has exactly one <h1>: a stable landmark for screen readers and browser tests. It
 * names the browser tab too, so tabs, history and screen readers tell pages apart.
 */
export const PageHeader = ({ title, description, actions, documentTitle }: PageHeaderProps) => {
  usePageTitle(documentTitle ?? title);
  return (
    // On a narrow screen the actions go under the title instead of squeezing their labels, and
    // there they wrap within the screen's width (a phone, 390 px: docs/product-decisions.md, Console).
    <Group justify="space-between" align="flex-start" mb="lg" gap="sm">
      <Stack gap={4} style={{ flex: '1 1 18rem', minWidth: 0 }}>
        <Title order={1} size="h2">
          {title}
        </Title>
        {description ? <Text c="dimmed">{description}</Text> : null}
      </Stack>
      {actions ? <Box style={{ flexShrink: 0, maxWidth: '100%' }}>{actions}</Box> : null}
    </Group>
  );
};
