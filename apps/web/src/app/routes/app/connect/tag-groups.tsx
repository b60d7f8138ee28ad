import { useTranslation } from 'react-i18next';
import { ComingSoonPage } from '@/components/coming-soon-page';

/** /connect/tag-groups — tag groups (later issue). */
export const TagGroupsRoute = () => {
  const { t } = useTranslation();
  return <ComingSoonPage title={t('pages.tagGroups.title')} description={t('pages.tagGroups.description')} />;
};
