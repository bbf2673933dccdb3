// Names as Pact's runtime parsers read keyset names and principals (RuntimeParsers.hs `style`, used
// through Text.Parser.Token): an identifier is a token, so it takes the white space after it, and
// `true`/`false` are reserved. Unlike the module-name syntax of pact-names.ts these readers allow
// spaces around the dots and stop at a reserved word.

import { isSpace } from './haskell-space.js';

const SYMBOLS = '%#+-_&$@<>=^?*!|/~';
const LETTER = /^\p{L}$/u;

/** The character (code point) at `i`, or '' at the end. */
function charAt(s: string, i: number): string {
  const c = s.codePointAt(i);
  return c === undefined ? '' : String.fromCodePoint(c);
}

/** An ASCII letter is decided without the Unicode-letter regex, whose compile costs milliseconds
 *  of a script's start (V8 builds its class of thousands of ranges on first use). */
const isLetter = (ch: string): boolean => {
  const c = ch.charCodeAt(0);
  return c < 0x80 ? (c >= 65 && c <= 90) || (c >= 97 && c <= 122) : LETTER.test(ch);
};
const isIdentStart = (ch: string): boolean => ch !== '' && (isLetter(ch) || SYMBOLS.includes(ch));
const isIdentRest = (ch: string): boolean => isIdentStart(ch) || (ch >= '0' && ch <= '9' && ch.length === 1);

/** Skips white space from `i`. */
function spaces(s: string, i: number): number {
  for (let ch = charAt(s, i); ch !== '' && isSpace(ch); ch = charAt(s, i)) i += ch.length;
  return i;
}

/** An identifier token at `i`: its text and the offset after it and its trailing white space, or
 *  null (no identifier there, or a reserved word). */
export function identToken(s: string, i: number): { text: string; next: number } | null {
  let j = i;
  let ch = charAt(s, j);
  if (!isIdentStart(ch)) return null;
  do { j += ch.length; ch = charAt(s, j); } while (isIdentRest(ch));
  const text = s.slice(i, j);
  if (text === 'true' || text === 'false') return null;
  return { text, next: spaces(s, j) };
}

/** A `.` token at `i`: the offset after it and its trailing white space, or -1. */
export function dotToken(s: string, i: number): number {
  return s[i] === '.' ? spaces(s, i + 1) : -1;
}

/** Up to `max` identifiers joined by dots from `i` (each `. ident` optional, as the parsers'
 *  `optional (dot *> ident)` backtracks): their texts and the offset after them, or null. */
function dottedIdents(s: string, i: number, max: number): { parts: string[]; end: number } | null {
  const first = identToken(s, i);
  if (!first) return null;
  const parts = [first.text];
  let end = first.next;
  while (parts.length < max) {
    const d = dotToken(s, end);
    const next = d < 0 ? null : identToken(s, d);
    if (!next) break;
    parts.push(next.text);
    end = next.next;
  }
  return { parts, end };
}

/** `ident . ident [. ident]` or a bare `ident` (Principal.hs nameMatcher): the offset after it, or -1. */
export function nameMatch(s: string, i: number): number {
  return dottedIdents(s, i, 3)?.end ?? -1;
}

/** `ident [. ident]` (Principal.hs moduleNameParser): the offset after it, or -1. */
export function moduleNameMatch(s: string, i: number): number {
  return dottedIdents(s, i, 2)?.end ?? -1;
}

/** The whole text as `ident.ident[.ident]` tokens (a qualified name of Pact 4's legacy codec,
 *  LegacyPact/Types.hs qualifiedNameParser, read to the end), its parts; else null. */
export function qualifiedNameParts(s: string): string[] | null {
  const q = dottedIdents(s, 0, 3);
  return q !== null && q.parts.length >= 2 && q.end === s.length ? q.parts : null;
}

export interface KeysetName { name: string; namespace: string | null; }

/** Guards.hs keysetNameParser: `ns.name` (tokens: spaces allowed, the rest of the text ignored when
 *  read alone) or else the whole non-empty text as a root name. `end` reports where the qualified
 *  form stopped, for readers that need the end of the input there (principals). */
export function parseKeysetName(s: string): (KeysetName & { end: number }) | null {
  const q = dottedIdents(s, 0, 2);
  if (q !== null && q.parts.length === 2) return { name: q.parts[1], namespace: q.parts[0], end: q.end };
  return s === '' ? null : { name: s, namespace: null, end: s.length };
}

/** A keyset name as Pact renders it and keys it in the database (renderKeySetName). */
export function renderKeysetName(k: KeysetName): string {
  return k.namespace === null ? k.name : `${k.namespace}.${k.name}`;
}
