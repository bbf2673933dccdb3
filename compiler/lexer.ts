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
const classOf = (code: number): number => (code < 128 ? CLASS[code] : 0);

/** Single-character punctuation tokens. */
const PUNCT: Partial<Record<string, TokenType>> = {
  '(': 'lparen', ')': 'rparen', '{': 'lbrace', '}': 'rbrace', '[': 'lbracket', ']': 'rbracket',
  ',': 'comma', '.': 'dot',
};

/** A string literal, unrolled (runs of plain characters, then one escape): no backtracking per
 *  character, so a string literal of many megabytes does not exhaust the regex engine's stack. */
const STRING = /"[^"\\\n\r]*(?:\\(?:[ \t\n\r\f\v]+\\|[^ \t\n\r\f\v])[^"\\\n\r]*)*"/y;

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
      do i++; while (i < n && classOf(src.charCodeAt(i)) & WS);
      last = src.slice(start, i);
      continue;
    }
    if (code === 59 /* ; */) {
      const nl = src.indexOf('\n', i);
      i = nl < 0 ? n : nl;
      last = src.slice(start, i);
      continue;
    }
    if (cls & DIGIT) {
      do i++; while (i < n && classOf(src.charCodeAt(i)) & DIGIT);
      push('int', start, i);
      continue;
    }
    if (code === 45 /* - */ && i + 1 < n && classOf(src.charCodeAt(i + 1)) & DIGIT) {
      let j = i + 1;
      do j++; while (j < n && classOf(src.charCodeAt(j)) & DIGIT);
      // a symbol character right after the digits makes the whole run an identifier
      if (j >= n || !(classOf(src.charCodeAt(j)) & SYM)) {
        i = j;
        push('int', start, i);
        continue;
      }
    }
    if (code === 39 /* ' */ && i + 1 < n && classOf(src.charCodeAt(i + 1)) & LETTER) {
      i += 2;
      while (i < n && tickBody(src.charCodeAt(i))) i++;
      const text = src.slice(start, i);
      out.push({ type: 'tick', value: text.slice(1), text, start, end: i });
      last = text;
      continue;
    }
    if (code === 34 /* " */) {
      STRING.lastIndex = i;
      const m = STRING.exec(src);
      if (m) {
        i += m[0].length;
        push('string', start, i, unescapeString(file, start, m[0]));
        continue;
      }
      throw lexError(file, start, src.slice(start), last);
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
      do i++; while (i < n && classOf(src.charCodeAt(i)) & (SYM | DIGIT));
      const text = src.slice(start, i);
      out.push({ type: KEYWORDS.has(text) ? 'keyword' : ANNOTATIONS.has(text) ? 'annotation' : 'ident', value: text, text, start, end: i });
      last = text;
      continue;
    }
    throw lexError(file, start, src.slice(start), last);
  }
  return out;
}

/** `[a-zA-Z0-9\-_]`: what follows a tick's first letter. */
function tickBody(code: number): boolean {
  return (classOf(code) & (LETTER | DIGIT)) !== 0 || code === 45 || code === 95;
}

function lexError(file: SourceFile, offset: number, rest: string, last: string): PactError {
  const span = new Span(file, offset, offset + 1);
  if (rest.startsWith('"')) {
    return new PactError('lexer', `Lexical Error: String literal parsing error:  ${stringProblem(rest)}`, span);
  }
  // alex consumes a lone tick (a symbol needs a letter after it) before failing, so the error is
  // at the next character, or at the end of the input
  if (rest.startsWith("'")) {
    if (rest.length === 1) {
      return new PactError('lexer', "Lexical Error: Ran out of input before finding a lexeme. Last Character seen:  (')", span);
    }
    return new PactError('lexer', `Lexical Error: Encountered unexpected character "${[...rest.slice(1)][0]}", Last seen "'"`, span);
  }
  const c = [...rest][0];
  return new PactError('lexer', `Lexical Error: Encountered unexpected character "${c}", Last seen "${last.slice(-1)}"`, span);
}

function unescapeString(file: SourceFile, start: number, text: string): string {
  const body = text.slice(1, -1);
  if (!body.includes('\\')) return body;
  let out = '';
  for (let i = 0; i < body.length; i++) {
    const c = body[i];
    if (c !== '\\') { out += c; continue; }
    const n = body[++i];
    switch (n) {
      case 'n': out += '\n'; break;
      case 't': out += '\t'; break;
      case '\\': out += '\\'; break;
      case '"': out += '"'; break;
      case "'": out += "'"; break;
      case 'r': throw stringError(file, start, 'carriage return is not supported in strings literals');
      default:
        if (/[ \t\n\r\f\v]/.test(n)) {
          // multi-line continuation: skip whitespace up to the closing backslash
          while (i < body.length && /[ \t\n\r\f\v]/.test(body[i])) i++;
          if (body[i] !== '\\') throw stringError(file, start, 'Invalid multiline string');
        } else throw stringError(file, start, 'Invalid escape sequence');
    }
  }
  return out;
}

function stringError(file: SourceFile, start: number, msg: string): PactError {
  return new PactError('lexer', `Lexical Error: String literal parsing error:  ${msg}`, new Span(file, start, start + 1));
}

/** Why a string literal starting at `"` did not lex (the scanner rules of language.md §1.5). */
function stringProblem(text: string): string {
  for (let i = 1; i < text.length; i++) {
    const c = text[i];
    if (c === '\n') return 'newline in string literal';
    if (c === '\r') return 'carriage return in string literal';
    if (c !== '\\') continue;
    const n = text[++i];
    if (n !== undefined && /[ \t\n\r\f\v]/.test(n)) {
      while (i < text.length && /[ \t\n\r\f\v]/.test(text[i])) i++;
      if (text[i] !== '\\') return 'Invalid multiline string';
    }
  }
  return 'did not close string literal';
}
