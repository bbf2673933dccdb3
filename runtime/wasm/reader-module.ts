// Pact's lexer (compiler/lexer.ts) for the text it meets almost always, as a WebAssembly module: a
// file's first lexing runs while the engine's JavaScript is still cold, where the lexer's loop
// costs ~100 ns a character, and WebAssembly is compiled before its first call. The module finds
// the tokens' kinds and extents; string literals' and ticks' values are cut in JavaScript.
// It takes the text as UTF-16 code units (so its offsets are JavaScript's) and gives up, returning
// -1, wherever the JavaScript lexer's rarer rules could apply: a token starting at a non-ASCII
// character (Pact reads it by its low byte), a comment ended by a newline look-alike, a string's
// escape other than the five one-character ones and gaps of ASCII white space, and every lexical
// error. The driver then lexes the
// file in JavaScript, so the tokens and errors are always the JavaScript lexer's.
// `npm run tables` ships the bytes as compiler/reader-wasm.ts; the memory map is compiler/reader-abi.ts.

import { Tok, characterClasses, readerAbi } from '../../compiler/index.js';
import { ModuleWriter, Op, ValType, sleb, uleb } from './writer.js';

const { DIGIT, LETTER, SYM, WS } = characterClasses;
const {
  ANNOTATIONS_AT, CLASS_AT, INPUT_AT, KEYWORDS_AT, LITERAL_COUNT_AT, PUNCT_AT, TICK_BODY, readerTables,
} = readerAbi;

const get = (local: number) => [Op.LocalGet, local];
const set = (local: number) => [Op.LocalSet, local];
const i32 = (n: number) => [Op.I32Const, ...sleb(n)];
const increment = (local: number, by: number) => [...get(local), ...i32(by), Op.I32Add, ...set(local)];
const giveUp = [...i32(-1), Op.Return];
/** the code unit at the index the instructions leave on the stack */
const unitAt = (index: number[]) => [...index, ...i32(1), Op.I32Shl, Op.I32Load16U, 1, ...uleb(INPUT_AT)];
/** the class bits of the code unit in `local`: 0 for a non-ASCII one */
const classOf = (local: number) => [
  ...get(local), ...i32(127), Op.I32And, Op.I32Load8U, 0, ...uleb(CLASS_AT),
  ...i32(0), ...get(local), ...i32(128), Op.I32LtU, Op.Select,
];
const is = (local: number, char: string) => [...get(local), ...i32(char.charCodeAt(0)), Op.I32Eq];

