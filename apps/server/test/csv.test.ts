import { describe, expect, it } from 'vitest';
import { csvCell, csvLine, neutralizeCell } from '../src/lib/csv.js';

describe('the CSV cells Parley writes (OWASP formula injection)', () => {
  it.each([
    ['=HYPERLINK("http://evil.example","click")'],
    ['+1+1'],
    ['-2+3'],
    ['-5'],
    ['@SUM(A1:A2)'],
    ['\t=1+1'],
    ['\r=1+1'],
  ])('neutralizes a text cell starting a formula: %j', (text) => {
    expect(neutralizeCell(text)).toBe(`'${text}`);
    expect(csvCell(text)).toBe(`"'${text.replaceAll('"', '""')}"`);
  });

  it('leaves other texts as they are, quoted, and numbers Parley writes as numbers', () => {
    for (const text of ['anna@example.com', 'a=b', ' =1', "'quoted", '', 'Müller, Hans']) {
      expect(neutralizeCell(text)).toBe(text);
    }
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell(-5)).toBe('-5');
    expect(csvCell(12)).toBe('12');
    expect(csvLine([4, '=1+1', 'line\nbreak'])).toBe('4,"\'=1+1","line\nbreak"\n');
  });
});
