// Reading a file as WebAssembly: Pact's lexer (compiler/lexer.ts) for the text it meets almost
// always, and Pact's grammar check (compiler/grammar-check.ts) over the tokens found. A file is
// read once, while the engine's JavaScript is still cold, where the lexer's loop costs ~100 ns a
// character and the grammar's about as much a step; WebAssembly is compiled before its first call.
// - `scan` finds the tokens' kinds and extents (string literals' and ticks' values are cut in
//   JavaScript). It takes the text as UTF-16 code units, so its offsets are JavaScript's, and
//   gives up (-1) wherever the lexer's rarer rules could apply: a token starting at a non-ASCII
//   character (Pact reads it by its low byte), a comment ended by a newline look-alike, a string's
//   escape other than the five one-character ones and gaps of ASCII white space, and every error.
// - `check` runs the LALR(1) tables (data of the module, from grammar-check.ts) over the tokens
//   `scan` left in memory, with the rules' checks, and says 1 where the grammar accepts them, 0
//   anywhere else.
// Where the module gives up, the JavaScript lexer and grammar check run as before, so tokens and
// errors are always theirs. `npm run tables` ships the bytes as compiler/reader-wasm.ts; the
// memory map is compiler/reader-abi.ts.

import { Tok, characterClasses, grammarTables, readerAbi } from '../../compiler/index.js';
import { ModuleWriter, Op, ValType, get, i32, increment, set, uleb } from './writer.js';

const { DIGIT, LETTER, SYM, WS } = characterClasses;
const {
  ACTIONS_AT, ANNOTATIONS_AT, ANNOTATION_TERMINALS_AT, CLASS_AT, ENDS_IN_DEF, GRAMMAR_SHAPE_AT, INPUT_AT, KEYWORDS_AT,
  KEYWORD_TERMINALS_AT, KIND_TERMINALS_AT, LITERAL_COUNT_AT, MODULE_BODY, PRIMITIVE_TYPES_AT, PUNCT_AT, RuleCheckCode,
  START_STATES_AT, TABLE_TYPES_AT, TICK_BODY, lexerTables,
} = readerAbi;

const giveUp = [...i32(-1), Op.Return];
/** the code unit at the index the instructions leave on the stack */
const unitAt = (index: number[]) => [...index, ...i32(1), Op.I32Shl, Op.I32Load16U, 1, ...uleb(INPUT_AT)];
/** the class bits of the code unit in `local`: 0 for a non-ASCII one */
const classOf = (local: number) => [
  ...get(local), ...i32(127), Op.I32And, Op.I32Load8U, 0, ...uleb(CLASS_AT),
  ...i32(0), ...get(local), ...i32(128), Op.I32LtU, Op.Select,
];
const is = (local: number, char: string) => [...get(local), ...i32(char.charCodeAt(0)), Op.I32Eq];

/** Throws unless each table ends before the next one's address, and the last before INPUT_AT
 *  (the memory map, reader-abi.ts, is fixed: a grammar that outgrows it must move INPUT_AT). */
function assertTablesFit(tables: [number, Uint8Array][]): void {
  const sorted = [...tables].sort((a, b) => a[0] - b[0]);
  for (let k = 0; k < sorted.length; k++) {
    const [at, bytes] = sorted[k];
    const limit = k + 1 < sorted.length ? sorted[k + 1][0] : INPUT_AT;
    if (at + bytes.length > limit) throw new Error(`WebAssembly reader: the table at ${at} (${bytes.length} bytes) runs into the next`);
  }
}

/** The module: `scan(units, kindsAt, startsAt, endsAt, refsAt, literalsAt)` → the token count, or -1;
 *  `check(count, start, kindsAt, startsAt, endsAt, refsAt, statesAt, stackTokensAt, definesAt,
 *  stackCapacity)` → 1 where the grammar, from start symbol `start` (its index in grammar.ts
 *  STARTS), accepts the tokens, else 0. */
