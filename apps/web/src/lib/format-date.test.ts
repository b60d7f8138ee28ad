import { describe, expect, it } from 'vitest';
import { formatDate, formatDateTime } from './format-date';

describe('formatDate', () => {
  const date = new Date(2025, 0, 7, 8, 5);

  it('writes English dates as MM/DD/YYYY and German ones as DD.MM.YYYY', () => {
    expect(formatDate(date, 'en')).toBe('01/07/2025');
    expect(formatDate(date, 'de')).toBe('07.01.2025');
  });

  it('adds the 24-hour time and ignores invalid input', () => {
    expect(formatDateTime(date, 'de')).toBe('07.01.2025 08:05');
    expect(formatDate('not a date', 'en')).toBe('');
  });
});
