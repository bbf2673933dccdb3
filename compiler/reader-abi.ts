// The memory of the WebAssembly reader, shared by the module's writer (runtime/wasm/reader-module.ts)
// and its driver (compiler/wasm-reader.ts). Below INPUT_AT: the lexer's tables (`lexerTables`) and
// the grammar's (grammar-check.ts `grammarTables`), both data of the module itself; from INPUT_AT,
// per call: the text, the token arrays and the parse stack (`readLayout`). Multi-byte values are
// little-endian, as WebAssembly's are.

import { ANNOTATIONS, KEYWORDS } from './tokens.js';
import { CLASS, PUNCT } from './character-classes.js';

/** 128 bytes: each ASCII character's class bits (character-classes.ts's CLASS, and TICK_BODY) */
export const CLASS_AT = 0;
/** 128 bytes: the kind + 1 of the token an ASCII character is alone (brackets, `,`, `.`), else 0 */
export const PUNCT_AT = 128;
/** word lists (`wordList`): the keywords, the annotations, the primitive types and the two
 *  names of an object or table type */
export const KEYWORDS_AT = 256;
export const ANNOTATIONS_AT = 448;
export const PRIMITIVE_TYPES_AT = 512;
export const TABLE_TYPES_AT = 640;
/** the grammar's terminal (a byte) of each token kind, of each keyword and of each annotation */
export const KIND_TERMINALS_AT = 672;
export const KEYWORD_TERMINALS_AT = 704;
export const ANNOTATION_TERMINALS_AT = 736;
/** an i32 per start symbol (grammar.ts STARTS, in its order): the state a parse of it starts in */
export const START_STATES_AT = 768;
/** five i32s: the action table's row width (terminals and end of input), the goto table's
 *  (nonterminals), the goto and rule tables' addresses, and the most places a decimal may have */
export const GRAMMAR_SHAPE_AT = 992;
/** an i32 the scan writes: how many of its tokens are string literals or ticks */
export const LITERAL_COUNT_AT = 1016;
/** the action table (i16 per state and terminal: 0 none, shift `to << 2 | 1`, reduce
 *  `rule << 2 | 2`, accept 3), then the goto table (i16 per state and nonterminal, -1 for none)
 *  and four bytes per rule: its nonterminal's column in the goto table, its length, its check
 *  (RuleCheckCode) and its flags */
export const ACTIONS_AT = 1024;
/** the text, as UTF-16 code units, and a zero unit after it */
export const INPUT_AT = 1024 + 256 * 1024;

/** The class bit of the characters, besides letters and digits, that a tick's body may hold (`-`, `_`). */
export const TICK_BODY = 16;

/** A rule's check, as the module knows it (grammar.ts RuleCheck). */
export enum RuleCheckCode { None, AtLeastOneDef, PrimitiveType, TableType, Decimal }
/** A rule's flags: it makes a module body (ExtOrDefList), and its last part is a definition. */
export const MODULE_BODY = 1, ENDS_IN_DEF = 2;

/** Where a read of `units` code units keeps its text, what the scan finds and the grammar check's
 *  stack. A token is at least one unit long, so `units + 1` tokens is room enough; the stack
 *  holds twice that (empty rules push without reading), and the check gives up past it. Every
 *  address is 4-aligned. */
export interface ReadLayout {
  kindsAt: number; startsAt: number; endsAt: number; refsAt: number;
  /** the index of each string literal and tick token, in order */
  literalsAt: number;
  /** the stack: a state (i32), a token index (i32, -1 for a reduction) and a has-a-definition
   *  byte per entry */
  statesAt: number; stackTokensAt: number; definesAt: number; stackCapacity: number;
  /** the bytes all of it takes, from address 0 */
  size: number;
}

export function readLayout(units: number): ReadLayout {
  const capacity = units + 1, stackCapacity = 2 * capacity;
  const align = (n: number) => (n + 3) & ~3;
  const kindsAt = align(INPUT_AT + 2 * capacity);
  const startsAt = align(kindsAt + capacity);
  const endsAt = startsAt + 4 * capacity, refsAt = endsAt + 4 * capacity, literalsAt = refsAt + 4 * capacity;
  const statesAt = literalsAt + 4 * capacity, stackTokensAt = statesAt + 4 * stackCapacity;
  const definesAt = stackTokensAt + 4 * stackCapacity;
  return {
    kindsAt, startsAt, endsAt, refsAt, literalsAt, statesAt, stackTokensAt, definesAt, stackCapacity,
    size: align(definesAt + stackCapacity),
  };
}

/** Words as the module looks them up: per word its length, its index in the list and its
 *  characters (ASCII), then a zero length. */
export function wordList(words: readonly string[]): Uint8Array {
  return Uint8Array.from([...words.flatMap((w, i) => [w.length, i, ...Array.from(w, ch => ch.charCodeAt(0))]), 0]);
}

/** The lexer's tables, as [address, bytes] pairs: the class bits (with TICK_BODY), the
 *  punctuation kinds and the two word lists. */
export function lexerTables(): [number, Uint8Array][] {
  const classes = CLASS.slice(0, 128);
  classes['-'.charCodeAt(0)] |= TICK_BODY;
  classes['_'.charCodeAt(0)] |= TICK_BODY;
  const punct = Uint8Array.from({ length: 128 }, (_, c) => (PUNCT[c] === undefined ? 0 : PUNCT[c]! + 1));
  return [[CLASS_AT, classes], [PUNCT_AT, punct], [KEYWORDS_AT, wordList(KEYWORDS)], [ANNOTATIONS_AT, wordList(ANNOTATIONS)]];
}
