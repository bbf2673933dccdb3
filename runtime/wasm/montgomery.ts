// Arithmetic modulo a prime p < 2^254 as WebAssembly: an element is nine 29-bit limbs, least
// significant first, each in a 32-bit word, plus a zero word (40 bytes, so that elements copy as
// 64-bit words), in Montgomery form (a·2^261 mod p), always fully reduced to [0, p).
//
// Why 29 bits: a product of two limbs is below 2^58, so a column of the product plus its
// reduction (at most 19 such terms and a carry) stays below 2^64. The multiplication then sums
// each column in one 64-bit accumulator and carries once per column (product scanning with the
// Montgomery reduction interleaved, Koç, Acar and Kaliski's FIPS method), instead of splitting
// every partial product as 32-bit limbs must: about a third of the instructions, which matters
// most while V8 runs the module's baseline code (Liftoff), as cold natives do.
//
// Every function takes the address of its result first and may be given the same address for
// its result and an operand.

import { ModuleWriter, Op, ValType, sleb, uleb } from './writer.js';

export const LIMBS = 9;
export const LIMB_BITS = 29;
/** Bytes per element: the limbs and the zero word. */
export const ELEMENT = 40;
const MASK = (1 << LIMB_BITS) - 1;

/** The indices of one modulus's functions in the module being written. */
export interface MontgomeryFunctions {
  /** mul(out, a, b): a·b/2^261, the product of two elements in Montgomery form */
  readonly mul: number;
  /** add(out, a, b), sub(out, a, b) */
  readonly add: number;
  readonly sub: number;
}

/** The Montgomery radix 2^261 mod p. */
export const montgomeryRadix = (p: bigint): bigint => (1n << BigInt(LIMBS * LIMB_BITS)) % p;

/** Writes x (0 ≤ x < 2^261) at byte address `at` of `words` as limbs, unconverted. */
export function writeLimbs(words: Uint32Array, at: number, x: bigint): void {
  const i = at >> 2, mask = BigInt(MASK), bits = BigInt(LIMB_BITS);
  for (let j = 0; j < LIMBS; j++, x >>= bits) words[i + j] = Number(x & mask);
  words[i + LIMBS] = 0;
}

/** The integer whose limbs are at byte address `at` of `words`. */
export function readLimbs(words: Uint32Array, at: number): bigint {
  const i = at >> 2;
  let x = 0n;
  for (let j = LIMBS - 1; j >= 0; j--) x = (x << 29n) | BigInt(words[i + j]);
  return x;
}

/**
 * Writes the integer given as eight 32-bit words, least significant first (`w` at index `from`),
 * as limbs at byte address `at` of `words`: for tables read as bytes, without BigInts.
 */
export function writeLimbsFromWords(words: Uint32Array, at: number, w: ArrayLike<number>, from: number): void {
  const i = at >> 2;
  for (let j = 0; j < LIMBS; j++) {
    const bit = j * LIMB_BITS, word = bit >> 5, shift = bit & 31;
    let limb = w[from + word] >>> shift;
    if (shift > 32 - LIMB_BITS && word + 1 < 8) limb |= w[from + word + 1] << (32 - shift);
    words[i + j] = (limb & MASK) >>> 0;
  }
  words[i + LIMBS] = 0;
}

const limbsOf = (x: bigint): number[] => Array.from({ length: LIMBS }, (_, j) => Number((x >> BigInt(LIMB_BITS * j)) & BigInt(MASK)));

/** −p⁻¹ mod 2^29, the factor that makes each column of the reduction divisible by 2^29. */
function negInverse(p: bigint): number {
  const m = BigInt(MASK);
  let inv = 1n; // Newton's iteration: each step doubles the bits of p·inv ≡ 1
  for (let i = 0; i < 5; i++) inv = (inv * (2n - p * inv)) & m;
  return Number((-inv) & m);
}

