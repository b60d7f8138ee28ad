/**
 * Phone numbers (docs/product-decisions.md, "Contacts"): people write them in many ways
 * (`+49 170 1234567`, `0170 / 123 45 67`, `(0170) 1234-567`); Parley stores them in E.164
 * (`+491701234567`). A number without a country code takes the manufacturer's default country
 * (`defaultCountry`, Germany unless set). The console and the server read numbers with this module
 * (libphonenumber-js, its `min` metadata); the light public pages check only `phoneLooseProblem`
 * (contact-checks.ts), which needs no library, and the server, the authority, normalises.
 */
import {
  type CountryCode,
  getCountries,
  isSupportedCountry,
  parsePhoneNumberFromString,
} from 'libphonenumber-js/min';

/** The countries a manufacturer may choose as its default, ISO 3166-1 alpha-2, as libphonenumber knows them. */
export const phoneCountries: readonly string[] = getCountries();

/** The default country where a manufacturer set none. */
export const defaultPhoneCountry = 'DE';

/** Whether `code` is a country a number can default to. */
export const isPhoneCountry = (code: string) => isSupportedCountry(code);

/**
 * A written number in E.164, or null when it is not a valid number (too short, too long, no such
 * numbers in that country, letters). A number with `+` or `00` keeps its own country.
 */
export const toE164 = (text: string, defaultCountry: string): string | null => {
  const trimmed = text.trim().replace(/^00(?=[1-9])/, '+');
  if (trimmed === '') return null;
  const country = isSupportedCountry(defaultCountry) ? (defaultCountry as CountryCode) : 'DE';
  const parsed = parsePhoneNumberFromString(trimmed, country);
  return parsed?.isValid() ? parsed.number : null;
};

/**
 * A stored number as people read it: national format when it belongs to the manufacturer's country
 * (`0170 1234567`), international otherwise (`+33 6 12 34 56 78`). A number stored before numbers
 * were kept in E.164 (digits only) is read as the manufacturer's country's; one that cannot be read
 * is shown as stored.
 */
export const formatPhone = (stored: string, country: string): string => {
  const home = isSupportedCountry(country) ? (country as CountryCode) : 'DE';
  const parsed = parsePhoneNumberFromString(stored, home);
  if (!parsed?.isValid()) return stored;
  return parsed.country === home ? parsed.formatNational() : parsed.formatInternational();
};

/** The server's English words for a number it cannot read. */
export const phoneMessage =
  'must be a phone number (with its country code when it is not from the default country)';
