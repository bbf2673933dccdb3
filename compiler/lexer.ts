// Pact's lexical syntax (language.md §1): a hand-written scanner giving tokens with offsets into
// the source. One pass over character codes, no regular expression per token (bar string
// literals), so lexing stays linear and cheap for files of any size. The same rules, for the
// text met almost always, also run as WebAssembly (compiler/wasm-reader.ts), which `scan` tries first.

import { SourceFile, Span } from '../vm/source.js';
import { PactError } from '../vm/errors.js';
import { ANNOTATIONS, KEYWORDS, Tok, Tokens, type Token } from './tokens.js';
import { scanWithWebAssembly, type ScannedTokens } from './wasm-reader.js';
import { CLASS, DIGIT, LETTER, PUNCT, SYM, WS } from './character-classes.js';


/** Words by length (indices into the list), so that an identifier is compared with few of them. */
function byLength(words: readonly string[]): number[][] {
  const table: number[][] = [];
  words.forEach((w, i) => (table[w.length] ??= []).push(i));
  return table;
}
const KEYWORDS_BY_LENGTH = byLength(KEYWORDS), ANNOTATIONS_BY_LENGTH = byLength(ANNOTATIONS);

/** The index in `words` of the ASCII text src[start, end), or -1: compared in place, so that no
 *  identifier is cut from the source just to learn it is not a keyword. */
function wordIndex(words: readonly string[], table: number[][], src: string, start: number, end: number): number {
  const bucket = table[end - start];
  if (bucket === undefined) return -1;
  // indexed, not for…of: cold code pays for an iterator and a result object per word
  search: for (let b = 0; b < bucket.length; b++) {
    const word = words[bucket[b]];
    for (let k = 0; k < word.length; k++) if (word.charCodeAt(k) !== src.charCodeAt(start + k)) continue search;
    return bucket[b];
  }
  return -1;
}

/** 0 for NaN, which `charCodeAt` gives past the end of the text: so the scanning loops below stop
 *  at the end without a bounds check of their own. */
const classOf = (code: number): number => CLASS[code] | 0;

/** The byte Pact's lexer sees for the character at `i` (its code point mod 256; NaN past the end). */
function byteAt(src: string, i: number): number {
  const c = src.charCodeAt(i);
  return c < 0x80 || c !== c ? c : src.codePointAt(i)! & 0xFF;
}

/** The offset after the character at `i` (a surrogate pair is one character). */
function after(src: string, i: number): number {
  const c = src.charCodeAt(i);
  return c >= 0xD800 && c <= 0xDBFF && i + 1 < src.length ? i + 2 : i + 1;
}

/** The offset after the run of characters from `i` whose bytes are in `classes`. */
function skipClass(src: string, i: number, classes: number): number {
  for (;;) {
    const c = src.charCodeAt(i);
    if (c < 0x80) { if (!(CLASS[c] & classes)) return i; i++; continue; }
    if (c !== c || !(CLASS[src.codePointAt(i)! & 0xFF] & classes)) return i;
    i = after(src, i);
  }
}

/** A comment runs to the first character whose byte is a newline, which it takes. */
function commentEnd(src: string, i: number): number {
  const n = src.length;
  for (; i < n; i++) {
    const c = src.charCodeAt(i);
    if ((c & 0xFF) !== 10) continue;
    if (c === 10) return i; // a real newline is left to the whitespace rule, as before
    // a high surrogate's low byte is not its character's; a low one's is (0xDC00 ends in 00)
    if (c < 0xD800 || c > 0xDBFF) return i + 1;
  }
  return n;
}

/** The index in `words` of the word src[start, end) is, as Pact's lexer reads it (a look-alike
 *  character as the ASCII character of its low byte), or -1. */
function wordAt(words: readonly string[], table: number[][], src: string, start: number, end: number): number {
  return isAscii(src, start, end) ? wordIndex(words, table, src, start, end) : words.indexOf(asBytes(src.slice(start, end)));
}

/** True if `src[start, end)` is ASCII (a plain loop: cheaper than a regular expression per identifier). */
function isAscii(src: string, start: number, end: number): boolean {
  for (let i = start; i < end; i++) if (src.charCodeAt(i) >= 0x80) return false;
  return true;
}

