import { useTranslation } from 'react-i18next';
import { ComingSoonPage } from '@/components/coming-soon-page';

/** /templates — response templates (later issue). */
export const TemplatesRoute = () => {
  const { t } = useTranslation();
  return <ComingSoonPage title={t('pages.templates.title')} description={t('pages.templates.description')} />;
};
