// The lexer's view of a character: its class bits, and the token it is alone. Shared by the
// JavaScript lexer (lexer.ts) and the tables of the WebAssembly reader (reader-abi.ts).

import { Tok } from './tokens.js';

/** Character classes by byte. Pact's lexer (Lexer.x, `%encoding "latin1"`) hands alex each
 *  character as its code point mod 256 (LexUtils.hs `alexGetByte`), so outside string literals a
 *  character is whatever ASCII character its low byte is: `š` (U+0161) lexes as an `a`, `≥`
 *  (U+2265) as an `e`, `😊` (U+1F60A) as a newline, which ends a comment; a low byte of 128–255 or
 *  one no rule takes (`é`, `😀`) is an error. Tokens keep the characters as written. */
export const WS = 1, DIGIT = 2, SYM = 4, LETTER = 8;
export const CLASS = new Uint8Array(256);
for (const c of ' \t\n\r\f\v') CLASS[c.charCodeAt(0)] |= WS;
for (let c = 48; c <= 57; c++) CLASS[c] |= DIGIT;
for (let c = 65; c <= 90; c++) CLASS[c] |= SYM | LETTER;
for (let c = 97; c <= 122; c++) CLASS[c] |= SYM | LETTER;
for (const c of '%#+-_&$@<>=^?*!|/~') CLASS[c.charCodeAt(0)] |= SYM;

/** Single-character punctuation tokens, by byte. */
export const PUNCT: (Tok | undefined)[] = [];
for (const [c, t] of [['(', Tok.LParen], [')', Tok.RParen], ['{', Tok.LBrace], ['}', Tok.RBrace], ['[', Tok.LBracket],
  [']', Tok.RBracket], [',', Tok.Comma], ['.', Tok.Dot]] as const) PUNCT[c.charCodeAt(0)] = t;
