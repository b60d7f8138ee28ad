import type { Language } from '@parley/contract';
import { isLanguage } from '@/lib/language';
import type { TemplatesQuery } from '@/lib/templates';
import { useListAddress } from '@/lib/use-list-address';

export const templatesPageSize = 20;

type Changes = { search?: string; language?: Language | null; page?: number };

/**
 * The templates page's search, language and page live in the page's address
 * (`?q=delivery&language=de&page=2`), so a reload, the back button and a shared link show the same list.
 */
export const useTemplatesParams = () => {
  const { params, page, change } = useListAddress();
  const search = params.get('q') ?? '';
  const languageParam = params.get('language');
  const language = isLanguage(languageParam) ? languageParam : null;

  const update = (changes: Changes) =>
    change(({ set }) => {
      if (changes.search !== undefined) set('q', changes.search.trim() || null);
      if (changes.language !== undefined) set('language', changes.language);
    }, changes.page);

  const query: TemplatesQuery = {
    page,
    limit: templatesPageSize,
    ...(search.trim() ? { search: search.trim() } : {}),
    ...(language ? { language } : {}),
  };
  return { search, language, page, filtered: search.trim() !== '' || language !== null, query, update };
};
