import { defaultPhoneCountry, formatPhone } from '@parley/contract';
import { useCallback } from 'react';
import { useMeSmall } from '@/lib/current-owner';

/**
 * Shows a stored phone number as people read it (docs/product-decisions.md, "Contacts"): in national
 * form when it is of the manufacturer's default country, with its country code otherwise.
 */
export const useFormatPhone = () => {
  const country = useMeSmall().data?.manufacturer.defaultCountry ?? defaultPhoneCountry;
  return useCallback((stored: string) => formatPhone(stored, country), [country]);
};
