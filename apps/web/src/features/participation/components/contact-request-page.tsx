import type { Language } from '@parley/contract';
import { type ReactNode, useState } from 'react';
import { plainClasses, Row, Stack } from '@/components/plain/plain';
import { detectLanguage, isLanguage, languages } from '@/lib/language';
import { useDocumentTitle } from '@/lib/use-document-title';
import { useContactRequestFormInfo } from '../api/contact-request';
import { ContactRequestFormView } from './contact-request-form';
import { translateContactRequest as translate } from './contact-request-texts';
import { LoadProblem, PublicLoading } from './load-state';
import { PageMessage } from './page-message';
import { PublicPageLayout } from './public-page-layout';
import { SurveyLanguageProvider } from './survey-language';

/** `?lang=de|en` (the embed snippet's choice) wins; else the visitor's own language. */
const initialLanguage = (): Language => {
  const asked = new URLSearchParams(window.location.search).get('lang');
  return isLanguage(asked) ? asked : detectLanguage();
};

const LanguageSwitch = ({
  language,
  onChange,
}: {
  language: Language;
  onChange: (next: Language) => void;
}) => (
  <select
    className={plainClasses.select}
    aria-label={translate(language, 'contactRequestForm.language')}
    value={language}
    onChange={(event) => {
      const next = event.currentTarget.value;
      if (isLanguage(next)) onChange(next);
    }}
  >
    {languages.map((option) => (
      <option key={option} value={option} lang={option}>
        {translate(option, 'contactRequestForm.languageName')}
      </option>
    ))}
  </select>
);

/**
 * `/p/r/:manufacturerId`: D18's public contact-request form, which a manufacturer links or embeds
 * in its own website (an iframe): whoever sends it appears in the console's contact requests. In
 * German or English (`?lang=`, else the visitor's language), with a switch.
 */
export const ContactRequestPage = ({ manufacturerId }: { manufacturerId: string }) => {
  const { data: info, error, isPending, refetch } = useContactRequestFormInfo(manufacturerId);
  const [language, setLanguage] = useState<Language>(initialLanguage);
  const [gone, setGone] = useState(false);
  useDocumentTitle(
    info && !gone
      ? translate(language, 'contactRequestForm.pageTitle', { name: info.manufacturerName })
      : translate(language, 'participation.contactRequest.notFoundTitle'),
  );

  const choose = (next: Language) => {
    setLanguage(next);
    // A reload (or a shared link) keeps the choice.
    const url = new URL(window.location.href);
    url.searchParams.set('lang', next);
    window.history.replaceState(window.history.state, '', url);
  };

  let content: ReactNode;
  if (isPending) {
    content = <PublicLoading />;
  } else if (gone) {
    content = (
      <PageMessage
        focus
        title={translate(language, 'participation.contactRequest.notFoundTitle')}
        text={translate(language, 'participation.contactRequest.notFoundText')}
      />
    );
  } else if (!info) {
    content = <LoadProblem error={error} retry={refetch} notFound="contactRequest" />;
  } else {
    content = (
      <ContactRequestFormView manufacturerId={manufacturerId} info={info} onGone={() => setGone(true)} />
    );
  }
  return (
    <SurveyLanguageProvider language={language}>
      <PublicPageLayout language={language} privacyUrl={info?.privacyUrl} imprintUrl={info?.imprintUrl}>
        <Stack gap={12}>
          <Row style={{ justifyContent: 'flex-end' }}>
            <LanguageSwitch language={language} onChange={choose} />
          </Row>
          {content}
        </Stack>
      </PublicPageLayout>
    </SurveyLanguageProvider>
  );
};
