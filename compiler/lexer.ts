// Pact's lexical syntax (language.md §1): a hand-written scanner giving tokens with offsets into
// the source. One pass over character codes, no regular expression per token (bar string
// literals), so lexing stays linear and cheap for files of any size.

import { SourceFile, Span } from '../vm/source.js';
import { PactError } from '../vm/errors.js';

export type TokenType =
  | 'keyword' | 'annotation' | 'int' | 'tick' | 'string'
  | 'lparen' | 'rparen' | 'lbrace' | 'rbrace' | 'lbracket' | 'rbracket'
  | 'comma' | 'dot' | 'bindAssign' | 'dynAccess' | 'colon' | 'ident';

export interface Token {
  type: TokenType;
  /** identifier/keyword text, integer digits, string contents (escapes resolved), tick body */
  value: string;
  text: string;
  start: number;
  end: number;
}

const KEYWORDS = new Set(['let*', 'let', 'defun', 'defcap', 'defconst', 'defschema', 'deftable', 'defpact',
  'interface', 'module', 'bless', 'implements', 'use', 'true', 'false', 'lambda',
  'step-with-rollback', 'step']);
const ANNOTATIONS = new Set(['@doc', '@model', '@event', '@managed']);

/** Character classes by code (ASCII; anything else lexes as an error). */
const WS = 1, DIGIT = 2, SYM = 4, LETTER = 8;
const CLASS = new Uint8Array(128);
for (const c of ' \t\n\r\f\v') CLASS[c.charCodeAt(0)] |= WS;
for (let c = 48; c <= 57; c++) CLASS[c] |= DIGIT;
for (let c = 65; c <= 90; c++) CLASS[c] |= SYM | LETTER;
for (let c = 97; c <= 122; c++) CLASS[c] |= SYM | LETTER;
for (const c of '%#+-_&$@<>=^?*!|/~') CLASS[c.charCodeAt(0)] |= SYM;
/** 0 past the table (non-ASCII) and for NaN, which `charCodeAt` gives past the end of the text: so
 *  the scanning loops below stop at the end without a bounds check of their own. */
const classOf = (code: number): number => CLASS[code] | 0;

/** Single-character punctuation tokens. */
const PUNCT: Partial<Record<string, TokenType>> = {
  '(': 'lparen', ')': 'rparen', '{': 'lbrace', '}': 'rbrace', '[': 'lbracket', ']': 'rbracket',
  ',': 'comma', '.': 'dot',
};

let lexed = 0;
/** How many source texts this process has lexed: a script's text is lexed once, and the compiler
 *  and the Pact-IR mirror share the one syntax tree it becomes (test/contracts/modules.test.ts). */
export function filesLexed(): number { return lexed; }

/**
 * The rules, tried in this order at each position (the first that matches wins, as an ordered
 * alternation would): whitespace, `;` comments, integers (`-1a` is one identifier, `-1` a number,
 * `1a` a number then an identifier), `'ticks`, strings, brackets and `,` `.`, `:=` `::` `:`,
 * identifiers (keywords and annotations among them); anything else is a lexical error.
 */
export function tokenize(file: SourceFile): Token[] {
  lexed++;
  const src = file.text, n = src.length;
  const out: Token[] = [];
  // the last lexeme consumed, whitespace and comments included ('\0' before any), as alex
  // reports it in a lexical error
  let last = '\0';
  let i = 0;
  const push = (type: TokenType, start: number, end: number, value?: string): void => {
    const text = src.slice(start, end);
    out.push({ type, value: value ?? text, text, start, end });
    last = text;
  };
  while (i < n) {
    const start = i;
    const code = src.charCodeAt(i);
    const cls = classOf(code);
    if (cls & WS) {
      do i++; while (classOf(src.charCodeAt(i)) & WS);
      last = src.slice(start, i);
      continue;
    }
    if (code === 59 /* ; */) {
      // the newline (or the end) follows as whitespace, so a comment is never the last lexeme seen
      const nl = src.indexOf('\n', i);
      i = nl === -1 ? n : nl;
      continue;
    }
    if (cls & DIGIT) {
      do i++; while (classOf(src.charCodeAt(i)) & DIGIT);
      push('int', start, i);
      continue;
    }
    if (code === 45 /* - */ && classOf(src.charCodeAt(i + 1)) & DIGIT) {
      let j = i + 1;
      do j++; while (classOf(src.charCodeAt(j)) & DIGIT);
      // a symbol character right after the digits makes the whole run an identifier
      if (!(classOf(src.charCodeAt(j)) & SYM)) {
        i = j;
        push('int', start, i);
        continue;
      }
    }
    if (code === 39 /* ' */ && classOf(src.charCodeAt(i + 1)) & LETTER) {
      i += 2;
      while (tickBody(src.charCodeAt(i))) i++;
      const text = src.slice(start, i);
      out.push({ type: 'tick', value: text.slice(1), text, start, end: i });
      last = text;
      continue;
    }
    if (code === 34 /* " */) {
      const { value, end } = scanString(file, start);
      i = end;
      push('string', start, i, value);
      continue;
    }
    const punct = PUNCT[src[i]];
    if (punct !== undefined) {
      i++;
      push(punct, start, i);
      continue;
    }
    if (code === 58 /* : */) {
      const next = src.charCodeAt(i + 1);
      i += next === 61 /* = */ || next === 58 /* : */ ? 2 : 1;
      push(next === 61 ? 'bindAssign' : next === 58 ? 'dynAccess' : 'colon', start, i);
      continue;
    }
    if (cls & SYM) {
      do i++; while (classOf(src.charCodeAt(i)) & (SYM | DIGIT));
      const text = src.slice(start, i);
      out.push({ type: KEYWORDS.has(text) ? 'keyword' : ANNOTATIONS.has(text) ? 'annotation' : 'ident', value: text, text, start, end: i });
      last = text;
      continue;
    }
    throw lexError(file, start, last);
  }
  return out;
}

