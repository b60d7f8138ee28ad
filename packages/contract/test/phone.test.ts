import { describe, expect, it } from 'vitest';
import { formatPhone, isLoosePhone, isPhoneCountry, phoneCountries, toE164 } from '../src/index.js';

// The contract's phone rule (docs/product-decisions.md, "Contacts").
describe('toE164', () => {
  it.each([
    ['+49 170 1234567', 'DE', '+491701234567'],
    ['0170 1234567', 'DE', '+491701234567'],
    ['0170 / 123 45 67', 'DE', '+491701234567'],
    ['(0170) 1234-567', 'DE', '+491701234567'],
    ['0049 170 1234567', 'DE', '+491701234567'],
    ['0664 1234567', 'AT', '+436641234567'],
    ['+33 6 12 34 56 78', 'AT', '+33612345678'],
    ['030 1234567', 'unknown', '+49301234567'],
  ])('%s in %s → %s', (text, country, e164) => {
    expect(toE164(text, country)).toBe(e164);
  });
  it.each([['+49 30'], ['12'], ['call me'], [''], ['+49 170 1234567 8901234']])('refuses %j', (text) => {
    expect(toE164(text, 'DE')).toBeNull();
  });
});

describe('formatPhone', () => {
  it('shows the home country nationally, others internationally, and what it cannot read as stored', () => {
    expect(formatPhone('+491701234567', 'DE')).toBe('0170 1234567');
    expect(formatPhone('+491701234567', 'AT')).toBe('+49 170 1234567');
    expect(formatPhone('+33612345678', 'DE')).toBe('+33 6 12 34 56 78');
    // Stored before E.164 (digits only): read as the manufacturer's country's, or shown as it is.
    expect(formatPhone('0301234567', 'DE')).toBe('030 1234567');
    expect(formatPhone('123', 'DE')).toBe('123');
  });
});

describe('the loose check of the light pages', () => {
  it.each([['+49 170 1234567'], ['0170 / 123 45 67'], ['(0170) 1234-567'], ['030.123']])(
    'takes %s',
    (text) => {
      expect(isLoosePhone(text)).toBe(true);
    },
  );
  it.each([['12'], ['call me'], ['49+170'], ['1'.repeat(21)], ['0170 1234567 ext. 5']])(
    'refuses %s',
    (text) => {
      expect(isLoosePhone(text)).toBe(false);
    },
  );
  it('knows the countries a manufacturer may choose', () => {
    expect(phoneCountries).toEqual(expect.arrayContaining(['DE', 'AT', 'CH', 'FR']));
    expect(isPhoneCountry('DE')).toBe(true);
    expect(isPhoneCountry('XX')).toBe(false);
  });
});
