import { Anchor, Box, Container, Group, Text } from '@mantine/core';
import type { Language } from '@parley/contract';
import { type ReactNode, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { usePublicConfig } from '@/lib/public-config';

type PublicPageLayoutProps = {
  /** The page's language: the survey's, not the console's. */
  language: Language;
  /** From the page's own answer when it has one; else from the public configuration. */
  privacyUrl?: string | null;
  children: ReactNode;
};

/**
 * The frame of every public page (D10): a narrow column that reads well on a phone, and the
 * privacy notice in the footer. `lang` lets screen readers pronounce the survey's language.
 */
export const PublicPageLayout = ({ language, privacyUrl, children }: PublicPageLayoutProps) => {
  const { t } = useTranslation(undefined, { lng: language });
  const { data: config } = usePublicConfig();
  const privacy = privacyUrl ?? config?.privacyUrl ?? null;
  // The whole document speaks the page's language (screen readers, the browser's translation
  // offer), not the visitor's console language; the console's comes back when the page goes.
  useEffect(() => {
    const root = document.documentElement;
    const before = root.lang;
    root.lang = language;
    return () => {
      root.lang = before;
    };
  }, [language]);
  return (
    <Box lang={language} mih="100dvh" style={{ display: 'flex', flexDirection: 'column' }}>
      <Container
        component="main"
        size="sm"
        w="100%"
        px={{ base: 'sm', sm: 'md' }}
        py={{ base: 'md', sm: 'xl' }}
        flex={1}
      >
        {children}
      </Container>
      <Box component="footer" py="md" px="sm">
        <Group justify="center" gap="md">
          {privacy ? (
            <Anchor href={privacy} target="_blank" rel="noopener noreferrer" fz="sm">
              {t('participation.privacy')}
            </Anchor>
          ) : null}
          <Text fz="xs" c="dimmed">
            {t('common.appName')}
          </Text>
        </Group>
      </Box>
    </Box>
  );
};
