// The WebAssembly behind the header stream's fast path (stream/header-fast-path.ts): does an event's
// bytes fit a layout, and what are its values. A template is checked 16 bytes at a time: each byte
// is classified by two nibble lookups (i8x16.swizzle), and a block passes when every byte is its
// literal, or in the class its field needs, or past the template's end. The memory map, program
// format and results are in stream/layout-abi.ts. stream/ imports nothing from here: the module
// ships as stream/layout-matcher-wasm.ts, which `npm run tables` rewrites.

import {
  ADJACENT_ENTRY_AT, ADJACENT_ENTRY_LENGTH, BLOCK_LITERAL, BLOCK_LITERAL_MASK, BLOCK_NEED, BLOCK_SLACK, CHAINS_AT,
  MAX_ADJACENTS, MEMORY_PAGES, NEED_BASE64URL, NEED_LOWER_HEX, RESULTS_AT, RESULT_STRIDE, SEGMENT_RECORD, ValueKind,
} from '../../stream/layout-abi.js';
import { ModuleWriter, Op, SimdOp, ValType, get, i32, increment, set, sleb, uleb } from './writer.js';

// Class bits of a byte with high nibble H and low nibble L: bit k is set when both nibbles' tables
// have it. Base64url is bits 0–4 ('-', digits, A–O a–o, P–Z p–z, '_'), lowercase hex bits 1 and 5.
//   bit 0: H 2, L D      bit 1: H 3, L 0–9        bit 2: H 4 or 6, L 1–F
//   bit 3: H 5 or 7, L 0–A      bit 4: H 5, L F      bit 5: H 6, L 1–6
const LOW_NIBBLE = Array.from({ length: 16 }, (_, l) =>
  (l === 0xd ? 1 : 0) | (l <= 9 ? 2 : 0) | (l >= 1 ? 4 : 0) | (l <= 0xa ? 8 : 0) | (l === 0xf ? 16 : 0) | (l >= 1 && l <= 6 ? 32 : 0));
const HIGH_NIBBLE = Array.from({ length: 16 }, (_, h) => [0, 0, 1, 2, 4, 8 | 16, 4 | 32, 8][h] ?? 0);
if ((1 | 2 | 4 | 8 | 16) !== NEED_BASE64URL || (2 | 32) !== NEED_LOWER_HEX) throw new Error('layout matcher: class bits disagree with layout-abi.ts');

const ZERO_DIGIT = 0x30;
/** ⌊(2^64 − 1) / 10⌋: 20 digits are a Word64 when their first 19 are below it, or equal and the last ≤ 5. */
const WORD64_TENTH = 1844674407370955161n;

const i64 = (n: bigint) => [Op.I64Const, ...sleb(n)];
const byteAt = (offset = 0) => [Op.I32Load8U, 0, ...uleb(offset)];
const wordAt = (offset = 0) => [Op.I32Load, 2, ...uleb(offset)];
const storeF64 = (offset: number) => [Op.F64Store, 3, ...uleb(offset)];
const simd = (op: SimdOp) => [Op.Simd, op];
const vectorAt = (offset = 0) => [Op.Simd, SimdOp.V128Load, 0, ...uleb(offset)];
const vector = (bytes: readonly number[]) => [Op.Simd, SimdOp.V128Const, ...bytes];
const fail = [Op.If, ValType.Void, ...i32(0), Op.Return, Op.End];

