/**
 * Address lists as mail programs copy them (docs/product-decisions.md, "Invitations"): RFC 5322
 * `name-addr` (`Jürgen Müller <juergen@beispiel.example>`, `"Müller, Jürgen" <…>`, `<…>`) and
 * `addr-spec` (`juergen@beispiel.example`, with an optional `(comment)`), separated by commas,
 * semicolons or line breaks outside quotes, angle brackets and comments. The console's invite dialog
 * counts and sends what this finds; the server reads each entry of `POST /contact` with
 * `parseMailbox`, so a display name reaches it inside the entry. Every function is one linear pass
 * (no backtracking regular expression over the whole text), without a dependency, so a light page
 * could use it too.
 */

import { namePattern } from './contact-checks.js';
import { isEmailAddress, limits } from './limits.js';

/** One address found: as written (trimmed, not lowercased), with the display name when it had one. */
export type Mailbox = { email: string; name?: string };

/** What a pasted text holds: the addresses in order (repeats kept) and the pieces that are none. */
export type AddressList = { addresses: Mailbox[]; invalid: string[] };

const isSeparator = (c: string) => c === ',' || c === ';' || c === '\n' || c === '\r';

/**
 * Splits a text at the separators outside `"…"` (with `\` escapes), `<…>` and `(…)` (nested), in one
 * pass. Each piece keeps the separator that ended it, for `parseAddressList`'s join of `Last, First`.
 */
const splitPieces = (text: string) => {
  const pieces: { text: string; endedBy: string }[] = [];
  let start = 0;
  let quoted = false;
  let angle = false;
  let comment = 0;
  for (let i = 0; i < text.length; i += 1) {
    const c = text[i] as string;
    if (quoted) {
      if (c === '\\') i += 1;
      else if (c === '"') quoted = false;
    } else if (comment > 0) {
      if (c === '\\') i += 1;
      else if (c === '(') comment += 1;
      else if (c === ')') comment -= 1;
    } else if (angle) {
      if (c === '>') angle = false;
    } else if (c === '"') quoted = true;
    else if (c === '(') comment = 1;
    else if (c === '<') angle = true;
    else if (isSeparator(c)) {
      pieces.push({ text: text.slice(start, i), endedBy: c });
      start = i + 1;
    }
  }
  pieces.push({ text: text.slice(start), endedBy: '' });
  return pieces;
};

/** The words of a display name (quoted strings unescaped, comments dropped), or null when it is malformed. */
type Scan = { words: string[]; comments: string[]; angle: string | null; rest: string; ok: boolean };

const scan = (piece: string): Scan => {
  const words: string[] = [];
  const comments: string[] = [];
  let word = '';
  let angle: string | null = null;
  let rest = '';
  const flush = () => {
    if (word !== '') words.push(word);
    word = '';
  };
  for (let i = 0; i < piece.length; i += 1) {
    const c = piece[i] as string;
    if (angle !== null) {
      // After the angle address only blanks and comments may follow.
      if (c === '(') {
        const end = commentEnd(piece, i);
        if (end < 0) return { words, comments, angle, rest, ok: false };
        comments.push(piece.slice(i + 1, end).trim());
        i = end;
      } else if (!/\s/.test(c)) rest += c;
      continue;
    }
    if (c === '"') {
      let text = '';
      let j = i + 1;
      for (; j < piece.length && piece[j] !== '"'; j += 1) {
        if (piece[j] === '\\' && j + 1 < piece.length) j += 1;
        text += piece[j];
      }
      if (j >= piece.length) return { words, comments, angle, rest, ok: false };
      word += text;
      i = j;
    } else if (c === '(') {
      const end = commentEnd(piece, i);
      if (end < 0) return { words, comments, angle, rest, ok: false };
      flush();
      comments.push(piece.slice(i + 1, end).trim());
      i = end;
    } else if (c === '<') {
      const end = piece.indexOf('>', i + 1);
      if (end < 0) return { words, comments, angle, rest, ok: false };
      flush();
      angle = piece.slice(i + 1, end).trim();
      i = end;
    } else if (/\s/.test(c)) flush();
    else if (c === '>' || c === ')') return { words, comments, angle, rest, ok: false };
    else word += c;
  }
  flush();
  return { words, comments, angle, rest, ok: true };
};

/** The index of the `)` closing the comment opened at `start` (nested, `\` escapes), or -1. */
const commentEnd = (text: string, start: number) => {
  let depth = 0;
  for (let i = start; i < text.length; i += 1) {
    const c = text[i];
    if (c === '\\') i += 1;
    else if (c === '(') depth += 1;
    else if (c === ')') {
      depth -= 1;
      if (depth === 0) return i;
    }
  }
  return -1;
};

