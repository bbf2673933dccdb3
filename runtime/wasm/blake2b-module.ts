// BLAKE2b's compression function (RFC 7693 §3.2) as a WebAssembly module, written out here;
// `npm run tables` ships its bytes as runtime/values/blake2b-wasm.ts, which
// test/values/blake2b.test.ts keeps current. The module exports one memory page and
// `compress(count: f64, last: i32)` over the state and block at runtime/values/blake2b.ts's offsets.

import { ModuleWriter, Op, ValType, sleb, uleb } from './writer.js';
import { BLOCK_AT, IV, STATE_AT } from '../values/blake2b.js';

/** The message word order of each round (rounds 10 and 11 repeat 0 and 1). */
const SIGMA = [
  [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15],
  [14, 10, 4, 8, 9, 15, 13, 6, 1, 12, 0, 2, 11, 7, 5, 3],
  [11, 8, 12, 0, 5, 2, 15, 13, 10, 14, 3, 6, 7, 1, 9, 4],
  [7, 9, 3, 1, 13, 12, 11, 14, 2, 6, 5, 10, 4, 0, 15, 8],
  [9, 0, 5, 7, 2, 4, 10, 15, 14, 1, 11, 12, 6, 8, 3, 13],
  [2, 12, 6, 10, 0, 11, 8, 3, 4, 13, 7, 5, 15, 14, 1, 9],
  [12, 5, 1, 15, 14, 13, 4, 10, 0, 7, 6, 3, 9, 2, 8, 11],
  [13, 11, 7, 14, 12, 1, 3, 9, 5, 0, 15, 4, 8, 6, 2, 10],
  [6, 15, 14, 9, 11, 3, 0, 8, 12, 2, 13, 7, 1, 4, 10, 5],
  [10, 2, 8, 4, 7, 6, 1, 5, 15, 11, 9, 14, 3, 12, 13, 0],
];

/**
 * The body of `compress(count: f64, last: i32)`: the block at BLOCK_AT into the state at
 * STATE_AT, with the bytes hashed so far (a JS number: exact far beyond any input) and the
 * last-block flag. Locals 2–17 are the working vector v, 18–33 the message words m; all twelve
 * rounds are unrolled.
 */
function compressBody(): number[] {
  const code: number[] = [];
  const v = (i: number) => 2 + i, m = (i: number) => 18 + i;
  const get = (l: number) => code.push(Op.LocalGet, l);
  const set = (l: number) => code.push(Op.LocalSet, l);
  const load = (at: number) => code.push(Op.I32Const, 0, Op.I64Load, 3, ...uleb(at));
  for (let i = 0; i < 8; i++) { load(STATE_AT + 8 * i); set(v(i)); }
  for (let i = 0; i < 8; i++) { code.push(Op.I64Const, ...sleb(IV[i])); set(v(8 + i)); }
  for (let i = 0; i < 16; i++) { load(BLOCK_AT + 8 * i); set(m(i)); }
  // v12 ^= the byte count (below 2^64: its high word, v13's part, stays 0)
  get(v(12)); code.push(Op.LocalGet, 0, Op.I64TruncF64U, Op.I64Xor); set(v(12));
  // the last block inverts v14
  code.push(Op.LocalGet, 1, Op.If, ValType.Void);
  get(v(14)); code.push(Op.I64Const, ...sleb(-1n), Op.I64Xor); set(v(14));
  code.push(Op.End);
  const get_ = Op.LocalGet, set_ = Op.LocalSet, add = Op.I64Add, xor = Op.I64Xor, k = Op.I64Const, rotr = Op.I64Rotr;
  // G, with a..d the working words and x, y the message words: a += b + x; d = (d ^ a) >>> 32;
  // c += d; b = (b ^ c) >>> 24; a += b + y; d = (d ^ a) >>> 16; c += d; b = (b ^ c) >>> 63
  const mix = (a: number, b: number, c: number, d: number, x: number, y: number) => {
    [a, b, c, d, x, y] = [v(a), v(b), v(c), v(d), m(x), m(y)];
    code.push(
      get_, a, get_, b, add, get_, x, add, set_, a, get_, d, get_, a, xor, k, 32, rotr, set_, d,
      get_, c, get_, d, add, set_, c, get_, b, get_, c, xor, k, 24, rotr, set_, b,
      get_, a, get_, b, add, get_, y, add, set_, a, get_, d, get_, a, xor, k, 16, rotr, set_, d,
      get_, c, get_, d, add, set_, c, get_, b, get_, c, xor, k, 63, rotr, set_, b);
  };
  for (let round = 0; round < 12; round++) {
    const s = SIGMA[round % 10];
    mix(0, 4, 8, 12, s[0], s[1]); mix(1, 5, 9, 13, s[2], s[3]);
    mix(2, 6, 10, 14, s[4], s[5]); mix(3, 7, 11, 15, s[6], s[7]);
    mix(0, 5, 10, 15, s[8], s[9]); mix(1, 6, 11, 12, s[10], s[11]);
    mix(2, 7, 8, 13, s[12], s[13]); mix(3, 4, 9, 14, s[14], s[15]);
  }
  // h[i] ^= v[i] ^ v[i + 8]
  for (let i = 0; i < 8; i++) {
    code.push(Op.I32Const, 0);
    load(STATE_AT + 8 * i); get(v(i)); code.push(Op.I64Xor); get(v(8 + i)); code.push(Op.I64Xor);
    code.push(Op.I64Store, 3, ...uleb(STATE_AT + 8 * i));
  }
  return code;
}

/** The whole module: one memory page and `compress`, both exported. */
export function blake2bModuleBytes(): Uint8Array<ArrayBuffer> {
  const w = new ModuleWriter(1);
  const compress = w.declare([ValType.F64, ValType.I32], [], Array(32).fill(ValType.I64));
  w.define(compress, compressBody());
  w.export('compress', compress);
  return w.bytes();
}