/** The text as the bytes Pact's lexer matched it against (for keywords written with look-alikes). */
function asBytes(text: string): string {
  let out = '';
  for (const ch of text) out += String.fromCharCode(ch.codePointAt(0)! & 0xFF);
  return out;
}

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
export function tokenize(file: SourceFile): Token[] { return scan(file).toArray(); }

/** The file's tokens, as the parser and the grammar check read them: found by the WebAssembly
 *  reader where it can (compiler/wasm-reader.ts), else by this file's own loop, which is the rule
 *  (test/compiler/wasm-reader.test.ts holds the two to the same tokens). */
export function scan(file: SourceFile): Tokens {
  lexed++;
  const found = scanWithWebAssembly(file.text);
  return found === null ? scanInJavaScript(file) : withLiterals(file, found);
}

/** The tokens the WebAssembly reader found, with their string literals' and ticks' values. */
function withLiterals(file: SourceFile, found: ScannedTokens): Tokens {
  const { kinds, starts, ends, refs, literalTokens } = found;
  const src = file.text;
  const literals: string[] = new Array(literalTokens.length);
  for (let k = 0; k < literalTokens.length; k++) {
    const t = literalTokens[k];
    const start = starts[t], end = ends[t];
    literals[k] = kinds[t] === Tok.Tick ? src.slice(start + 1, end)
      : refs[t] === 0 ? src.slice(start + 1, end - 1) : scanString(file, start).value;
    refs[t] = k;
  }
  return Tokens.adopt(file, kinds, starts, ends, refs, literals);
}

/** The file's tokens, by the rules above, character by character. */
export function scanInJavaScript(file: SourceFile): Tokens {
  const src = file.text, n = src.length;
  const out = new Tokens(file, Math.max(64, n >> 2));
  // where the last lexeme consumed lies, whitespace and comments included (none before any), as
  // alex reports it in a lexical error: offsets, so that no text is cut for it until an error
  // (plain locals, read by no closure: a captured variable lives in a context, and these change
  // with every token)
  let lastStart = -1, lastEnd = -1;
  let i = 0;
  while (i < n) {
    const start = i;
    const unit = src.charCodeAt(i);
    // The commonest lexemes first, for ASCII text, with no calls: a file is lexed once, mostly as
    // cold code, where each call costs more than the character tests it saves. A run that reaches
    // a non-ASCII character finishes by the general rules (skipClass).
    if (unit < 0x80) {
      const cls = CLASS[unit];
      if (cls & WS) {
        let c = src.charCodeAt(++i);
        while (c < 0x80 && CLASS[c] & WS) c = src.charCodeAt(++i);
        if (c >= 0x80) i = skipClass(src, i, WS);
        lastStart = start; lastEnd = i;
        continue;
      }
      if (cls & LETTER) {
        // an identifier or keyword (a letter starts nothing else)
        let c = src.charCodeAt(++i);
        while (c < 0x80 && CLASS[c] & (SYM | DIGIT)) c = src.charCodeAt(++i);
        let w: number;
        if (c >= 0x80) {
          i = skipClass(src, i, SYM | DIGIT);
          w = wordAt(KEYWORDS, KEYWORDS_BY_LENGTH, src, start, i);
        } else w = wordIndex(KEYWORDS, KEYWORDS_BY_LENGTH, src, start, i);
        out.push(w < 0 ? Tok.Ident : Tok.Keyword, start, i, w);
        lastStart = start; lastEnd = i;
        continue;
      }
      const punct = PUNCT[unit];
      if (punct !== undefined) {
        out.push(punct, start, ++i);
        lastStart = start; lastEnd = i;
        continue;
      }
    }
    const code = unit < 0x80 ? unit : byteAt(src, i);
    const cls = classOf(code);
    if (cls & WS) {
      i = skipClass(src, after(src, i), WS);
      lastStart = start; lastEnd = i;
      continue;
    }
    if (code === 59 /* ; */) {
      // a real newline (or the end) follows as whitespace, so such a comment is never the last
      // lexeme seen; one ended by a newline look-alike is
      i = commentEnd(src, after(src, i));
      if (src.charCodeAt(i) !== 10 && i < n) { lastStart = start; lastEnd = i; }
      continue;
    }
    if (cls & DIGIT) {
      i = skipClass(src, after(src, i), DIGIT);
      assertAsciiDigits(file, start, i, lastStart, lastEnd);
      out.push(Tok.Int, start, i);
      lastStart = start; lastEnd = i;
      continue;
    }
    if (code === 45 /* - */ && classOf(byteAt(src, after(src, i))) & DIGIT) {
      const j = skipClass(src, after(src, i), DIGIT);
      // a symbol character right after the digits makes the whole run an identifier
      if (!(classOf(byteAt(src, j)) & SYM)) {
        assertAsciiDigits(file, start, j, lastStart, lastEnd);
        i = j;
        out.push(Tok.Int, start, i);
        lastStart = start; lastEnd = i;
        continue;
      }
    }
    if (code === 39 /* ' */ && classOf(byteAt(src, after(src, i))) & LETTER) {
      i = after(src, after(src, i));
      while (tickBody(byteAt(src, i))) i = after(src, i);
      out.pushLiteral(Tok.Tick, start, i, src.slice(after(src, start), i));
      lastStart = start; lastEnd = i;
      continue;
    }
    if (code === 34 /* " */) {
      const { value, end } = scanString(file, start);
      i = end;
      out.pushLiteral(Tok.String, start, i, value);
      lastStart = start; lastEnd = i;
      continue;
    }
    const punct = PUNCT[code];
    if (punct !== undefined) {
      i = after(src, i);
      out.push(punct, start, i);
      lastStart = start; lastEnd = i;
      continue;
    }
    if (code === 58 /* : */) {
      const j = after(src, i);
      const next = byteAt(src, j);
      i = next === 61 /* = */ || next === 58 /* : */ ? after(src, j) : j;
      out.push(next === 61 ? Tok.BindAssign : next === 58 ? Tok.DynAccess : Tok.Colon, start, i);
      lastStart = start; lastEnd = i;
      continue;
    }
    if (cls & SYM) {
      i = skipClass(src, after(src, i), SYM | DIGIT);
      // every annotation starts with `@`, which no keyword does; a keyword or annotation spelt
      // with look-alikes is that word to the parser, while an identifier keeps its text
      const annotation = code === 64;
      const words = annotation ? ANNOTATIONS : KEYWORDS;
      const w = wordAt(words, annotation ? ANNOTATIONS_BY_LENGTH : KEYWORDS_BY_LENGTH, src, start, i);
      out.push(w < 0 ? Tok.Ident : annotation ? Tok.Annotation : Tok.Keyword, start, i, w);
      lastStart = start; lastEnd = i;
      continue;
    }
    throw lexError(file, start, lastLexeme(src, lastStart, lastEnd));
  }
  return out;
}

