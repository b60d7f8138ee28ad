import { Center, Group, Paper, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { LanguageSwitch } from '@/components/language-switch';
import { SupportLinks } from '@/components/support-links';
import { usePublicConfig } from '@/lib/public-config';

type AuthLayoutProps = { title: string; description?: ReactNode; children: ReactNode };

/** The frame of the signed-out screens (sign-in, password reset). */
export const AuthLayout = ({ title, description, children }: AuthLayoutProps) => {
  const { data: config } = usePublicConfig();
  return (
    <Center mih="100vh" p="md" bg="gray.0">
      <Stack w="100%" maw={420} gap="md">
        {/* Every part of the page in a landmark: the name and language switch in a banner, the
            support links in the page's footer (docs/product-decisions.md, Console). */}
        <Group justify="space-between" component="header">
          <Text fw={800} size="xl" c="blue.8">
            Parley
          </Text>
          <LanguageSwitch />
        </Group>
        <Paper withBorder shadow="sm" p="xl" radius="md" component="main">
          <Stack gap="lg">
            <Stack gap={4}>
              <Title order={1} size="h2">
                {title}
              </Title>
              {description ? (
                <Text c="dimmed" size="sm">
                  {description}
                </Text>
              ) : null}
            </Stack>
            {children}
          </Stack>
        </Paper>
        {config ? (
          <Group justify="center" component="footer">
            <SupportLinks supportUrl={config.supportUrl} supportEmail={config.supportEmail} />
          </Group>
        ) : null}
      </Stack>
    </Center>
  );
};
