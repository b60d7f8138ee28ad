import type { Language } from '@parley/contract';
import { type ReactNode, useEffect } from 'react';
import { Link, PlainRoot, Text } from '@/components/plain/plain';
import { usePublicPageConfig } from './public-config';
import { useSurveyTranslation } from './survey-language';

type PublicPageLayoutProps = {
  /** The page's language: the survey's, not the console's. */
  language: Language;
  /** From the page's own answer when it has one; else from the public configuration. */
  privacyUrl?: string | null | undefined;
  /** The manufacturer's imprint, beside the privacy notice (docs/product-decisions.md, "API-wide"). */
  imprintUrl?: string | null | undefined;
  children: ReactNode;
};

/**
 * The frame of every public page (D10): a narrow column that reads well on a phone, and the
 * privacy notice in the footer. `lang` lets screen readers pronounce the survey's language.
 */
export const PublicPageLayout = ({ language, privacyUrl, imprintUrl, children }: PublicPageLayoutProps) => {
  const { t } = useSurveyTranslation();
  const config = usePublicPageConfig();
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
    <PlainRoot lang={language} style={{ minHeight: '100dvh', display: 'flex', flexDirection: 'column' }}>
      <main
        style={{
          flex: 1,
          width: '100%',
          maxWidth: 720,
          margin: '0 auto',
          padding: 'clamp(1rem, 4vw, 2rem) clamp(0.75rem, 3vw, 1rem)',
        }}
      >
        {children}
      </main>
      <footer style={{ padding: '1rem 0.75rem' }}>
        <div style={{ display: 'flex', gap: '1rem', justifyContent: 'center', alignItems: 'center' }}>
          {privacy ? (
            <Link href={privacy} target="_blank" rel="noopener noreferrer" style={{ fontSize: '0.875rem' }}>
              {t('participation.privacy')}
            </Link>
          ) : null}
          {imprintUrl ? (
            <Link
              href={imprintUrl}
              target="_blank"
              rel="noopener noreferrer"
              style={{ fontSize: '0.875rem' }}
            >
              {t('participation.imprint')}
            </Link>
          ) : null}
          <Text dimmed style={{ fontSize: '0.75rem' }}>
            {t('common.appName')}
          </Text>
        </div>
      </footer>
    </PlainRoot>
  );
};