/** Digits that are ASCII look-alikes lex as a number in Pact, whose reading of it then fails
 *  outside the language (Haskell's `read`); pactvm refuses them here instead. */
function assertAsciiDigits(file: SourceFile, start: number, end: number, lastStart: number, lastEnd: number): void {
  const src = file.text;
  for (let i = start; i < end; i++) if (src.charCodeAt(i) >= 0x80) throw lexError(file, i, lastLexeme(src, lastStart, lastEnd));
}

/** The text of the last lexeme consumed (NUL before any), which a lexical error names. */
function lastLexeme(src: string, start: number, end: number): string {
  return start < 0 ? '\0' : src.slice(start, end);
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
  const tick = byteAt(src, offset) === 39;
  const at = tick ? after(src, offset) : offset;
  const span = new Span(file, offset, at);
  if (at >= src.length) {
    return new PactError('lexer', `Lexical Error: Ran out of input before finding a lexeme. Last Character seen:  (')`, span);
  }
  const c = String.fromCodePoint(src.codePointAt(at)!);
  const lastChar = tick ? String.fromCodePoint(src.codePointAt(offset)!) : last === '' ? '' : String.fromCodePoint(last.codePointAt(last.length - 1 - (isLowSurrogateAt(last, last.length - 1) ? 1 : 0))!);
  return new PactError('lexer', `Lexical Error: Encountered unexpected character "${c}", Last seen "${lastChar}"`, span);
}

function isLowSurrogateAt(s: string, i: number): boolean {
  const c = s.charCodeAt(i);
  return c >= 0xDC00 && c <= 0xDFFF && i > 0 && (s.charCodeAt(i - 1) & 0xFC00) === 0xD800;
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
  let i = after(src, open);
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
  const at = after(file.text, open);
  return new PactError('lexer', `Lexical Error: String literal parsing error:  ${msg}`, new Span(file, at, at));
}
