import { Button } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PageHeader } from '@/components/page-header';
import { paths } from '@/config/paths';

export const NotFoundRoute = () => {
  const { t } = useTranslation();
  return (
    <>
      <PageHeader title={t('notFound.title')} description={t('notFound.description')} />
      <Button component={Link} to={paths.dashboard} variant="light">
        {t('notFound.home')}
      </Button>
    </>
  );
};
