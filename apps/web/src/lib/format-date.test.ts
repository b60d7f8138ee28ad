import { describe, expect, it } from 'vitest';
import { formatDate, formatDateTime, formatTime, parseLocalDateTime, toLocalDateTime } from './format-date';

describe('formatDate', () => {
  const morning = new Date(2025, 0, 7, 8, 5);

  it('writes English dates as MM/DD/YYYY and German ones as DD.MM.YYYY', () => {
    expect(formatDate(morning, 'en')).toBe('01/07/2025');
    expect(formatDate(morning, 'de')).toBe('07.01.2025');
  });

  it('writes English times on the 12-hour clock and German ones on the 24-hour clock', () => {
    expect(formatDateTime(morning, 'de')).toBe('07.01.2025 08:05');
    expect(formatDateTime(morning, 'en')).toBe('01/07/2025 8:05 AM');
    const evening = new Date(2027, 2, 15, 18, 30);
    expect(formatDateTime(evening, 'en')).toBe('03/15/2027 6:30 PM');
    expect(formatDateTime(evening, 'de')).toBe('15.03.2027 18:30');
  });

  it('names midnight 12 AM and noon 12 PM in English', () => {
    expect(formatTime(new Date(2025, 0, 7, 0, 1), 'en')).toBe('12:01 AM');
    expect(formatTime(new Date(2025, 0, 7, 12, 0), 'en')).toBe('12:00 PM');
    expect(formatTime(new Date(2025, 0, 7, 0, 1), 'de')).toBe('00:01');
  });

  it('ignores invalid input', () => {
    expect(formatDate('not a date', 'en')).toBe('');
    expect(formatDateTime('not a date', 'de')).toBe('');
  });
});

describe("local date-time strings (the picker's value)", () => {
  it('round-trip a moment in local time', () => {
    const date = new Date(2027, 2, 15, 18, 30, 5);
    expect(toLocalDateTime(date)).toBe('2027-03-15 18:30:05');
    expect(parseLocalDateTime('2027-03-15 18:30:05')?.getTime()).toBe(date.getTime());
    expect(parseLocalDateTime('2027-03-15T18:30')?.getTime()).toBe(new Date(2027, 2, 15, 18, 30).getTime());
  });

  it('refuse what is not a real moment', () => {
    expect(parseLocalDateTime('')).toBeNull();
    expect(parseLocalDateTime('2027-02-30 10:00:00')).toBeNull();
    expect(parseLocalDateTime('tomorrow')).toBeNull();
    expect(parseLocalDateTime('2027-03-15 24:00:00')).toBeNull();
    expect(toLocalDateTime('not a date')).toBe('');
  });
});
