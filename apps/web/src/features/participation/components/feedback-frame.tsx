import type { Language } from '@parley/contract';
import { type ReactNode, useState } from 'react';
import { Row, Stack } from '@/components/plain/plain';
import { initialLanguage, LanguageSwitch, rememberLanguage } from './feedback-shared';
import { PublicPageLayout } from './public-page-layout';
import { SurveyLanguageProvider } from './survey-language';

/** The public feedback pages' frame: the page language, its switch, the layout with the privacy link. */
export const FeedbackFrame = ({
  language,
  onLanguage,
  privacyUrl,
  imprintUrl,
  children,
}: {
  language: Language;
  onLanguage?: (next: Language) => void;
  privacyUrl?: string | null | undefined;
  imprintUrl?: string | null | undefined;
  children: ReactNode;
}) => (
  <SurveyLanguageProvider language={language}>
    <PublicPageLayout language={language} privacyUrl={privacyUrl} imprintUrl={imprintUrl}>
      <Stack gap={12}>
        {onLanguage ? (
          <Row style={{ justifyContent: 'flex-end' }}>
            <LanguageSwitch language={language} onChange={onLanguage} />
          </Row>
        ) : null}
        {children}
      </Stack>
    </PublicPageLayout>
  </SurveyLanguageProvider>
);

/** The visitor's language: `?lang=`, else their own; a choice is kept in the address. */
export const usePageLanguage = () => {
  const [language, setLanguage] = useState<Language>(initialLanguage);
  const choose = (next: Language) => {
    setLanguage(next);
    rememberLanguage(next);
  };
  return [language, choose] as const;
};

/** What the feedback pages say when the page they name is not known. */
export const feedbackNotFoundPage = {
  title: 'feedbackPage.notFound.title',
  text: 'feedbackPage.notFound.text',
} as const;
