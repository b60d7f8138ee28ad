import { describe, expect, it } from 'vitest';
import {
  api,
  contactRequestFormSchema,
  contactRequestProblems,
  emailSchema,
  limits,
  postFormProblems,
  postFormSchema,
  postTextMax,
} from '../src/index.js';

// The public forms' rules are written once (contact-checks.ts, limits.ts, post-checks.ts): the light pages
// call the plain checks, the zod schemas the server validates with are built from them. Each case here is
// judged by both, and both must agree.

const post = { name: 'Anne-Marie O’Neill', email: 'anne@example.com', text: 'Works well.', consent: true };
const request = {
  firstname: 'Jürgen',
  lastname: 'Müller',
  email: 'j.mueller@example.de',
  phoneNumber: '',
  message: '',
  consent: true,
};

const issuesOf = (result: {
  success: boolean;
  error?: { issues: { path: PropertyKey[]; message: string }[] };
}) => Object.fromEntries((result.error?.issues ?? []).map((i) => [String(i.path[0]), i.message]));

describe('the feedback form', () => {
  const cases: [string, Partial<typeof post>, string | undefined, string | undefined][] = [
    ['a good post', {}, undefined, undefined],
    ['an empty name', { name: '   ' }, 'required', 'must not be empty'],
    ['a name with digits', { name: 'R2D2' }, 'invalid', 'must be letters only'],
    [
      'a name too long',
      { name: 'A'.repeat(limits.nameMax + 1) },
      'tooLong',
      `must be at most ${limits.nameMax} characters`,
    ],
    ['an address without a domain', { email: 'anne@example' }, 'invalid', 'must be a valid email address'],
    ['an empty address', { email: ' ' }, 'required', 'must be a valid email address'],
    ['a one-letter text', { text: ' x ' }, 'tooShort', 'must be at least 2 characters'],
    [
      'a text too long',
      { text: 'x'.repeat(postTextMax + 1) },
      'tooLong',
      `must be at most ${postTextMax} characters`,
    ],
  ];
  it.each(cases)('%s: the page and the server agree', (_, change, problem, message) => {
    const input = { ...post, ...change };
    const field = Object.keys(change)[0] as keyof typeof post | undefined;
    const plain = postFormProblems(input);
    const parsed = issuesOf(postFormSchema.safeParse(input));
    if (!field) {
      expect(plain).toEqual({});
      expect(parsed).toEqual({});
      return;
    }
    expect(plain).toEqual({ [field]: problem });
    expect(Object.keys(parsed)).toEqual([field]);
    expect(parsed[field]).toBe(message);
  });

  it('refuses a post without consent on both sides', () => {
    expect(postFormProblems({ ...post, consent: false })).toEqual({ consent: 'required' });
    expect(Object.keys(issuesOf(postFormSchema.safeParse({ ...post, consent: false })))).toEqual(['consent']);
  });

  it('stores what it checked: trimmed name and text, the address in lower case', () => {
    const parsed = postFormSchema.parse({
      ...post,
      name: '  Anne ',
      email: ' Anne@Example.COM ',
      text: ' Hi there ',
    });
    expect(parsed).toMatchObject({ name: 'Anne', email: 'anne@example.com', text: 'Hi there' });
  });
});

describe('the contact-request form', () => {
  it('judges names and addresses with the same rules as the feedback form', () => {
    const bad = { ...request, firstname: 'R2D2', lastname: '', email: 'nope@' };
    expect(contactRequestProblems(bad)).toEqual({
      firstname: 'invalid',
      lastname: 'required',
      email: 'invalid',
    });
    expect(issuesOf(contactRequestFormSchema.safeParse(bad))).toEqual({
      firstname: 'must be letters only',
      lastname: 'must not be empty',
      email: 'must be a valid email address',
    });
    expect(contactRequestProblems(request)).toEqual({});
    expect(contactRequestFormSchema.safeParse(request).success).toBe(true);
  });
});

describe('one address rule', () => {
  // Every schema that takes an address uses the API's pattern (emailSchema), as the plain check does.
  const refusedByThePattern = ['a..b@example.com', 'anne@example.c', '.anne@example.com'];
  it.each(refusedByThePattern)('%s is refused by every schema and the plain check', (email) => {
    expect(emailSchema.safeParse(email).success).toBe(false);
    expect(postFormSchema.safeParse({ ...post, email }).success).toBe(false);
    expect(contactRequestFormSchema.safeParse({ ...request, email }).success).toBe(false);
    expect(postFormProblems({ ...post, email }).email).toBe('invalid');
  });
});

describe('the routes', () => {
  it('name every path once, under /api or a public prefix', () => {
    const seen = new Set<string>();
    const walk = (node: unknown) => {
      if (!node || typeof node !== 'object') return;
      const route = node as { method?: string; path?: string };
      if (typeof route.method === 'string' && typeof route.path === 'string') {
        const key = `${route.method} ${route.path}`;
        expect(seen.has(key), key).toBe(false);
        seen.add(key);
        return;
      }
      for (const child of Object.values(node)) walk(child);
    };
    walk(api);
    expect(seen.size).toBeGreaterThan(96);
  });
});
