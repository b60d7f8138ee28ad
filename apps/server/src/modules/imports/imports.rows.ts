import { type ImportMapping, isEmailAddress, limits, phonePattern, zipCodePattern } from '@parley/contract';
import type { ImportedContact } from '../contacts/index.js';

export type RowCheck = { contact: ImportedContact } | { email: string; reason: string };

const clean = (v: unknown) => (typeof v === 'string' ? v.trim() : '');

/**
 * One row of the file as a contact, or the reason it is rejected. The phone keeps its digits when
 * it is written with spaces, dashes, dots, brackets or a leading + (spreadsheets write it so); the
 * contact book stores digits only, as the spec's label says.
 */
export const checkRow = (record: Record<string, unknown>, mapping: ImportMapping): RowCheck => {
  const get = (field: keyof ImportMapping) => {
    const column = mapping[field];
    return column === undefined ? '' : clean(record[column]);
  };
  // PostgreSQL stores no NUL character; such a row is refused, not the whole import.
  if (Object.values(record).some((v) => typeof v === 'string' && v.includes('\u0000'))) {
    return {
      email: get('email').replaceAll('\u0000', '').toLowerCase(),
      reason: 'The row holds a NUL character.',
    };
  }
  const email = get('email').toLowerCase();
  if (!email) return { email: '', reason: 'The email address is missing.' };
  if (!isEmailAddress(email)) return { email, reason: 'This is not a valid email address.' };
  const contact: ImportedContact = { email };
  for (const field of ['firstname', 'lastname', 'street', 'city', 'country'] as const) {
    const v = get(field);
    if (v.length > limits.nameMax)
      return { email, reason: `${field} is longer than ${limits.nameMax} characters.` };
    if (v) contact[field] = v;
  }
  const phone = get('phoneNumber');
  if (phone) {
    const digits = phone.replace(/^\+/, '00').replace(/[\s\-./()]/g, '');
    if (!phonePattern.test(digits)) return { email, reason: 'The phone number must be 3 to 20 digits.' };
    contact.phoneNumber = digits;
  }
  const zip = get('zipCode');
  if (zip) {
    if (!zipCodePattern.test(zip))
      return { email, reason: 'The postal code may hold letters, digits, spaces and hyphens only.' };
    contact.zipCode = zip;
  }
  return { contact };
};