const nameOf = (words: string[]) => {
  const name = words.join(' ').replace(/\s+/g, ' ').trim();
  return name === '' ? undefined : name;
};

const mailbox = (email: string, name: string | undefined): Mailbox =>
  name === undefined || name.toLowerCase() === email.toLowerCase() ? { email } : { email, name };

/**
 * One piece as addresses: a `name-addr`, one `addr-spec` (its comment taken as the name, the old
 * `addr (Name)` form), or several addr-specs separated by blanks (`a@x.example b@y.example`, as the
 * dialog always took them). Null when it is none of these.
 */
const mailboxesOf = (piece: string): Mailbox[] | null => {
  const s = scan(piece);
  if (!s.ok || s.rest !== '') return null;
  if (s.angle !== null) return isEmailAddress(s.angle) ? [mailbox(s.angle, nameOf(s.words))] : null;
  if (s.words.length === 0 || !s.words.every(isEmailAddress)) return null;
  if (s.words.length === 1) return [mailbox(s.words[0] as string, nameOf(s.comments))];
  return s.comments.length === 0 ? s.words.map((email) => ({ email })) : null;
};

/**
 * A pasted text as addresses: one piece per separator; an unquoted `Müller, Jürgen <…>` (as some
 * mail programs copy, with `;` between people) keeps its last name when the piece before the comma
 * holds no address. Blank pieces go; anything else not an address is in `invalid`, trimmed.
 */
export const parseAddressList = (text: string): AddressList => {
  const addresses: Mailbox[] = [];
  const invalid: string[] = [];
  const pieces = splitPieces(text);
  for (let i = 0; i < pieces.length; i += 1) {
    const piece = (pieces[i] as { text: string; endedBy: string }).text.trim();
    if (piece === '') continue;
    const found = mailboxesOf(piece);
    if (found) {
      addresses.push(...found);
      continue;
    }
    const next = pieces[i + 1];
    if ((pieces[i] as { endedBy: string }).endedBy === ',' && next && !piece.includes('@')) {
      const joined = mailboxesOf(`"${piece.replaceAll('\\', '\\\\').replaceAll('"', '\\"')},"${next.text}`);
      const first = joined?.[0];
      if (joined?.length === 1 && first?.name !== undefined && /^\s*[^\s<"]/.test(next.text)) {
        addresses.push(first);
        i += 1;
        continue;
      }
    }
    invalid.push(piece);
  }
  return { addresses, invalid };
};

/** One entry of `POST /contact`: exactly one address, with its display name; null otherwise. */
export const parseMailbox = (entry: string): Mailbox | null => {
  const found = mailboxesOf(entry.trim());
  return found?.length === 1 ? (found[0] as Mailbox) : null;
};

/** A mailbox as one `POST /contact` entry: the bare address, or `"Name" <address>` (quoted, so commas stay). */
export const formatMailbox = (m: Mailbox) =>
  m.name === undefined ? m.email : `"${m.name.replaceAll('\\', '\\\\').replaceAll('"', '\\"')}" <${m.email}>`;

/**
 * A display name as a contact's first and last name: `Last, First` by its comma, else the last word
 * is the last name and the words before it the first name (one word: a first name only). Each part
 * must be a name by the contacts' rule (letters, and the space, hyphen, apostrophe and full stop
 * names carry, at most 100 characters); a display name that is not one (`Vertrieb (EU)`, `info@…`)
 * gives no names rather than wrong ones.
 */
export const namesOfDisplayName = (
  name: string | undefined,
): { firstname: string | null; lastname: string | null } => {
  const none = { firstname: null, lastname: null };
  if (name === undefined) return none;
  const clean = name.replace(/\s+/g, ' ').trim();
  let first: string;
  let last: string;
  const comma = clean.indexOf(',');
  if (comma >= 0) {
    last = clean.slice(0, comma).trim();
    first = clean.slice(comma + 1).trim();
  } else {
    const space = clean.lastIndexOf(' ');
    first = space < 0 ? clean : clean.slice(0, space);
    last = space < 0 ? '' : clean.slice(space + 1);
  }
  const ok = (part: string) => part === '' || (part.length <= limits.nameMax && namePattern.test(part));
  if (!ok(first) || !ok(last) || (first === '' && last === '')) return none;
  return { firstname: first === '' ? null : first, lastname: last === '' ? null : last };
};