/** The module: `scan(units, kindsAt, startsAt, endsAt, refsAt, literalsAt)` → the token count, or -1. */
export function readerModuleBytes(): Uint8Array<ArrayBuffer> {
  const w = new ModuleWriter(1); // one page: the driver grows the memory to fit each text
  for (const [at, bytes] of readerTables()) w.data(at, bytes);
  const I = ValType.I32;
  const word = w.declare([I, I, I], [I], [I, I, I]);
  const scan = w.declare([I, I, I, I, I, I], [I], Array(10).fill(I));

  {
    // word(start, end, list) → the index in the list of the word the text [start, end) is, or -1
    const [start, end, list, length, k, wordLength] = [0, 1, 2, 3, 4, 5];
    w.define(word, [
      ...get(end), ...get(start), Op.I32Sub, ...set(length),
      Op.Loop, ValType.Void,
      ...get(list), Op.I32Load8U, 0, 0, Op.LocalTee, wordLength, Op.I32Eqz, Op.If, ValType.Void, ...giveUp, Op.End,
      ...get(wordLength), ...get(length), Op.I32Eq, Op.If, ValType.Void,
      ...i32(0), ...set(k),
      Op.Block, ValType.Void, Op.Loop, ValType.Void,
      ...get(k), ...get(length), Op.I32GeU, Op.If, ValType.Void, ...get(list), Op.I32Load8U, 0, 1, Op.Return, Op.End,
      ...get(list), ...get(k), Op.I32Add, Op.I32Load8U, 0, 2,
      ...unitAt([...get(start), ...get(k), Op.I32Add]), Op.I32Ne, Op.BrIf, 1,
      ...increment(k, 1), Op.Br, 0,
      Op.End, Op.End,
      Op.End,
      ...get(list), ...get(wordLength), Op.I32Add, ...i32(2), Op.I32Add, ...set(list),
      Op.Br, 0,
      Op.End,
      ...i32(-1),
    ]);
  }
  {
    const [units, kindsAt, startsAt, endsAt, refsAt, literalsAt] = [0, 1, 2, 3, 4, 5];
    const [i, start, c, cls, count, literals, d, escaped, at, found] = [6, 7, 8, 9, 10, 11, 12, 13, 14, 15];
    /** i past the run of characters with any of these class bits */
    const run = (bits: number) => [
      Op.Block, ValType.Void, Op.Loop, ValType.Void,
      ...unitAt(get(i)), ...set(d), ...classOf(d), ...i32(bits), Op.I32And, Op.I32Eqz, Op.BrIf, 1,
      ...increment(i, 1), Op.Br, 0,
      Op.End, Op.End,
    ];
    /** a token [start, i) of the kind and ref the instructions leave */
    const emit = (kind: number[], ref: number[]) => [
      ...get(kindsAt), ...get(count), Op.I32Add, ...kind, Op.I32Store8, 0, 0,
      ...get(count), ...i32(2), Op.I32Shl, ...set(at),
      ...get(startsAt), ...get(at), Op.I32Add, ...get(start), Op.I32Store, 2, 0,
      ...get(endsAt), ...get(at), Op.I32Add, ...get(i), Op.I32Store, 2, 0,
      ...get(refsAt), ...get(at), Op.I32Add, ...ref, Op.I32Store, 2, 0,
      ...increment(count, 1),
    ];
    /** the next token (about to be emitted) is a literal whose value JavaScript cuts */
    const literal = [
      ...get(literalsAt), ...get(literals), ...i32(2), Op.I32Shl, Op.I32Add, ...get(count), Op.I32Store, 2, 0,
      ...increment(literals, 1),
    ];
    // Each rule is a block `if`ed on its first character, ending with a branch back to the main
    // loop: `next(depth)` is that branch from `depth` blocks inside the rule's own.
    const next = (depth: number) => [Op.Br, 1 + depth];
    const rule = (test: number[], body: number[]) => [...test, Op.If, ValType.Void, ...body, Op.End];
    w.define(scan, [
      Op.Block, ValType.Void, Op.Loop, ValType.Void,
      ...get(i), ...get(units), Op.I32GeU, Op.BrIf, 1,
      ...get(i), ...set(start),
      ...unitAt(get(i)), ...set(c),
      ...get(c), ...i32(128), Op.I32GeU, Op.If, ValType.Void, ...giveUp, Op.End,
      ...get(c), Op.I32Load8U, 0, ...uleb(CLASS_AT), ...set(cls),
      // white space
      ...rule([...get(cls), ...i32(WS), Op.I32And], [...increment(i, 1), ...run(WS), ...next(0)]),
      // a comment, to the newline (left to the white space)
      ...rule(is(c, ';'), [
        ...increment(i, 1),
        Op.Block, ValType.Void, Op.Loop, ValType.Void,
        ...get(i), ...get(units), Op.I32GeU, Op.BrIf, 1,
        ...unitAt(get(i)), ...set(d),
        ...is(d, '\n'), Op.BrIf, 1,
        // a character whose low byte is a newline ends a comment in Pact (lexer.ts commentEnd)
        ...get(d), ...i32(255), Op.I32And, ...i32(10), Op.I32Eq, Op.If, ValType.Void, ...giveUp, Op.End,
        ...increment(i, 1), Op.Br, 0,
        Op.End, Op.End,
        ...next(0),
      ]),
      // an integer
      ...rule([...get(cls), ...i32(DIGIT), Op.I32And], [...increment(i, 1), ...run(DIGIT), ...emit(i32(Tok.Int), i32(0)), ...next(0)]),
      // `-` and digits is a negative integer, unless a symbol character follows (then an identifier)
      ...rule(is(c, '-'), [
        ...unitAt([...get(i), ...i32(1), Op.I32Add]), ...set(d),
        ...rule([...classOf(d), ...i32(DIGIT), Op.I32And], [
          ...increment(i, 1), ...run(DIGIT),
          ...unitAt(get(i)), ...set(d),
          ...rule([...classOf(d), ...i32(SYM), Op.I32And, Op.I32Eqz], [...emit(i32(Tok.Int), i32(0)), ...next(2)]),
          ...get(start), ...set(i),
        ]),
      ]),
      // a tick: `'`, a letter, then letters, digits, `-` and `_`
      ...rule(is(c, "'"), [
        ...unitAt([...get(i), ...i32(1), Op.I32Add]), ...set(d),
        ...rule([...classOf(d), ...i32(LETTER), Op.I32And, Op.I32Eqz], giveUp),
        ...increment(i, 2), ...run(LETTER | DIGIT | TICK_BODY),
        ...literal, ...emit(i32(Tok.Tick), i32(0)), ...next(0),
      ]),
      // a string literal; its ref says whether it has escapes
      ...rule(is(c, '"'), [
        ...i32(0), ...set(escaped), ...increment(i, 1),
        Op.Block, ValType.Void, Op.Loop, ValType.Void,
        ...get(i), ...get(units), Op.I32GeU, Op.If, ValType.Void, ...giveUp, Op.End,
        ...unitAt(get(i)), ...set(d),
        ...is(d, '"'), Op.BrIf, 1,
        ...is(d, '\n'), ...is(d, '\r'), Op.I32Or, Op.If, ValType.Void, ...giveUp, Op.End,
        ...rule(is(d, '\\'), [
          ...i32(1), ...set(escaped),
          ...unitAt([...get(i), ...i32(1), Op.I32Add]), ...set(d),
          // one of the five escapes that stand for one character
          ...is(d, 'n'), ...is(d, 't'), Op.I32Or, ...is(d, '\\'), Op.I32Or, ...is(d, '"'), Op.I32Or, ...is(d, "'"), Op.I32Or,
          Op.If, ValType.Void, ...increment(i, 2), Op.Br, 2, Op.End,
          // or a gap: ASCII white space (newlines too) up to the next backslash
          ...rule([...classOf(d), ...i32(WS), Op.I32And, Op.I32Eqz], giveUp),
          ...increment(i, 1), ...run(WS),
          ...unitAt(get(i)), ...set(d),
          ...rule([...is(d, '\\'), Op.I32Eqz], giveUp),
          ...increment(i, 1), Op.Br, 1,
        ]),
        ...increment(i, 1), Op.Br, 0,
        Op.End, Op.End,
        ...increment(i, 1),
        ...literal, ...emit(i32(Tok.String), get(escaped)), ...next(0),
      ]),
      // a bracket, `,` or `.`
      ...get(c), Op.I32Load8U, 0, ...uleb(PUNCT_AT), ...set(d),
      ...rule(get(d), [...increment(i, 1), ...emit([...get(d), ...i32(1), Op.I32Sub], i32(0)), ...next(0)]),
      // `:=`, `::` or `:`
      ...rule(is(c, ':'), [
        ...unitAt([...get(i), ...i32(1), Op.I32Add]), ...set(d),
        ...rule(is(d, '='), [...increment(i, 2), ...emit(i32(Tok.BindAssign), i32(0)), ...next(1)]),
        ...rule(is(d, ':'), [...increment(i, 2), ...emit(i32(Tok.DynAccess), i32(0)), ...next(1)]),
        ...increment(i, 1), ...emit(i32(Tok.Colon), i32(0)), ...next(0),
      ]),
      // an identifier, keyword or annotation (every annotation starts with `@`, no keyword does)
      ...rule([...get(cls), ...i32(SYM), Op.I32And], [
        ...increment(i, 1), ...run(SYM | DIGIT),
        ...get(start), ...get(i), ...i32(ANNOTATIONS_AT), ...i32(KEYWORDS_AT), ...is(c, '@'), Op.Select,
        Op.Call, ...uleb(word), ...set(found),
        ...emit([
          ...i32(Tok.Ident), ...i32(Tok.Annotation), ...i32(Tok.Keyword), ...is(c, '@'), Op.Select,
          ...get(found), ...i32(0), Op.I32LtS, Op.Select,
        ], get(found)),
        ...next(0),
      ]),
      // anything else is a lexical error
      ...giveUp,
      Op.End, Op.End,
      ...i32(0), ...get(literals), Op.I32Store, 2, ...uleb(LITERAL_COUNT_AT),
      ...get(count),
    ]);
  }
  w.export('scan', scan);
  return w.bytes();
}
