import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * Names the browser tab after the page ("Campaigns · Parley"), so tabs, the history and screen
 * readers tell pages apart; a page without a title of its own goes back to plain "Parley".
 */
export const usePageTitle = (title: string | undefined) => {
  const { t } = useTranslation();
  const appName = t('common.appName');
  useEffect(() => {
    document.title = title ? `${title} · ${appName}` : appName;
    return () => {
      document.title = appName;
    };
  }, [title, appName]);
};
