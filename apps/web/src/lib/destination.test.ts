import { describe, expect, it } from 'vitest';
import { loginPathFor, safeDestination } from './destination';

describe('safeDestination', () => {
  it.each([
    ['/connect/contacts', '/connect/contacts'],
    ['/connect/campaigns/1?tab=results#top', '/connect/campaigns/1?tab=results#top'],
    ['/profile', '/profile'],
  ])('keeps the console path %s', (raw, expected) => {
    expect(safeDestination(raw)).toBe(expected);
  });

  it.each([
    null,
    '',
    'connect/contacts',
    'https://evil.example.com',
    '//evil.example.com',
    '/\\evil.example.com',
    '/\t/evil.example.com',
    'javascript:alert(1)',
    '/p/f/manufacturer',
    '/p',
    '/login',
  ])('falls back to / for %s', (raw) => {
    expect(safeDestination(raw)).toBe('/');
  });
});

describe('loginPathFor', () => {
  it('encodes path and query as the destination', () => {
    expect(loginPathFor('/connect/contacts', '?page=2')).toBe(
      '/login?destination=%2Fconnect%2Fcontacts%3Fpage%3D2',
    );
    expect(loginPathFor('/', '')).toBe('/login');
  });
});
