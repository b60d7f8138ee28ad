import { phonePattern, zipCodePattern } from './contact-checks.js';
import { type ImportField, type ImportMapping, importFieldNames } from './contact-imports.js';
import { isEmailAddress, limits } from './limits.js';
import { normalizeTag, tagLimits } from './tag-checks.js';

/**
 * How an import reads one record of its file (docs/product-decisions.md, "Import"): the console's
 * automatic column mapping and its preview, and the server's import job, apply these rules, each
 * written once, here.
 */

/**
 * The column names the usual exports give each field, in English and German, best first: generic
 * names; Outlook (business before home); Google Contacts; Apple Contacts as a vCard converted to CSV
 * (its property names and the labels converters write); Mailchimp's audience export; HubSpot's
 * contact export. They are compared by `normalizeImportHeader`, so "E-mail Address", "E-Mail-Adresse"
 * and "email_address" are one name each.
 */
export const importHeaderNames: Record<ImportField, readonly string[]> = {
  email: [
    'Email',
    'E-Mail',
    'Mail',
    'Email Address',
    'E-Mail-Adresse',
    'Mailadresse',
    'Emails',
    // Outlook
    'E-mail Address',
    'E-Mail-Adresse',
    'E-mail 2 Address',
    'E-Mail 2: Adresse',
    // Google Contacts
    'E-mail 1 - Value',
    'E-Mail 1 - Wert',
    // Apple Contacts (vCard as CSV)
    'EMAIL',
    'EMAIL;TYPE=INTERNET',
    'EMAIL;TYPE=WORK',
    'EMAIL;TYPE=HOME',
    'Work Email',
    'Home Email',
    'E-Mail (Arbeit)',
    'E-Mail (privat)',
    // Mailchimp, HubSpot
    'Email Address',
    'E-Mail-Adresse',
  ],
  firstname: [
    'First Name',
    'Vorname',
    'Given Name',
    'Forename',
    'First',
    'Firstname',
    // vCard
    'N;GIVEN',
    'GIVEN NAME',
    'FNAME',
  ],
  lastname: [
    'Last Name',
    'Nachname',
    'Surname',
    'Family Name',
    'Familienname',
    'Last',
    'Lastname',
    'N;FAMILY',
    'LNAME',
  ],
  phoneNumber: [
    'Phone',
    'Phone Number',
    'Telefon',
    'Telefonnummer',
    'Tel',
    'Telephone',
    // Outlook
    'Business Phone',
    'Telefon geschäftlich',
    'Primary Phone',
    'Haupttelefon',
    'Company Main Phone',
    'Mobile Phone',
    'Mobiltelefon',
    'Home Phone',
    'Telefon privat',
    // Google Contacts
    'Phone 1 - Value',
    'Telefon 1 - Wert',
    // Apple Contacts (vCard as CSV)
    'TEL',
    'TEL;TYPE=WORK',
    'TEL;TYPE=CELL',
    'TEL;TYPE=HOME',
    'Work Phone',
    'Telefon (Arbeit)',
    'Mobile',
    'Mobil',
    'Handy',
    'Home Phone',
    'Telefon (privat)',
    // HubSpot
    'Mobile Phone Number',
    'Mobiltelefonnummer',
  ],
  street: [
    'Street',
    'Straße',
    'Strasse',
    'Street Address',
    'Address',
    'Adresse',
    'Anschrift',
    // Outlook
    'Business Street',
    'Straße geschäftlich',
    'Home Street',
    'Straße privat',
    // Google Contacts
    'Address 1 - Street',
    'Adresse 1 - Straße',
    // Apple Contacts (vCard as CSV)
    'ADR;STREET',
    'Work Street',
    'Straße (Arbeit)',
    'Home Street',
    'Straße (privat)',
  ],
  zipCode: [
    'ZIP',
    'ZIP Code',
    'PLZ',
    'Postcode',
    'Postal Code',
    'Postleitzahl',
    // Outlook
    'Business Postal Code',
    'Postleitzahl geschäftlich',
    'Home Postal Code',
    'Postleitzahl privat',
    // Google Contacts
    'Address 1 - Postal Code',
    'Adresse 1 - Postleitzahl',
    // Apple Contacts (vCard as CSV)
    'ADR;POSTAL CODE',
    'Work ZIP',
    'PLZ (Arbeit)',
    'Home ZIP',
    'PLZ (privat)',
  ],
  city: [
    'City',
    'Stadt',
    'Ort',
    'Wohnort',
    'Town',
    // Outlook
    'Business City',
    'Ort geschäftlich',
    'Home City',
    'Ort privat',
    // Google Contacts
    'Address 1 - City',
    'Adresse 1 - Stadt',
    'Adresse 1 - Ort',
    // Apple Contacts (vCard as CSV)
    'ADR;LOCALITY',
    'Work City',
    'Ort (Arbeit)',
    'Home City',
    'Ort (privat)',
  ],
  country: [
    'Country',
    'Land',
    'Staat',
    'Country/Region',
    'Land/Region',
    // Outlook
    'Business Country/Region',
    'Land/Region geschäftlich',
    'Home Country/Region',
    'Land/Region privat',
    // Google Contacts
    'Address 1 - Country',
    'Adresse 1 - Land',
    // Apple Contacts (vCard as CSV)
    'ADR;COUNTRY',
    'Work Country',
    'Land (Arbeit)',
    'Home Country',
    'Land (privat)',
  ],
  tags: [
    'Tags',
    'Tag',
    'Schlagwörter',
    // Outlook, Apple Contacts (vCard CATEGORIES)
    'Categories',
    'Kategorien',
    'CATEGORIES',
    // Google Contacts
    'Labels',
    'Label',
    'Group Membership',
    'Gruppenmitgliedschaft',
    // Mailchimp
    'TAGS',
  ],
};

