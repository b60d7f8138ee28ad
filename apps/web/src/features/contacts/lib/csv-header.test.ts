import { describe, expect, it } from 'vitest';
import { guessMapping, parseCsvHeader, parseCsvRecords, readCsvHeader } from './csv-header';

describe('parseCsvHeader', () => {
  it('takes the comma, semicolon or tab that separates the first line', () => {
    expect(parseCsvHeader('email,first name,city\na@example.com,Anna,Berlin')).toEqual({
      delimiter: ',',
      columns: ['email', 'first name', 'city'],
      samples: [{ email: 'a@example.com', 'first name': 'Anna', city: 'Berlin' }],
    });
    expect(parseCsvHeader('E-Mail;Vorname;Nachname, Titel\r\nx;y;z')).toMatchObject({
      delimiter: ';',
      columns: ['E-Mail', 'Vorname', 'Nachname, Titel'],
    });
    expect(parseCsvHeader('mail\tPLZ\tOrt\n').columns).toEqual(['mail', 'PLZ', 'Ort']);
  });

  it('drops a BOM, unquotes names and leaves out empty and repeated ones', () => {
    expect(parseCsvHeader('\uFEFF"E-Mail";"Name; voll";"Say ""hi""";;E-Mail\n1;2;3;4;5')).toEqual({
      delimiter: ';',
      columns: ['E-Mail', 'Name; voll', 'Say "hi"'],
      // A name given twice is its first column, as the server reads it.
      samples: [{ 'E-Mail': '1', 'Name; voll': '2', 'Say "hi"': '3' }],
    });
  });

  it('keeps a quoted line break inside the name and answers nothing for an empty file', () => {
    expect(parseCsvHeader('"first\nname",email\nAnna,a@example.com').columns).toEqual([
      'first\nname',
      'email',
    ]);
    expect(parseCsvHeader('')).toEqual({ delimiter: ',', columns: [], samples: [] });
  });

  it('reads the first records of a file, a quoted line break inside its cell, at most five', () => {
    const text = [
      'Email,Notes',
      'a@example.com,"line 1',
      'line 2, with ""quotes"""',
      '',
      'b@example.com,',
      ...Array.from({ length: 6 }, (_, i) => `c${i}@example.com,x`),
    ].join('\r\n');
    const { samples } = parseCsvHeader(text);
    expect(samples).toHaveLength(5);
    expect(samples[0]).toEqual({ Email: 'a@example.com', Notes: 'line 1\r\nline 2, with "quotes"' });
    expect(samples[1]).toEqual({ Email: 'b@example.com', Notes: '' });
    // The start of a larger file: a record cut off at its end is left out.
    expect(parseCsvRecords('a,b\n1,2\n3,"unfinished', ',', 10)).toEqual([
      ['a', 'b'],
      ['1', '2'],
    ]);
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

  it('knows the columns of an Outlook export in German and English', () => {
    const outlookDe = [
      'Vorname',
      'Weitere Vornamen',
      'Nachname',
      'Firma',
      'Straße geschäftlich',
      'Ort geschäftlich',
      'Postleitzahl geschäftlich',
      'Land/Region geschäftlich',
      'Straße privat',
      'Ort privat',
      'Telefon privat',
      'Telefon geschäftlich',
      'Mobiltelefon',
      'E-Mail-Adresse',
      'E-Mail 2: Adresse',
      'Notizen',
      'Kategorien',
    ];
    expect(guessMapping(outlookDe)).toEqual({
      email: 'E-Mail-Adresse',
      firstname: 'Vorname',
      lastname: 'Nachname',
      phoneNumber: 'Telefon geschäftlich',
      street: 'Straße geschäftlich',
      zipCode: 'Postleitzahl geschäftlich',
      city: 'Ort geschäftlich',
      country: 'Land/Region geschäftlich',
      tags: 'Kategorien',
    });
    const outlookEn = [
      'First Name',
      'Last Name',
      'E-mail Address',
      'Home Phone',
      'Business Phone',
      'Business Street',
      'Business City',
      'Business Postal Code',
      'Business Country/Region',
      'Home City',
      'Categories',
    ];
    expect(guessMapping(outlookEn)).toEqual({
      email: 'E-mail Address',
      firstname: 'First Name',
      lastname: 'Last Name',
      phoneNumber: 'Business Phone',
      street: 'Business Street',
      zipCode: 'Business Postal Code',
      city: 'Business City',
      country: 'Business Country/Region',
      tags: 'Categories',
    });
    // Outlook filled the home address only: a column with a value wins over a better-named empty one.
    expect(guessMapping(outlookEn, [{ 'Business City': '', 'Home City': 'Köln' }]).city).toBe('Home City');
  });

  it('knows the columns of Google Contacts and of Apple Contacts as a vCard converted to CSV', () => {
    const google = [
      'Name',
      'Given Name',
      'Family Name',
      'E-mail 1 - Type',
      'E-mail 1 - Value',
      'Phone 1 - Type',
      'Phone 1 - Value',
      'Address 1 - Street',
      'Address 1 - City',
      'Address 1 - Postal Code',
      'Address 1 - Country',
      'Organization 1 - Name',
      'Group Membership',
    ];
    expect(guessMapping(google)).toEqual({
      email: 'E-mail 1 - Value',
      firstname: 'Given Name',
      lastname: 'Family Name',
      phoneNumber: 'Phone 1 - Value',
      street: 'Address 1 - Street',
      zipCode: 'Address 1 - Postal Code',
      city: 'Address 1 - City',
      country: 'Address 1 - Country',
      tags: 'Group Membership',
    });
    expect(
      guessMapping(['E-Mail 1 - Wert', 'Vorname', 'Nachname', 'Telefon 1 - Wert', 'Adresse 1 - Ort']),
    ).toEqual({
      email: 'E-Mail 1 - Wert',
      firstname: 'Vorname',
      lastname: 'Nachname',
      phoneNumber: 'Telefon 1 - Wert',
      city: 'Adresse 1 - Ort',
    });
    expect(
      guessMapping(['FN', 'N;GIVEN', 'N;FAMILY', 'EMAIL;TYPE=INTERNET', 'TEL;TYPE=CELL', 'CATEGORIES']),
    ).toEqual({
      email: 'EMAIL;TYPE=INTERNET',
      firstname: 'N;GIVEN',
      lastname: 'N;FAMILY',
      phoneNumber: 'TEL;TYPE=CELL',
      tags: 'CATEGORIES',
    });
  });

  it('knows the columns of Mailchimp and HubSpot exports', () => {
    expect(
      guessMapping([
        'Email Address',
        'First Name',
        'Last Name',
        'Address',
        'Phone Number',
        'MEMBER_RATING',
        'TAGS',
      ]),
    ).toEqual({
      email: 'Email Address',
      firstname: 'First Name',
      lastname: 'Last Name',
      street: 'Address',
      phoneNumber: 'Phone Number',
      tags: 'TAGS',
    });
    expect(
      guessMapping([
        'Record ID',
        'Vorname',
        'Nachname',
        'E-Mail',
        'Telefonnummer',
        'Name des Unternehmens',
        'Stadt',
        'Postleitzahl',
        'Land/Region',
      ]),
    ).toEqual({
      email: 'E-Mail',
      firstname: 'Vorname',
      lastname: 'Nachname',
      phoneNumber: 'Telefonnummer',
      zipCode: 'Postleitzahl',
      city: 'Stadt',
      country: 'Land/Region',
    });
    expect(
      guessMapping([
        'Email',
        'First Name',
        'Last Name',
        'Company Name',
        'Phone Number',
        'City',
        'Postal Code',
        'Country/Region',
      ]),
    ).toEqual({
      email: 'Email',
      firstname: 'First Name',
      lastname: 'Last Name',
      phoneNumber: 'Phone Number',
      zipCode: 'Postal Code',
      city: 'City',
      country: 'Country/Region',
    });
  });
});