/** Declares and defines mul, add and sub modulo p (p odd, below 2^254) in `w`. */
export function writeMontgomery(w: ModuleWriter, p: bigint): MontgomeryFunctions {
  if (p % 2n === 0n || p >= 1n << 254n) throw new RangeError('Montgomery: the modulus must be odd and below 2^254');
  const P = limbsOf(p);
  const I32s = [ValType.I32, ValType.I32, ValType.I32];
  const i64 = (n: number): ValType[] => Array(n).fill(ValType.I64);

  // mul: locals 3–11 a's limbs, 12–20 b's, 21–29 m (then the result), 30 the accumulator, 31–39
  // for the reduction
  const mul = w.declare(I32s, [], i64(38));
  {
    const A = (i: number) => 3 + i, B = (i: number) => 12 + i, M = (i: number) => 21 + i, ACC = 30;
    const c = new Code();
    for (let i = 0; i < LIMBS; i++) { c.load(1, i); c.set(A(i)); }
    // two accumulators, a·b terms and m·p terms, so that the two chains of additions overlap
    const ACC2 = 31;
    const term = (x: number, y: number) => { c.get(x); c.load(2, y - 12); c.op(Op.I64Mul); c.get(ACC); c.op(Op.I64Add); c.set(ACC); };
    const termK = (x: number, k: number) => { c.get(x); c.k(k); c.op(Op.I64Mul); c.get(ACC2); c.op(Op.I64Add); c.set(ACC2); };
    const merge = () => { c.get(ACC); c.get(ACC2); c.op(Op.I64Add); c.set(ACC); c.k(0); c.set(ACC2); };
    c.k(0); c.set(ACC); c.k(0); c.set(ACC2);
    for (let k = 0; k < LIMBS; k++) {
      for (let i = 0; i <= k; i++) term(A(i), B(k - i));
      for (let i = 0; i < k; i++) termK(M(i), P[k - i]);
      merge();
      // m_k = (acc mod 2^29)·(−p⁻¹) mod 2^29 makes the column divisible by 2^29
      c.get(ACC); c.k(MASK); c.op(Op.I64And); c.k(negInverse(p)); c.op(Op.I64Mul); c.k(MASK); c.op(Op.I64And); c.set(M(k));
      c.get(M(k)); c.k(P[0]); c.op(Op.I64Mul); c.get(ACC); c.op(Op.I64Add);
      c.k(LIMB_BITS); c.op(Op.I64ShrU); c.set(ACC);
    }
    // the upper columns are the result's limbs, kept in b's locals as no later column reads them
    for (let k = LIMBS; k < 2 * LIMBS - 1; k++) {
      for (let i = k - LIMBS + 1; i < LIMBS; i++) { term(A(i), B(k - i)); termK(M(i), P[k - i]); }
      merge();
      c.get(ACC); c.k(MASK); c.op(Op.I64And); c.set(B(k - LIMBS));
      c.get(ACC); c.k(LIMB_BITS); c.op(Op.I64ShrU); c.set(ACC);
    }
    c.get(ACC); c.set(B(LIMBS - 1));
    c.storeReduced(B, P, 32, 30);
    w.define(mul, c.code);
  }

  // add: locals 3–11 the sum, 12 the carry, 13–21 and 22 for the reduction
  const add = w.declare(I32s, [], i64(20));
  {
    const S = (i: number) => 3 + i, CARRY = 12;
    const c = new Code();
    for (let i = 0; i < LIMBS; i++) {
      c.load(1, i); c.load(2, i); c.op(Op.I64Add);
      if (i > 0) { c.get(CARRY); c.op(Op.I64Add); }
      if (i < LIMBS - 1) { c.tee(CARRY); c.k(MASK); c.op(Op.I64And); c.set(S(i)); c.get(CARRY); c.k(LIMB_BITS); c.op(Op.I64ShrU); c.set(CARRY); } else c.set(S(i));
    }
    c.storeReduced(S, P, 13, 22);
    w.define(add, c.code);
  }

  // sub: a − b, plus p when it borrows (the borrow is 0 or −1: an arithmetic shift of the limb's
  // difference). Locals 3–11 the difference, 12 the borrow, 13 the carry of adding p back
  const sub = w.declare(I32s, [], i64(11));
  {
    const D = (i: number) => 3 + i, BORROW = 12, CARRY = 13;
    const c = new Code();
    for (let i = 0; i < LIMBS; i++) {
      c.load(1, i); c.load(2, i); c.op(Op.I64Sub);
      if (i > 0) { c.get(BORROW); c.op(Op.I64Add); }
      c.tee(BORROW); c.k(MASK); c.op(Op.I64And); c.set(D(i)); c.get(BORROW); c.k(LIMB_BITS); c.op(Op.I64ShrS); c.set(BORROW);
    }
    // p & borrow added back, limb by limb (the carry out of the top limb cancels the borrow)
    for (let i = 0; i < LIMBS; i++) {
      c.get(D(i)); c.k(P[i]); c.get(BORROW); c.op(Op.I64And); c.op(Op.I64Add);
      if (i > 0) { c.get(CARRY); c.op(Op.I64Add); }
      c.tee(CARRY); c.k(MASK); c.op(Op.I64And); c.set(D(i)); c.get(CARRY); c.k(LIMB_BITS); c.op(Op.I64ShrU); c.set(CARRY);
    }
    c.storeAll(D);
    w.define(sub, c.code);
  }
  return { mul, add, sub };
}

