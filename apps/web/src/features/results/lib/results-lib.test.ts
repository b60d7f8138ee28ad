import { describe, expect, it } from 'vitest';
import { parseDay } from '@/components/day-field';
import { i18n } from '@/lib/i18n';
import { exportFileName } from './export-file-name';
import { formatDuration } from './format-duration';

describe('formatDuration', () => {
  const t = i18n.getFixedT('en');
  const de = i18n.getFixedT('de');
  it.each([
    [30, 'less than a minute'],
    [25 * 60, '25 min'],
    [2 * 3600 + 5 * 60, '2 h 5 min'],
    [3600, '1 h'],
    [26 * 3600, '1 day 2 h'],
    [3 * 86_400 + 3600, '3 days'],
  ])('%i s is "%s"', (seconds, text) => expect(formatDuration(seconds, t)).toBe(text));
  it('speaks German', () => {
    expect(formatDuration(2 * 3600 + 5 * 60, de)).toBe('2 Std. 5 Min.');
    expect(formatDuration(3 * 86_400, de)).toBe('3 Tage');
  });
});

describe('exportFileName', () => {
  it('keeps what a file system takes', () => {
    expect(exportFileName('Bike: survey / 2025?', 'xlsx')).toBe('Bike survey 2025-results.xlsx');
    expect(exportFileName('Umfrage für Händler', 'pdf')).toBe('Umfrage für Händler-results.pdf');
    expect(exportFileName(' /// ', 'pdf')).toBe('campaign-results.pdf');
  });
});

describe('parseDay', () => {
  it('reads the language’s format and refuses days that do not exist', () => {
    expect(parseDay('03/01/2025', 'en')).toBe('2025-03-01');
    expect(parseDay('01.03.2025', 'de')).toBe('2025-03-01');
    expect(parseDay('2025-03-01', 'de')).toBe('2025-03-01');
    expect(parseDay('02/30/2025', 'en')).toBeNull();
    expect(parseDay('01.03.2025', 'en')).toBeNull();
  });
});
