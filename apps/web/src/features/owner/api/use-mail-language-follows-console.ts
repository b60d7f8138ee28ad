import type { OwnerSmall } from '@parley/contract';
import { useEffect, useRef } from 'react';
import { useLanguage } from '@/lib/i18n';
import { useUpdateMe } from './update-me';

/**
 * When the owner switches the console's language, their mails follow (docs/product-decisions.md,
 * "Owner mails"): the profile's language is saved as the one just chosen. Opening the console in
 * another language (another browser) changes nothing; only a switch made here does.
 */
export const useMailLanguageFollowsConsole = (owner: OwnerSmall | undefined) => {
  const language = useLanguage();
  const previous = useRef(language);
  const { mutate } = useUpdateMe();
  useEffect(() => {
    if (previous.current === language) return;
    previous.current = language;
    if (owner && owner.language !== language) mutate({ language });
  }, [language, owner, mutate]);
};
