import type { Language } from '@parley/contract';
import { useSearchParams } from 'react-router';
import { isLanguage } from '@/lib/language';
import type { TemplatesQuery } from '@/lib/templates';

export const templatesPageSize = 20;

type Changes = { search?: string; language?: Language | null; page?: number };

/**
 * The templates page's search, language and page live in the page's address
 * (`?q=delivery&language=de&page=2`), so a reload, the back button and a shared link show the same list.
 */
export const useTemplatesParams = () => {
  const [params, setParams] = useSearchParams();
  const search = params.get('q') ?? '';
  const languageParam = params.get('language');
  const language = isLanguage(languageParam) ? languageParam : null;
  const page = Math.max(1, Number.parseInt(params.get('page') ?? '1', 10) || 1);

  const update = (changes: Changes) => {
    setParams(
      () => {
        // From the address as it is now (a language chosen while the search waits must not be lost).
        const next = new URLSearchParams(window.location.search);
        const set = (key: string, value: string | null) => (value ? next.set(key, value) : next.delete(key));
        if (changes.search !== undefined) set('q', changes.search.trim() || null);
        if (changes.language !== undefined) set('language', changes.language);
        // A new search or filter starts again at page 1.
        const newPage = changes.page ?? 1;
        set('page', newPage > 1 ? String(newPage) : null);
        return next;
      },
      { replace: changes.page === undefined },
    );
  };

  const query: TemplatesQuery = {
    page,
    limit: templatesPageSize,
    ...(search.trim() ? { search: search.trim() } : {}),
    ...(language ? { language } : {}),
  };
  return { search, language, page, filtered: search.trim() !== '' || language !== null, query, update };
};
