import { describe, expect, it } from 'vitest';
import { formatMailbox, namesOfDisplayName, parseAddressList, parseMailbox } from '../src/index.js';

// The contract's address-list parser (docs/product-decisions.md, "Invitations").
describe('parseAddressList', () => {
  it('reads what mail programs copy: names, quoted names with commas, comma, semicolon and line separated', () => {
    const text = [
      'Jürgen Müller <juergen.mueller@beispiel-gmbh.example>',
      '"Müller, Anna" <anna.mueller@beispiel-gmbh.example>, ben@beispiel.example',
      '<carla@beispiel.example>; Dora Dunst <dora@beispiel.example>',
      '',
      'erik@beispiel.example (Erik Eng)',
      '  "O\'Neill \\"Fritz\\"" <fritz@beispiel.example>  ',
    ].join('\r\n');
    expect(parseAddressList(text)).toEqual({
      addresses: [
        { email: 'juergen.mueller@beispiel-gmbh.example', name: 'Jürgen Müller' },
        { email: 'anna.mueller@beispiel-gmbh.example', name: 'Müller, Anna' },
        { email: 'ben@beispiel.example' },
        { email: 'carla@beispiel.example' },
        { email: 'dora@beispiel.example', name: 'Dora Dunst' },
        { email: 'erik@beispiel.example', name: 'Erik Eng' },
        { email: 'fritz@beispiel.example', name: 'O\'Neill "Fritz"' },
      ],
      invalid: [],
    });
  });

  it('counts six addresses for six lines of name-addr (the issue: 8 and three invalid before)', () => {
    const lines = Array.from({ length: 6 }, (_, i) => `Jürgen Müller${i} <j${i}@beispiel-gmbh.example>`);
    const { addresses, invalid } = parseAddressList(lines.join('\n'));
    expect(addresses).toHaveLength(6);
    expect(invalid).toEqual([]);
  });

  it('keeps an unquoted "Last, First <addr>" together, but not a bare word before an address', () => {
    expect(parseAddressList('Müller, Jürgen <j@beispiel.example>; Dunst, Dora <d@beispiel.example>')).toEqual(
      {
        addresses: [
          { email: 'j@beispiel.example', name: 'Müller, Jürgen' },
          { email: 'd@beispiel.example', name: 'Dunst, Dora' },
        ],
        invalid: [],
      },
    );
    expect(parseAddressList('oops, b@beispiel.example')).toEqual({
      addresses: [{ email: 'b@beispiel.example' }],
      invalid: ['oops'],
    });
  });

  it('still splits plain addresses by blanks, and reports every piece that is no address', () => {
    expect(
      parseAddressList('a@x.example b@y.example\nbad-address;Name <not-an-address>, "open <c@x.example>'),
    ).toEqual({
      addresses: [{ email: 'a@x.example' }, { email: 'b@y.example' }],
      invalid: ['bad-address', 'Name <not-an-address>', '"open <c@x.example>'],
    });
    expect(parseAddressList('<a@x.example> trailing')).toEqual({
      addresses: [],
      invalid: ['<a@x.example> trailing'],
    });
    expect(parseAddressList('Name <a@x.example')).toEqual({ addresses: [], invalid: ['Name <a@x.example'] });
    expect(parseAddressList(' ,;\n\n ')).toEqual({ addresses: [], invalid: [] });
  });

  it('keeps repeats (the server reports them) and drops a name that is the address itself', () => {
    expect(parseAddressList('a@x.example, "a@x.example" <a@x.example>').addresses).toEqual([
      { email: 'a@x.example' },
      { email: 'a@x.example' },
    ]);
  });

  it('is linear: 100,000 open quotes, brackets and comments take milliseconds', () => {
    for (const hostile of [
      '"'.repeat(100_000),
      '<'.repeat(100_000),
      '('.repeat(100_000),
      'a '.repeat(100_000),
    ]) {
      const start = performance.now();
      parseAddressList(hostile);
      expect(performance.now() - start).toBeLessThan(1000);
    }
    const many = Array.from({ length: 10_000 }, (_, i) => `Person ${i} <p${i}@x.example>`).join(', ');
    const start = performance.now();
    expect(parseAddressList(many).addresses).toHaveLength(10_000);
    expect(performance.now() - start).toBeLessThan(1000);
  });
});

describe('parseMailbox and formatMailbox (one POST /contact entry)', () => {
  it('round-trips names with commas and quotes, and takes a bare address as before', () => {
    for (const m of [
      { email: 'a@x.example', name: 'Müller, Jürgen' },
      { email: 'b@x.example', name: 'Say "hi" \\ there' },
      { email: 'c@x.example' },
    ]) {
      expect(parseMailbox(formatMailbox(m))).toEqual(m);
    }
    expect(parseMailbox('  Anna@X.example ')).toEqual({ email: 'Anna@X.example' });
    expect(parseMailbox('a@x.example, b@x.example')).toBeNull();
    expect(parseMailbox('a@x.example b@x.example')).toBeNull();
    expect(parseMailbox('bad-address')).toBeNull();
  });
});

describe('namesOfDisplayName', () => {
  it.each([
    ['Jürgen Müller', 'Jürgen', 'Müller'],
    ['Müller, Jürgen', 'Jürgen', 'Müller'],
    ['Anne-Marie  van der Berg', 'Anne-Marie van der', 'Berg'],
    ['Jürgen', 'Jürgen', null],
    ["Seán O'Neill", 'Seán', "O'Neill"],
  ])('%s → %s / %s', (name, firstname, lastname) => {
    expect(namesOfDisplayName(name)).toEqual({ firstname, lastname });
  });
  it.each([[undefined], ['Vertrieb (EU)'], ['info@x.example'], ['Team 42'], [','], ['x'.repeat(101)]])(
    'gives no names for %s',
    (name) => {
      expect(namesOfDisplayName(name)).toEqual({ firstname: null, lastname: null });
    },
  );
});