/** `[a-zA-Z0-9\-_]`: what follows a tick's first letter. */
function tickBody(code: number): boolean {
  return (classOf(code) & (LETTER | DIGIT)) !== 0 || code === 45 || code === 95;
}

/** Pact's error for a character no rule accepts: the character itself (a whole code point) and
 *  the last one consumed before it, located where the failed lexeme began. Alex consumes a lone
 *  tick (a symbol needs a letter after it) before failing, so after a tick the error names the
 *  next character, or says the input ran out, and spans the tick. */
function lexError(file: SourceFile, offset: number, last: string): PactError {
  const src = file.text;
  const tick = src.charCodeAt(offset) === 39;
  const at = tick ? offset + 1 : offset;
  const span = new Span(file, offset, at);
  if (at >= src.length) {
    return new PactError('lexer', `Lexical Error: Ran out of input before finding a lexeme. Last Character seen:  (')`, span);
  }
  const c = String.fromCodePoint(src.codePointAt(at)!);
  return new PactError('lexer', `Lexical Error: Encountered unexpected character "${c}", Last seen "${tick ? "'" : last.slice(-1)}"`, span);
}

/** Escapes that stand for one character. */
const ESCAPED: Partial<Record<string, string>> = { n: '\n', t: '\t', '\\': '\\', '"': '"', "'": "'" };

/**
 * The string literal whose opening quote is at `open`, read as Pact's hand-written scanner reads
 * it: character by character, so the first problem in reading order is the error (an invalid
 * escape before an unclosed end is "Invalid escape sequence"). A backslash and whitespace skip
 * to the next backslash. Gives the contents with the escapes resolved and the offset past the
 * closing quote.
 */
function scanString(file: SourceFile, open: number): { value: string; end: number } {
  const src = file.text, n = src.length;
  let value = '';
  let i = open + 1;
  let run = i; // the plain characters from `run` to `i` are not yet in `value`
  for (;;) {
    if (i >= n) throw stringError(file, open, 'did not close string literal');
    const c = src.charCodeAt(i);
    if (c === 34 /* " */) {
      return { value: value + src.slice(run, i), end: i + 1 };
    }
    if (c === 10) throw stringError(file, open, 'newline in string literal');
    if (c === 13) throw stringError(file, open, 'carriage return in string literal');
    if (c !== 92 /* \ */) { i++; continue; }
    value += src.slice(run, i);
    if (++i >= n) throw stringError(file, open, 'did not close string literal');
    const e = src[i];
    if (isSpace(e)) {
      // past the end `src[i]` is undefined, which is no space
      do i++; while (isSpace(src[i]));
      if (i >= n) throw stringError(file, open, 'did not close string literal');
      if (src[i] !== '\\') throw stringError(file, open, 'Invalid multiline string');
    } else {
      const escaped = ESCAPED[e];
      if (escaped === undefined) {
        throw stringError(file, open, e === 'r' ? 'carriage return is not supported in strings literals' : 'Invalid escape sequence');
      }
      value += escaped;
    }
    run = ++i;
  }
}

/** Haskell's `isSpace`: the ASCII white space and the Unicode space separators (not U+2028/9). */
const isSpace = (c: string): boolean => /[ \t\n\r\f\v\u00a0\u1680\u2000-\u200a\u202f\u205f\u3000]/.test(c);

/** Pact reports every string literal error just after the opening quote (its scanner reads ahead
 *  without moving the lexer's position). */
function stringError(file: SourceFile, open: number, msg: string): PactError {
  return new PactError('lexer', `Lexical Error: String literal parsing error:  ${msg}`, new Span(file, open + 1, open + 1));
}