export function readerModuleBytes(): Uint8Array<ArrayBuffer> {
  // the tables' pages; the driver grows the memory to fit each text
  const w = new ModuleWriter(Math.ceil(INPUT_AT / 65536));
  const tables = [...lexerTables(), ...grammarTables()];
  assertTablesFit(tables);
  for (const [at, bytes] of tables) w.data(at, bytes);
  const I = ValType.I32;
  const word = w.declare([I, I, I], [I], [I, I, I]);
  const scan = w.declare([I, I, I, I, I, I], [I], Array(10).fill(I));
  const check = w.declare(Array(10).fill(I), [I], Array(16).fill(I));

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
  {
    const [count, start, kindsAt, startsAt, endsAt, refsAt, statesAt, stackTokensAt, definesAt, stackCapacity] =
      [0, 1, 2, 3, 4, 5, 6, 7, 8, 9];
    const [top, i, terminal, action, state, rule, length, first, defines, token, width, nonterminals, gotosAt, rulesAt, kind, places] =
      [10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24, 25];
    const fail = [...i32(0), Op.Return];
    const load32 = (address: number[], offset = 0) => [...address, Op.I32Load, 2, ...uleb(offset)];
    const load8 = (address: number[], offset = 0) => [...address, Op.I32Load8U, 0, ...uleb(offset)];
    /** the address of entry `index` (instructions) in the i32 array at the local `base` */
    const entry32 = (base: number, index: number[]) => [...get(base), ...index, ...i32(2), Op.I32Shl, Op.I32Add];
    /** `terminal` := the grammar's terminal for token i, or end of input (width - 1) past the last */
    const readTerminal = [
      ...get(i), ...get(count), Op.I32GeU,
      Op.If, ValType.Void,
      ...get(width), ...i32(1), Op.I32Sub, ...set(terminal),
      Op.Else,
      ...load8([...get(kindsAt), ...get(i), Op.I32Add]), ...set(kind),
      ...get(kind), ...i32(Tok.Keyword), Op.I32Eq,
      Op.If, ValType.Void,
      ...load8(load32(entry32(refsAt, get(i))), KEYWORD_TERMINALS_AT), ...set(terminal),
      Op.Else,
      ...get(kind), ...i32(Tok.Annotation), Op.I32Eq,
      Op.If, ValType.Void,
      ...load8(load32(entry32(refsAt, get(i))), ANNOTATION_TERMINALS_AT), ...set(terminal),
      Op.Else,
      ...load8(get(kind), KIND_TERMINALS_AT), ...set(terminal),
      Op.End, Op.End, Op.End,
    ];
    /** gives up unless the token on the stack `part` entries above `first` is one of the words at `list` */
    const tokenIsWord = (part: number, list: number) => [
      ...load32(entry32(stackTokensAt, [...get(first), ...i32(part), Op.I32Add])), ...set(token),
      ...get(token), ...i32(0), Op.I32LtS, Op.If, ValType.Void, ...fail, Op.End,
      ...load32(entry32(startsAt, get(token))), ...load32(entry32(endsAt, get(token))), ...i32(list),
      Op.Call, ...uleb(word), ...i32(0), Op.I32LtS, Op.If, ValType.Void, ...fail, Op.End,
    ];
    const checkIs = (code: number) => [...load8(get(rule), 2), ...i32(code), Op.I32Eq];
    w.define(check, [
      ...load32(i32(GRAMMAR_SHAPE_AT)), ...set(width),
      ...load32(i32(GRAMMAR_SHAPE_AT + 4)), ...set(nonterminals),
      ...load32(i32(GRAMMAR_SHAPE_AT + 8)), ...set(gotosAt),
      ...load32(i32(GRAMMAR_SHAPE_AT + 12)), ...set(rulesAt),
      ...load32(i32(GRAMMAR_SHAPE_AT + 16)), ...set(places),
      ...get(statesAt), ...load32([...get(start), ...i32(2), Op.I32Shl], START_STATES_AT), Op.I32Store, 2, 0,
      ...readTerminal,
      Op.Loop, ValType.Void,
      // the action for the state on top and the next terminal
      ...load32(entry32(statesAt, get(top))), ...get(width), Op.I32Mul, ...get(terminal), Op.I32Add,
      ...i32(1), Op.I32Shl, Op.I32Load16S, 1, ...uleb(ACTIONS_AT), ...set(action),
      ...get(action), ...i32(3), Op.I32And, Op.I32Eqz, Op.If, ValType.Void, ...fail, Op.End,
      ...get(action), ...i32(3), Op.I32Eq, Op.If, ValType.Void, ...i32(1), Op.Return, Op.End,
      ...get(action), ...i32(3), Op.I32And, ...i32(1), Op.I32Eq,
      Op.If, ValType.Void,
      // shift
      ...get(action), ...i32(2), Op.I32ShrU, ...set(state), ...get(i), ...set(token), ...i32(0), ...set(defines),
      ...increment(i, 1), ...readTerminal,
      Op.Else,
      // reduce: the rule's four bytes, its checks, then the goto from the state below its parts
      ...get(rulesAt), ...get(action), ...i32(2), Op.I32ShrU, ...i32(2), Op.I32Shl, Op.I32Add, ...set(rule),
      ...load8(get(rule), 1), ...set(length),
      ...get(top), ...get(length), Op.I32Sub, ...i32(1), Op.I32Add, ...set(first),
      ...i32(0), ...set(defines),
      ...load8(get(rule), 3), ...i32(MODULE_BODY), Op.I32And,
      Op.If, ValType.Void,
      // a module body has a definition if the body before it had one, or its last part is one
      ...load8(get(rule), 3), ...i32(ENDS_IN_DEF), Op.I32And, ...i32(0), Op.I32Ne,
      ...load8([...get(definesAt), ...get(first), Op.I32Add]), ...i32(0), ...get(length), ...i32(2), Op.I32Eq, Op.Select,
      Op.I32Or, ...set(defines),
      Op.End,
      ...checkIs(RuleCheckCode.AtLeastOneDef),
      Op.If, ValType.Void, ...load8([...get(definesAt), ...get(first), Op.I32Add]), Op.I32Eqz, Op.If, ValType.Void, ...fail, Op.End, Op.End,
      ...checkIs(RuleCheckCode.PrimitiveType), Op.If, ValType.Void, ...tokenIsWord(0, PRIMITIVE_TYPES_AT), Op.End,
      ...checkIs(RuleCheckCode.TableType), Op.If, ValType.Void, ...tokenIsWord(0, TABLE_TYPES_AT), Op.End,
      ...checkIs(RuleCheckCode.Decimal),
      Op.If, ValType.Void,
      // a decimal's places (its third part) are not too many
      ...load32(entry32(stackTokensAt, [...get(first), ...i32(2), Op.I32Add])), ...set(token),
      ...get(token), ...i32(0), Op.I32LtS, Op.If, ValType.Void, ...fail, Op.End,
      ...load32(entry32(endsAt, get(token))), ...load32(entry32(startsAt, get(token))), Op.I32Sub, ...get(places), Op.I32GtU,
      Op.If, ValType.Void, ...fail, Op.End,
      Op.End,
      ...get(top), ...get(length), Op.I32Sub, ...set(top),
      ...get(gotosAt),
      ...load32(entry32(statesAt, get(top))), ...get(nonterminals), Op.I32Mul, ...load8(get(rule), 0), Op.I32Add,
      ...i32(1), Op.I32Shl, Op.I32Add, Op.I32Load16S, 1, 0, ...set(state),
      ...get(state), ...i32(0), Op.I32LtS, Op.If, ValType.Void, ...fail, Op.End,
      ...i32(-1), ...set(token),
      Op.End,
      // push
      ...increment(top, 1),
      ...get(top), ...get(stackCapacity), Op.I32GeU, Op.If, ValType.Void, ...fail, Op.End,
      ...entry32(statesAt, get(top)), ...get(state), Op.I32Store, 2, 0,
      ...entry32(stackTokensAt, get(top)), ...get(token), Op.I32Store, 2, 0,
      ...get(definesAt), ...get(top), Op.I32Add, ...get(defines), Op.I32Store8, 0, 0,
      Op.Br, 0,
      Op.End,
      ...i32(0),
    ]);
  }
  w.export('scan', scan);
  w.export('check', check);
  return w.bytes();
}
