import { describe, expect, it } from 'vitest';
import { guessMapping, parseCsvHeader, readCsvHeader } from './csv-header';

describe('parseCsvHeader', () => {
  it('takes the comma, semicolon or tab that separates the first line', () => {
    expect(parseCsvHeader('email,first name,city\na@example.com,Anna,Berlin')).toEqual({
      delimiter: ',',
      columns: ['email', 'first name', 'city'],
    });
    expect(parseCsvHeader('E-Mail;Vorname;Nachname, Titel\r\nx;y;z')).toEqual({
      delimiter: ';',
      columns: ['E-Mail', 'Vorname', 'Nachname, Titel'],
    });
    expect(parseCsvHeader('mail\tPLZ\tOrt\n').columns).toEqual(['mail', 'PLZ', 'Ort']);
  });

  it('drops a BOM, unquotes names and leaves out empty and repeated ones', () => {
    expect(parseCsvHeader('\uFEFF"E-Mail";"Name; voll";"Say ""hi""";;E-Mail\n1;2;3;4;5')).toEqual({
      delimiter: ';',
      columns: ['E-Mail', 'Name; voll', 'Say "hi"'],
    });
  });

  it('keeps a quoted line break inside the name and answers nothing for an empty file', () => {
    expect(parseCsvHeader('"first\nname",email\nAnna,a@example.com').columns).toEqual([
      'first\nname',
      'email',
    ]);
    expect(parseCsvHeader('')).toEqual({ delimiter: ',', columns: [] });
  });

  it('reads the first line of a file', async () => {
    const file = new File(['\uFEFFemail,city\nanna@example.com,Berlin\n'], 'contacts.csv', {
      type: 'text/csv',
    });
    expect((await readCsvHeader(file)).columns).toEqual(['email', 'city']);
  });
});

describe('guessMapping', () => {
  it('matches the usual English and German column names, each column once', () => {
    expect(
      guessMapping(['E-Mail', 'Vorname', 'Nachname', 'Telefon', 'Straße', 'PLZ', 'Ort', 'Land', 'Notes']),
    ).toEqual({
      email: 'E-Mail',
      firstname: 'Vorname',
      lastname: 'Nachname',
      phoneNumber: 'Telefon',
      street: 'Straße',
      zipCode: 'PLZ',
      city: 'Ort',
      country: 'Land',
    });
    expect(guessMapping(['First Name', 'last_name', 'Email Address', 'Zip Code', 'Stadt'])).toEqual({
      email: 'Email Address',
      firstname: 'First Name',
      lastname: 'last_name',
      zipCode: 'Zip Code',
      city: 'Stadt',
    });
    expect(guessMapping(['mail', 'something'])).toEqual({ email: 'mail' });
  });
});
