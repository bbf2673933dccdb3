// Pact's lexical syntax (language.md §1) as a moo lexer: tokens with offsets into the source.

import moo from 'moo';
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

const SYM = `a-zA-Z%#+\\-_&$@<>=^?*!|/~`;
const KEYWORDS = ['let*', 'let', 'defun', 'defcap', 'defconst', 'defschema', 'deftable', 'defpact',
  'interface', 'module', 'bless', 'implements', 'use', 'true', 'false', 'lambda',
  'step-with-rollback', 'step'];
const ANNOTATIONS = ['@doc', '@model', '@event', '@managed'];

const rules = moo.compile({
  ws: { match: /[ \t\n\r\f\v]+/, lineBreaks: true },
  comment: /;[^\n]*/,
  // `-1a` is one identifier (longest match), `-1` a number, `1a` a number then an identifier.
  int: new RegExp(`[0-9]+|-[0-9]+(?![${SYM}0-9])`),
  tick: /'[a-zA-Z][a-zA-Z0-9\-_]*/,
  // unrolled (runs of plain characters, then one escape): no backtracking per character, so a
  // string literal of many megabytes does not exhaust the regex engine's stack
  string: { match: /"[^"\\\n\r]*(?:\\(?:[ \t\n\r\f\v]+\\|[^ \t\n\r\f\v])[^"\\\n\r]*)*"/, lineBreaks: true },
  lparen: '(', rparen: ')', lbrace: '{', rbrace: '}', lbracket: '[', rbracket: ']',
  comma: ',', dot: '.',
  bindAssign: ':=', dynAccess: '::', colon: ':',
  ident: {
    match: new RegExp(`[${SYM}][${SYM}0-9]*`),
    type: moo.keywords({ keyword: KEYWORDS, annotation: ANNOTATIONS }),
  },
  error: moo.error,
});

let lexed = 0;
/** How many source texts this process has lexed: a script's text is lexed once, and the compiler
 *  and the Pact-IR mirror share the one syntax tree it becomes (test/contracts/modules.test.ts). */
export function filesLexed(): number { return lexed; }

export function tokenize(file: SourceFile): Token[] {
  lexed++;
  rules.reset(file.text);
  const out: Token[] = [];
  // the last character consumed, whitespace and comments included ('\0' before any), as alex
  // reports it in a lexical error
  let last = '\0';
  for (const t of rules) {
    const start = t.offset, end = t.offset + t.text.length;
    switch (t.type) {
      case 'ws': case 'comment': last = t.text; continue;
      case 'error': throw lexError(file, start, t.text, last);
      case 'string':
        out.push({ type: 'string', value: unescapeString(file, start, t.text), text: t.text, start, end });
        break;
      case 'tick':
        out.push({ type: 'tick', value: t.text.slice(1), text: t.text, start, end });
        break;
      default:
        out.push({ type: t.type as TokenType, value: t.text, text: t.text, start, end });
    }
    last = t.text;
  }
  return out;
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