/** The module: `match` and its memory exported. */
export function layoutMatcherModuleBytes(): Uint8Array<ArrayBuffer> {
  const w = new ModuleWriter(MEMORY_PAGES);
  const digitsEnd = w.global(0);
  const twentiethDigit = w.global(0);
  const digitRun = w.declare([ValType.I32, ValType.I32], [ValType.I64], [ValType.I32, ValType.I32, ValType.I64]);
  const isWord64 = w.declare([ValType.I32, ValType.I64], [ValType.I32]);
  const template = w.declare([ValType.I32, ValType.I32, ValType.I32, ValType.I32], [ValType.I32], [ValType.I32, ValType.V128, ValType.I32]);
  const match = w.declare([ValType.I32, ValType.I32, ValType.I32], [ValType.I32],
    [ValType.I32, ValType.I32, ValType.I32, ValType.I32, ValType.I32, ValType.I32, ValType.I32, ValType.I32, ValType.I64]);

  {
    // digitRun(p, end) → the value of the first ≤ 19 decimal digits at p; their end in `digitsEnd`,
    // the 20th digit (if any) in `twentiethDigit`
    const [p, end, start, digit, n] = [0, 1, 2, 3, 4];
    w.define(digitRun, [
      ...get(p), ...set(start),
      Op.Block, ValType.Void, Op.Loop, ValType.Void,
      ...get(p), ...get(end), Op.I32GeU, Op.BrIf, 1,
      ...get(p), ...byteAt(), ...i32(ZERO_DIGIT), Op.I32Sub, Op.LocalTee, digit, ...i32(10), Op.I32GeU, Op.BrIf, 1,
      ...get(p), ...get(start), Op.I32Sub, ...i32(19), Op.I32LtU,
      Op.If, ValType.Void,
      ...get(n), ...i64(10n), Op.I64Mul, ...get(digit), Op.I64ExtendI32U, Op.I64Add, ...set(n),
      Op.Else, ...get(digit), Op.GlobalSet, ...uleb(twentiethDigit), Op.End,
      ...increment(p, 1), Op.Br, 0,
      Op.End, Op.End,
      ...get(p), Op.GlobalSet, ...uleb(digitsEnd),
      ...get(n),
    ]);
  }
  {
    // isWord64(count, n): `count` digits whose first ≤ 19 are worth n are at most 2^64 − 1
    const [count, n] = [0, 1];
    w.define(isWord64, [
      ...get(count), ...i32(19), Op.I32LeU, Op.If, ValType.Void, ...i32(1), Op.Return, Op.End,
      ...get(count), ...i32(20), Op.I32Ne, ...fail,
      ...get(n), ...i64(WORD64_TENTH), Op.I64LtU, Op.If, ValType.Void, ...i32(1), Op.Return, Op.End,
      ...get(n), ...i64(WORD64_TENTH), Op.I64Eq, Op.GlobalGet, ...uleb(twentiethDigit), ...i32(5), Op.I32LeU, Op.I32And,
    ]);
  }
  {
    // template(tpl, length, p, end): the `length` bytes at p (all below end) fit the template at tpl
    const [tpl, length, p, end, i, v, block] = [0, 1, 2, 3, 4, 5, 6];
    w.define(template, [
      ...get(p), ...get(length), Op.I32Add, ...get(end), Op.I32GtU, ...fail,
      Op.Block, ValType.Void, Op.Loop, ValType.Void,
      ...get(i), ...get(length), Op.I32GeU, Op.BrIf, 1,
      ...get(p), ...get(i), Op.I32Add, ...vectorAt(), ...set(v),
      ...get(tpl), ...get(i), ...i32(2), Op.I32Shl, Op.I32Add, ...set(block),
      // the class bits of each byte, masked by what each byte's field needs: non-zero where it has one
      ...vector(LOW_NIBBLE), ...get(v), ...vector(Array(16).fill(0x0f)), ...simd(SimdOp.V128And), ...simd(SimdOp.I8x16Swizzle),
      ...vector(HIGH_NIBBLE), ...get(v), ...i32(4), ...simd(SimdOp.I8x16ShrU), ...simd(SimdOp.I8x16Swizzle),
      ...simd(SimdOp.V128And),
      ...get(block), ...vectorAt(BLOCK_NEED), ...simd(SimdOp.V128And),
      ...vector(Array(16).fill(0)), ...simd(SimdOp.I8x16Ne),
      // or the literal byte expected there, or a byte past the template
      ...get(v), ...get(block), ...vectorAt(BLOCK_LITERAL), ...simd(SimdOp.I8x16Eq),
      ...get(block), ...vectorAt(BLOCK_LITERAL_MASK), ...simd(SimdOp.V128And), ...simd(SimdOp.V128Or),
      ...get(block), ...vectorAt(BLOCK_SLACK), ...simd(SimdOp.V128Or),
      ...simd(SimdOp.I8x16AllTrue), Op.I32Eqz, ...fail,
      ...increment(i, 16), Op.Br, 0,
      Op.End, Op.End,
      ...i32(1),
    ]);
  }
  {
    // match(program, start, end): every segment's template, then its value, up to the end template
    const [program, start, end, p, segment, result, kind, q, count, j, chain, n] = [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11];
    const offsetAt = (local: number, slot: number) => [...get(result), ...get(local), Op.F64ConvertI32U, ...storeF64(slot * 8)];
    const isKind = (k: ValueKind) => [...get(kind), ...i32(k), Op.I32Eq];
    // a JSON integer of `count` digits at p has no leading zero
    const leadingZero = [...get(count), ...i32(1), Op.I32GtU, ...get(p), ...byteAt(), ...i32(ZERO_DIGIT), Op.I32Eq, Op.I32And];
    const adjacents = [
      ...i32(0), ...set(count),
      ...get(p), ...byteAt(), ...i32(0x7d), Op.I32Ne, // not `}`: entries
      Op.If, ValType.Void, Op.Loop, ValType.Void,
      ...get(p), ...byteAt(), ...i32(0x22), Op.I32Ne, ...fail,
      // the chain id: 1–10 digits without a leading zero, below 2^32
      ...get(p), ...i32(1), Op.I32Add, ...get(end), Op.Call, ...uleb(digitRun), ...set(n),
      Op.GlobalGet, ...uleb(digitsEnd), ...set(q),
      ...get(q), ...get(p), Op.I32Sub, ...i32(1), Op.I32Sub, ...set(j),
      ...get(j), Op.I32Eqz, ...get(j), ...i32(10), Op.I32GtU, Op.I32Or,
      ...get(j), ...i32(1), Op.I32GtU, ...get(p), ...byteAt(1), ...i32(ZERO_DIGIT), Op.I32Eq, Op.I32And, Op.I32Or,
      ...get(n), ...i64(0xffffffffn), Op.I64GtU, Op.I32Or, ...fail,
      ...i32(ADJACENT_ENTRY_AT), ...i32(ADJACENT_ENTRY_LENGTH), ...get(q), ...get(end), Op.Call, ...uleb(template), Op.I32Eqz, ...fail,
      // not a chain already listed
      ...get(n), Op.I32WrapI64, ...set(chain),
      ...i32(0), ...set(j),
      Op.Block, ValType.Void, Op.Loop, ValType.Void,
      ...get(j), ...get(count), Op.I32GeU, Op.BrIf, 1,
      ...get(j), ...i32(2), Op.I32Shl, ...wordAt(CHAINS_AT), ...get(chain), Op.I32Eq, ...fail,
      ...increment(j, 1), Op.Br, 0,
      Op.End, Op.End,
      ...get(count), ...i32(MAX_ADJACENTS), Op.I32GeU, ...fail,
      ...get(count), ...i32(2), Op.I32Shl, ...get(chain), Op.I32Store, 2, ...uleb(CHAINS_AT),
      ...increment(count, 1),
      ...get(q), ...i32(ADJACENT_ENTRY_LENGTH), Op.I32Add, ...set(p),
      ...get(p), ...byteAt(), ...i32(0x2c), Op.I32Eq, Op.If, ValType.Void, ...increment(p, 1), Op.Br, 1, Op.End,
      ...get(p), ...byteAt(), ...i32(0x7d), Op.I32Ne, ...fail,
      Op.End, Op.End,
      ...get(result), ...get(count), Op.F64ConvertI32U, ...storeF64(24),
    ];
    const integer = [
      ...get(p), ...get(end), Op.Call, ...uleb(digitRun), ...set(n),
      Op.GlobalGet, ...uleb(digitsEnd), ...set(q),
      ...get(q), ...get(p), Op.I32Sub, ...set(count),
      ...get(count), Op.I32Eqz, ...fail,
      ...isKind(ValueKind.word64Digits),
      Op.If, ValType.Void,
      ...get(count), ...get(n), Op.Call, ...uleb(isWord64), Op.I32Eqz, ...fail,
      Op.Else,
      ...leadingZero, ...fail,
      ...isKind(ValueKind.uint32), Op.If, ValType.Void,
      ...get(count), ...i32(10), Op.I32GtU, ...get(n), ...i64(0xffffffffn), Op.I64GtU, Op.I32Or, ...fail, Op.End,
      ...isKind(ValueKind.safeInteger), Op.If, ValType.Void,
      ...get(count), ...i32(16), Op.I32GtU, ...get(n), ...i64(BigInt(Number.MAX_SAFE_INTEGER)), Op.I64GtU, Op.I32Or, ...fail, Op.End,
      ...isKind(ValueKind.word64), Op.If, ValType.Void,
      ...get(count), ...get(n), Op.Call, ...uleb(isWord64), Op.I32Eqz, ...fail, Op.End,
      Op.End,
      // a 20th digit (only a Word64 has one) was left out of n
      ...get(count), ...i32(20), Op.I32Eq, Op.If, ValType.Void,
      ...get(n), ...i64(10n), Op.I64Mul, Op.GlobalGet, ...uleb(twentiethDigit), Op.I64ExtendI32U, Op.I64Add, ...set(n), Op.End,
      ...get(result), ...get(n), Op.F64ConvertI64U, ...storeF64(24),
      ...get(q), ...set(p),
    ];
    w.define(match, [
      ...get(start), ...set(p), ...get(program), ...set(segment), ...i32(RESULTS_AT), ...set(result),
      Op.Loop, ValType.Void,
      // the template's address is relative to the program's
      ...get(program), ...get(segment), ...wordAt(0), Op.I32Add, ...get(segment), ...wordAt(4), ...get(p), ...get(end), Op.Call, ...uleb(template), Op.I32Eqz, ...fail,
      ...offsetAt(p, 0),
      ...get(p), ...get(segment), ...wordAt(4), Op.I32Add, ...set(p),
      ...offsetAt(p, 1),
      ...get(segment), ...wordAt(8), ...set(kind),
      ...isKind(ValueKind.end), Op.If, ValType.Void, ...get(p), ...get(end), Op.I32Eq, Op.Return, Op.End,
      ...isKind(ValueKind.adjacents), Op.If, ValType.Void, ...adjacents, Op.Else, ...integer, Op.End,
      ...offsetAt(p, 2),
      ...increment(segment, SEGMENT_RECORD),
      ...increment(result, RESULT_STRIDE * 8),
      Op.Br, 0,
      Op.End,
      ...i32(0),
    ]);
  }
  w.export('match', match);
  return w.bytes();
}
