// The memory of the WebAssembly scanner, shared by the module's writer (runtime/wasm/reader-module.ts)
// and its driver (compiler/wasm-reader.ts). Fixed tables first (`readerTables`), then, per call,
// the text and the token arrays, placed by `scanLayout`.

import { ANNOTATIONS, KEYWORDS } from './tokens.js';
import { CLASS, PUNCT } from './character-classes.js';

/** 128 bytes: each ASCII character's class bits (character-classes.ts's CLASS, and TICK_BODY) */
export const CLASS_AT = 0;
/** 128 bytes: the kind + 1 of the token an ASCII character is alone (brackets, `,`, `.`), else 0 */
export const PUNCT_AT = 128;
/** the keywords, then the annotations: per word its length, its index in its list and its
 *  characters; a zero length ends each list */
export const KEYWORDS_AT = 256;
export const ANNOTATIONS_AT = 640;
/** an i32 the scan writes: how many of its tokens are string literals or ticks */
export const LITERAL_COUNT_AT = 1016;
/** the text, as UTF-16 code units, and a zero unit after it */
export const INPUT_AT = 1024;

/** The class bit of the characters, besides letters and digits, that a tick's body may hold (`-`, `_`). */
export const TICK_BODY = 16;

/** Where a scan of `units` code units keeps its text and what it finds: a token is at least one
 *  unit long, so `units + 1` tokens is room enough. Every address is 4-aligned. */
export interface ScanLayout {
  kindsAt: number; startsAt: number; endsAt: number; refsAt: number;
  /** the index of each string literal and tick token, in order */
  literalsAt: number;
  /** the bytes all of it takes, from address 0 */
  size: number;
}

export function scanLayout(units: number): ScanLayout {
  const capacity = units + 1;
  const align = (n: number) => (n + 3) & ~3;
  const kindsAt = align(INPUT_AT + 2 * capacity);
  const startsAt = align(kindsAt + capacity);
  const endsAt = startsAt + 4 * capacity, refsAt = endsAt + 4 * capacity, literalsAt = refsAt + 4 * capacity;
  return { kindsAt, startsAt, endsAt, refsAt, literalsAt, size: literalsAt + 4 * capacity };
}

/** The bytes the module's memory starts with, as [address, bytes] pairs: the class bits (with
 *  TICK_BODY), the punctuation kinds and the two word lists. */
export function readerTables(): [number, Uint8Array][] {
  const classes = CLASS.slice(0, 128);
  classes['-'.charCodeAt(0)] |= TICK_BODY;
  classes['_'.charCodeAt(0)] |= TICK_BODY;
  const punct = Uint8Array.from({ length: 128 }, (_, c) => (PUNCT[c] === undefined ? 0 : PUNCT[c]! + 1));
  const words = (list: readonly string[]) =>
    Uint8Array.from([...list.flatMap((w, i) => [w.length, i, ...Array.from(w, ch => ch.charCodeAt(0))]), 0]);
  const keywords = words(KEYWORDS), annotations = words(ANNOTATIONS);
  if (KEYWORDS_AT + keywords.length > ANNOTATIONS_AT || ANNOTATIONS_AT + annotations.length > LITERAL_COUNT_AT) {
    throw new Error('scanner tables: the word lists outgrow their space');
  }
  return [[CLASS_AT, classes], [PUNCT_AT, punct], [KEYWORDS_AT, keywords], [ANNOTATIONS_AT, annotations]];
}