/** Lower case, without accents, spaces or punctuation: "E-mail Address" and "email_address" are one name. */
export const normalizeImportHeader = (name: string) =>
  name
    .toLowerCase()
    .replace(/ß/g, 'ss')
    .normalize('NFD')
    .replace(/[^a-z0-9]/g, '');

const normalizedNames = Object.fromEntries(
  importFieldNames.map((field) => [field, importHeaderNames[field].map(normalizeImportHeader)]),
) as Record<ImportField, string[]>;

/**
 * A guess of which column fills which field from the column names (`importHeaderNames`, the better
 * name first), each column used once; with sample records a column holding a value in one of them
 * wins over a better-named empty one (an Outlook export fills "Home City" but leaves "Business City"
 * empty). Fields without a match are left out.
 */
export const guessImportMapping = (
  columns: readonly string[],
  samples: readonly Record<string, string>[] = [],
): Partial<ImportMapping> => {
  const mapping: Partial<ImportMapping> = {};
  const used = new Set<string>();
  const filled = (column: string) => samples.some((s) => (s[column] ?? '').trim() !== '');
  for (const field of importFieldNames) {
    const candidates: string[] = [];
    for (const name of normalizedNames[field]) {
      for (const c of columns) {
        if (!used.has(c) && !candidates.includes(c) && normalizeImportHeader(c) === name) candidates.push(c);
      }
    }
    const column = (samples.length > 0 ? candidates.find(filled) : undefined) ?? candidates[0];
    if (column) {
      mapping[field] = column;
      used.add(column);
    }
  }
  return mapping;
};

/**
 * A tags cell as tags: split on `;` or `,` (and Google's ` ::: `), each trimmed, unquoted (Mailchimp
 * writes `"Customer","VIP"`) and lowercased; empty ones and Google's system groups (`* myContacts`)
 * are left out, repeated ones kept once.
 */
export const splitImportTags = (cell: string): string[] => {
  const tags: string[] = [];
  for (const part of cell.split(/:::|[;,]/)) {
    const tag = normalizeTag(part.trim().replace(/^"(.*)"$/s, '$1'));
    if (tag && !tag.startsWith('* ') && !tags.includes(tag)) tags.push(tag);
  }
  return tags;
};

/** Why a record is not imported; the console words each in the owner's language. */
export type ImportProblem =
  | 'nul'
  | 'missingEmail'
  | 'invalidEmail'
  | 'tooLong'
  | 'phone'
  | 'zipCode'
  | 'tags'
  | 'duplicate';