/** A function body being written: instructions on i64 locals and element limbs. */
class Code {
  readonly code: number[] = [];
  op(o: Op): void { this.code.push(o); }
  get(l: number): void { this.code.push(Op.LocalGet, l); }
  set(l: number): void { this.code.push(Op.LocalSet, l); }
  tee(l: number): void { this.code.push(Op.LocalTee, l); }
  k(v: number): void { this.code.push(Op.I64Const, ...sleb(v)); }
  /** limb i of the element whose address is parameter `param` */
  load(param: number, i: number): void { this.code.push(Op.LocalGet, param, Op.I64Load32U, 2, ...uleb(4 * i)); }

  /** the limbs in locals X(0..8) to the result (parameter 0), and the zero word after them */
  storeAll(X: (i: number) => number): void {
    for (let i = 0; i < LIMBS; i++) this.code.push(Op.LocalGet, 0, Op.LocalGet, X(i), Op.I64Store32, 2, ...uleb(4 * i));
    this.code.push(Op.LocalGet, 0, Op.I32Const, 0, Op.I32Store, 2, ...uleb(4 * LIMBS));
  }

  /**
   * Stores x − p if x ≥ p, else x, without a branch: x (below 2p, its limbs normalised but for
   * the top one) in locals X(0..8); D(0..8) = locals from `free` on and `borrow` are scratch.
   */
  storeReduced(X: (i: number) => number, P: readonly number[], free: number, borrow: number): void {
    const D = (i: number) => free + i;
    for (let i = 0; i < LIMBS; i++) {
      this.get(X(i)); this.k(P[i]); this.op(Op.I64Sub);
      if (i > 0) { this.get(borrow); this.op(Op.I64Add); }
      this.tee(borrow); this.k(MASK); this.op(Op.I64And); this.set(D(i));
      this.get(borrow); this.k(LIMB_BITS); this.op(Op.I64ShrS); this.set(borrow);
    }
    // x ≥ p iff x − p did not borrow
    for (let i = 0; i < LIMBS; i++) {
      this.code.push(Op.LocalGet, 0, Op.LocalGet, X(i), Op.LocalGet, D(i), Op.LocalGet, borrow, Op.I32WrapI64, Op.Select,
        Op.I64Store32, 2, ...uleb(4 * i));
    }
    this.code.push(Op.LocalGet, 0, Op.I32Const, 0, Op.I32Store, 2, ...uleb(4 * LIMBS));
  }
}
