import { useEffect } from 'react';

/** The browser tab's (and screen readers') name of the page, while the page is shown; '' leaves it. */
export const useDocumentTitle = (title: string) => {
  useEffect(() => {
    if (title) document.title = title;
  }, [title]);
};
