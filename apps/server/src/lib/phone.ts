import { phoneMessage, toE164 } from '@parley/contract';
import { AppError } from './errors.js';

/**
 * A written phone number in E.164 (docs/product-decisions.md, "Contacts"), read in the
 * manufacturer's default country when it has no country code; 400 `validation` naming `field` when it
 * is no phone number. The server is the authority: the light public pages check only loosely.
 */
export const e164OrRefuse = (text: string, defaultCountry: string, field = 'phoneNumber') => {
  const e164 = toE164(text, defaultCountry);
  if (!e164) throw new AppError('validation', `${field}: ${phoneMessage}`, field);
  return e164;
};