/** The contact fields one record fills (the email lowercased, the phone as digits). */
export type ImportContactFields = {
  email: string;
  firstname?: string;
  lastname?: string;
  phoneNumber?: string;
  street?: string;
  zipCode?: string;
  city?: string;
  country?: string;
};

export type ImportRecordCheck =
  | { contact: ImportContactFields; tags: string[] }
  | {
      email: string;
      problem: ImportProblem;
      reason: string;
      /** A duplicate's first row. */
      firstRow?: number;
    };

/**
 * A cell as the import reads it: trimmed; a leading `'` before a formula character is dropped, as
 * Parley's own CSV files write it there ("CSV cells") and a corrected rejected-rows file comes back
 * with it.
 */
const clean = (v: unknown) => {
  const s = typeof v === 'string' ? v.trim() : '';
  return /^'[=+\-@\t\r]/.test(s) ? s.slice(1) : s;
};

/**
 * One record of the file (cells by column name) as a contact with its tags, or the reason it is
 * rejected. The phone keeps its digits when it is written with spaces, dashes, dots, brackets or a
 * leading + (spreadsheets write it so); the contact book stores digits only.
 */
export const checkImportRecord = (
  record: Record<string, unknown>,
  mapping: ImportMapping,
): ImportRecordCheck => {
  const get = (field: keyof ImportMapping) => {
    const column = mapping[field];
    return column === undefined ? '' : clean(record[column]);
  };
  const reject = (email: string, problem: ImportProblem, reason: string) => ({ email, problem, reason });
  // PostgreSQL stores no NUL character; such a row is refused, not the whole import.
  if (Object.values(record).some((v) => typeof v === 'string' && v.includes('\u0000'))) {
    return reject(
      get('email').replaceAll('\u0000', '').toLowerCase(),
      'nul',
      'The row holds a NUL character.',
    );
  }
  const email = get('email').toLowerCase();
  if (!email) return reject('', 'missingEmail', 'The email address is missing.');
  if (!isEmailAddress(email)) return reject(email, 'invalidEmail', 'This is not a valid email address.');
  const contact: ImportContactFields = { email };
  for (const field of ['firstname', 'lastname', 'street', 'city', 'country'] as const) {
    const v = get(field);
    if (v.length > limits.nameMax) {
      return reject(email, 'tooLong', `${field} is longer than ${limits.nameMax} characters.`);
    }
    if (v) contact[field] = v;
  }
  const phone = get('phoneNumber');
  if (phone) {
    const digits = phone.replace(/^\+/, '00').replace(/[\s\-./()]/g, '');
    if (!phonePattern.test(digits)) return reject(email, 'phone', 'The phone number must be 3 to 20 digits.');
    contact.phoneNumber = digits;
  }
  const zip = get('zipCode');
  if (zip) {
    if (!zipCodePattern.test(zip)) {
      return reject(email, 'zipCode', 'The postal code may hold letters, digits, spaces and hyphens only.');
    }
    contact.zipCode = zip;
  }
  const tags = splitImportTags(get('tags'));
  if (tags.length > tagLimits.tagsPerCall || tags.some((t) => t.length > tagLimits.tagMax)) {
    return reject(
      email,
      'tags',
      `The tags must be at most ${tagLimits.tagsPerCall}, each at most ${tagLimits.tagMax} characters.`,
    );
  }
  return { contact, tags };
};

/**
 * `checkImportRecord` over a file's records in order, with duplicates: the first row of an address
 * is imported, each later one is rejected naming it (docs/product-decisions.md, "Import"). The
 * server's job rebuilds it on every run from the rows it skips, as it reads the file from its start
 * again, so a duplicate in another batch or after a restart is found without storing the addresses
 * an import has seen; the console's preview uses it for its first rows.
 */
export const importRecordChecker = () => {
  const firstRow = new Map<string, number>();
  return (record: Record<string, unknown>, mapping: ImportMapping, rowNumber: number): ImportRecordCheck => {
    const checked = checkImportRecord(record, mapping);
    if ('reason' in checked) return checked;
    const first = firstRow.get(checked.contact.email);
    if (first !== undefined) {
      return {
        email: checked.contact.email,
        problem: 'duplicate',
        reason: `Same address as row ${first}.`,
        firstRow: first,
      };
    }
    firstRow.set(checked.contact.email, rowNumber);
    return checked;
  };
};
