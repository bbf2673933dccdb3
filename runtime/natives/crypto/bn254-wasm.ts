// BN254's field tower, the Miller loop's steps and Poseidon's rounds as WebAssembly, written out
// here (`npm run tables` ships the bytes as bn254-fields.wasm, which bn254-field.ts compiles on
// first use): Fq and Fr in Montgomery form (runtime/wasm/montgomery.ts), Fq² = Fq[u]/(u² + 1),
// Fq⁶ = Fq²[v]/(v³ − ξ) with ξ = 9 + u, Fq¹² = Fq⁶[w]/(w² − v). A pairing check is tens of
// thousands of field products; as BigInts each cost a product, a `%` and an allocation, in code
// that runs cold (a few calls per process). Here a product is ~120 ns from the first call on.
//
// Memory: constants from 0, a stack for the functions' temporaries above them, Poseidon's
// constants, and from HEAP the elements bn254-field.ts hands out. Layouts: Fq is 40 bytes
// (montgomery.ts); Fq² [c0, c1] for c0 + c1·u; Fq⁶ [a0, a1, a2] (Fq² each) for a0 + a1·v + a2·v²; Fq¹² [g, h] (Fq⁶ each) for g + h·w; a point on
// the twist in Miller-loop form [X, Y, Z] (Fq² each, homogeneous projective); G1 affine [x, y];
// G2 affine [x, y] (Fq² each). Every function takes its result's address first and may be given
// an operand's address for it.

import { ModuleWriter, ValType } from '../../wasm/writer.js';
import { writeMontgomery, writeLimbs, montgomeryRadix, ELEMENT } from '../../wasm/montgomery.js';
import { FROBENIUS_W, TWIST_B } from './bn254-frobenius.js';
import { ElementFunction, absolute, at, type Address } from '../../wasm/element-function.js';

export const FQ = ELEMENT, FQ2 = 2 * FQ, FQ6 = 3 * FQ2, FQ12 = 2 * FQ6;

/** Where the constants are (data segments of the module). */
export const CONST = {
  zero: 0, // two zero elements: also Fq² zero
  plainOne: 2 * FQ, // the integer 1, not in Montgomery form (to convert out of it)
  r2: 3 * FQ, // R² mod q, R = 2^261 (to convert into Montgomery form)
  montOne: 4 * FQ, // 1 (R mod q), followed by a zero element: also Fq² one
  half: 6 * FQ,
  threeB: 7 * FQ, // Fq²: 3b' of the twist
  frobenius: 9 * FQ, // 3 × 5 Fq²: ξ^(k(q^n − 1)/6), n = 1..3, k = 1..5
  r2Fr: 39 * FQ, // R² mod r (to convert into Fr's Montgomery form)
  end: 40 * FQ,
} as const;
export const frobeniusAt = (n: number, k: number): number => CONST.frobenius + ((n - 1) * 5 + (k - 1)) * FQ2;
const STACK_BOTTOM = 2048;
export const STACK_TOP = STACK_BOTTOM + 65536;

// ---- Poseidon's constants, in Fr's Montgomery form from STACK_TOP on ----

export const ROUNDS_FULL = 8;
/** circomlib's partial-round counts for t = 2..9 */
export const PARTIAL_ROUNDS: readonly number[] = [56, 57, 56, 60, 60, 63, 64, 63];
/** Poseidon's widths: t = 2..9 (1..8 inputs). */
export const POSEIDON_WIDTHS = [2, 3, 4, 5, 6, 7, 8, 9] as const;
/** How many numbers width t has: its round constants (one row of t per round) and its MDS matrix. */
export const numbersOf = (t: number): number => (ROUNDS_FULL + PARTIAL_ROUNDS[t - 2]!) * t + t * t;
/** How many numbers all widths have, in order t = 2..9. */
const POSEIDON_NUMBERS = POSEIDON_WIDTHS.reduce((n, t) => n + numbersOf(t), 0);

/** Where width t's round constants (row by row) and MDS matrix (by rows) are in memory. */
export function poseidonAt(t: number): { readonly constants: number; readonly mds: number } {
  let at = STACK_TOP;
  for (let w = 2; w < t; w++) at += ELEMENT * numbersOf(w);
  return { constants: at, mds: at + ELEMENT * (ROUNDS_FULL + PARTIAL_ROUNDS[t - 2]!) * t };
}

/** The first byte bn254-field.ts allocates elements from. */
export const HEAP = STACK_TOP + ELEMENT * POSEIDON_NUMBERS;
export const INITIAL_PAGES = Math.ceil(HEAP / 65536) + 16;

/** The module as shipped, beside bn254-field.ts (`npm run tables` rewrites it from this file). */
export const BN254_MODULE_FILE = 'bn254-fields.wasm';

/** The constants' values, in memory order: Fq's from 0, then Poseidon's from STACK_TOP. */
function constantSegments(q: bigint, r: bigint, poseidonNumbers: readonly bigint[]): [number, Uint8Array][] {
  if (poseidonNumbers.length !== POSEIDON_NUMBERS) throw new RangeError(`BN254 module: ${poseidonNumbers.length} Poseidon constants, expected ${POSEIDON_NUMBERS}`);
  const low = new Uint32Array(CONST.end / 4);
  const R = montgomeryRadix(q), RR = montgomeryRadix(r);
  const mont = (at: number, x: bigint) => writeLimbs(low, at, (x * R) % q);
  writeLimbs(low, CONST.plainOne, 1n);
  writeLimbs(low, CONST.r2, (R * R) % q);
  writeLimbs(low, CONST.r2Fr, (RR * RR) % r);
  mont(CONST.montOne, 1n);
  mont(CONST.half, (q + 1n) / 2n);
  mont(CONST.threeB, 3n * TWIST_B[0]);
  mont(CONST.threeB + FQ, 3n * TWIST_B[1]);
  FROBENIUS_W.forEach((row, n) => row.forEach((c, k) => {
    mont(frobeniusAt(n + 1, k + 1), c[0]);
    mont(frobeniusAt(n + 1, k + 1) + FQ, c[1]);
  }));
  const high = new Uint32Array(ELEMENT * POSEIDON_NUMBERS / 4);
  poseidonNumbers.forEach((x, i) => writeLimbs(high, ELEMENT * i, (x * RR) % r));
  return [[0, new Uint8Array(low.buffer)], [STACK_TOP, new Uint8Array(high.buffer)]];
}

/** Where the coefficient of w^k (k = 0 … 5, over Fq² with w⁶ = ξ) sits in an Fq¹²: g = f0 + f2 w²
 *  + f4 w⁴ and h = f1 + f3 w² + f5 w⁴. */
const W_POWER_AT = [0, 3, 1, 4, 2, 5].map(i => i * FQ2);

/** The exported functions, by name: (result, operands…) on addresses. */
export interface Bn254Exports {
  readonly memory: WebAssembly.Memory;
  readonly fqMul: (o: number, a: number, b: number) => void;
  readonly fqAdd: (o: number, a: number, b: number) => void;
  readonly fqSub: (o: number, a: number, b: number) => void;
  readonly fq2Add: (o: number, a: number, b: number) => void;
  readonly fq2Sub: (o: number, a: number, b: number) => void;
  readonly fq2Neg: (o: number, a: number) => void;
  readonly fq2Conj: (o: number, a: number) => void;
  readonly fq2Mul: (o: number, a: number, b: number) => void;
  readonly fq2Sqr: (o: number, a: number) => void;
  readonly fq2MulFq: (o: number, a: number, k: number) => void;
  readonly fq2MulXi: (o: number, a: number) => void;
  readonly fq6Add: (o: number, a: number, b: number) => void;
  readonly fq6Sub: (o: number, a: number, b: number) => void;
  readonly fq6Mul: (o: number, a: number, b: number) => void;
  readonly fq6MulV: (o: number, a: number) => void;
  readonly fq12Mul: (o: number, a: number, b: number) => void;
  readonly fq12Sqr: (o: number, a: number) => void;
  readonly fq12Conj: (o: number, a: number) => void;
  readonly fq12CyclotomicSqr: (o: number, a: number) => void;
  readonly fq12Frobenius1: (o: number, a: number) => void;
  readonly fq12Frobenius2: (o: number, a: number) => void;
  readonly fq12Frobenius3: (o: number, a: number) => void;
  readonly fq12MulByLine: (o: number, f: number, l0: number, l3: number, l4: number) => void;
  readonly millerDouble: (f: number, t: number, p: number) => void;
  readonly millerAdd: (f: number, t: number, q: number, p: number) => void;
  readonly frMul: (o: number, a: number, b: number) => void;
  /** poseidonFull{t} and poseidonPartial{t}: a round on (state, constants, matrix) */
  readonly [round: `poseidon${'Full' | 'Partial'}${number}`]: (state: number, constants: number, mds: number) => void;
}

/**
 * The module for base field modulus q and scalar field modulus r (Poseidon's field), with
 * Poseidon's constants (all widths' numbers in order t = 2..9, as poseidon-constants.bin holds
 * them) in its memory.
 */
export function bn254ModuleBytes(q: bigint, r: bigint, poseidonNumbers: readonly bigint[]): Uint8Array<ArrayBuffer> {
  const w = new ModuleWriter(INITIAL_PAGES);
  for (const [offset, bytes] of constantSegments(q, r, poseidonNumbers)) w.data(offset, bytes);
  const sp = w.global(STACK_TOP);
  const fq = writeMontgomery(w, q);
  w.export('fqMul', fq.mul); w.export('fqAdd', fq.add); w.export('fqSub', fq.sub);
  const fr = writeMontgomery(w, r);
  w.export('frMul', fr.mul);
  const ZERO = absolute(CONST.zero);

  /** declares, writes and exports a function of `params` addresses */
  const define = (name: string, params: number, write: (f: ElementFunction, p: (i: number, offset?: number) => Address) => void): number => {
    const index = w.declare(Array(params).fill(ValType.I32), [], [ValType.I32]);
    const f = new ElementFunction(params, sp);
    write(f, (i, offset = 0) => f.param(i, offset));
    w.define(index, f.body());
    w.export(name, index);
    return index;
  };

  // ---- Fq² ----
  const add2 = define('fq2Add', 3, (f, p) => { f.call(fq.add, p(0), p(1), p(2)); f.call(fq.add, p(0, FQ), p(1, FQ), p(2, FQ)); });
  const sub2 = define('fq2Sub', 3, (f, p) => { f.call(fq.sub, p(0), p(1), p(2)); f.call(fq.sub, p(0, FQ), p(1, FQ), p(2, FQ)); });
  const neg2 = define('fq2Neg', 2, (f, p) => { f.call(fq.sub, p(0), ZERO, p(1)); f.call(fq.sub, p(0, FQ), ZERO, p(1, FQ)); });
  define('fq2Conj', 2, (f, p) => { f.copy(p(0), p(1), FQ); f.call(fq.sub, p(0, FQ), ZERO, p(1, FQ)); });
  // (a0 + a1 u)(b0 + b1 u) = a0b0 − a1b1 + ((a0 + a1)(b0 + b1) − a0b0 − a1b1) u
  const mul2 = define('fq2Mul', 3, (f, p) => {
    const m0 = f.temp(FQ), m1 = f.temp(FQ), s = f.temp(FQ), t = f.temp(FQ);
    f.call(fq.mul, m0, p(1), p(2)); f.call(fq.mul, m1, p(1, FQ), p(2, FQ));
    f.call(fq.add, s, p(1), p(1, FQ)); f.call(fq.add, t, p(2), p(2, FQ)); f.call(fq.mul, s, s, t);
    f.call(fq.sub, p(0), m0, m1);
    f.call(fq.sub, s, s, m0); f.call(fq.sub, p(0, FQ), s, m1);
  });
  // (a0 + a1 u)² = (a0 + a1)(a0 − a1) + 2 a0 a1 u
  const sqr2 = define('fq2Sqr', 2, (f, p) => {
    const s = f.temp(FQ), d = f.temp(FQ), m = f.temp(FQ);
    f.call(fq.add, s, p(1), p(1, FQ)); f.call(fq.sub, d, p(1), p(1, FQ)); f.call(fq.mul, m, p(1), p(1, FQ));
    f.call(fq.mul, p(0), s, d); f.call(fq.add, p(0, FQ), m, m);
  });
  const mul2Fq = define('fq2MulFq', 3, (f, p) => {
    const k = f.temp(FQ);
    f.copy(k, p(2), FQ);
    f.call(fq.mul, p(0), p(1), k); f.call(fq.mul, p(0, FQ), p(1, FQ), k);
  });
  // ξ(c0 + c1 u) = (9c0 − c1) + (c0 + 9c1) u, by additions
  const mulXi = define('fq2MulXi', 2, (f, p) => {
    const n0 = f.temp(FQ), n1 = f.temp(FQ);
    for (const [n, c] of [[n0, p(1)], [n1, p(1, FQ)]] as const) {
      f.call(fq.add, n, c, c); f.call(fq.add, n, n, n); f.call(fq.add, n, n, n); f.call(fq.add, n, n, c);
    }
    f.call(fq.add, n1, n1, p(1));
    f.call(fq.sub, p(0), n0, p(1, FQ));
    f.copy(p(0, FQ), n1, FQ);
  });

  // ---- Fq⁶ ----
  const each3 = (fn: number) => (f: ElementFunction, p: (i: number, o?: number) => Address) => {
    for (let i = 0; i < 3; i++) f.call(fn, p(0, i * FQ2), p(1, i * FQ2), p(2, i * FQ2));
  };
  const add6 = define('fq6Add', 3, each3(add2));
  const sub6 = define('fq6Sub', 3, each3(sub2));
  // Karatsuba over Fq²: with t_i = a_i b_i, c0 = t0 + ξ((a1 + a2)(b1 + b2) − t1 − t2),
  // c1 = (a0 + a1)(b0 + b1) − t0 − t1 + ξ t2, c2 = (a0 + a2)(b0 + b2) − t0 − t2 + t1
  const mul6 = define('fq6Mul', 3, (f, p) => {
    const t0 = f.temp(FQ2), t1 = f.temp(FQ2), t2 = f.temp(FQ2), x = f.temp(FQ2), y = f.temp(FQ2);
    const c0 = f.temp(FQ2), c1 = f.temp(FQ2), c2 = f.temp(FQ2);
    const a = (i: number) => p(1, i * FQ2), b = (i: number) => p(2, i * FQ2);
    f.call(mul2, t0, a(0), b(0)); f.call(mul2, t1, a(1), b(1)); f.call(mul2, t2, a(2), b(2));
    f.call(add2, x, a(1), a(2)); f.call(add2, y, b(1), b(2)); f.call(mul2, c0, x, y);
    f.call(sub2, c0, c0, t1); f.call(sub2, c0, c0, t2); f.call(mulXi, c0, c0); f.call(add2, c0, c0, t0);
    f.call(add2, x, a(0), a(1)); f.call(add2, y, b(0), b(1)); f.call(mul2, c1, x, y);
    f.call(sub2, c1, c1, t0); f.call(sub2, c1, c1, t1); f.call(mulXi, x, t2); f.call(add2, c1, c1, x);
    f.call(add2, x, a(0), a(2)); f.call(add2, y, b(0), b(2)); f.call(mul2, c2, x, y);
    f.call(sub2, c2, c2, t0); f.call(sub2, c2, c2, t2); f.call(add2, c2, c2, t1);
    f.copy(p(0), c0, FQ6);
  });
  // (x0 + x1 v + x2 v²)·v = ξ x2 + x0 v + x1 v²
  const mulV6 = define('fq6MulV', 2, (f, p) => {
    const t = f.temp(FQ2);
    f.call(mulXi, t, p(1, 2 * FQ2));
    f.copy(p(0, 2 * FQ2), p(1, FQ2), FQ2);
    f.copy(p(0, FQ2), p(1), FQ2);
    f.copy(p(0), t, FQ2);
  });
  // x·(s0 + s1 v): c0 = x0 s0 + ξ x2 s1, c1 = (x0 + x1)(s0 + s1) − x0 s0 − x1 s1, c2 = x1 s1 + x2 s0
  const mul01 = (f: ElementFunction, o: Address, x: Address, s0: Address, s1: Address) => {
    const m0 = f.temp(FQ2), m1 = f.temp(FQ2), u = f.temp(FQ2), v = f.temp(FQ2), c = f.temp(FQ6);
    const xi = (i: number) => at(x, i * FQ2), ci = (i: number) => at(c, i * FQ2);
    f.call(mul2, m0, xi(0), s0); f.call(mul2, m1, xi(1), s1);
    f.call(mul2, u, xi(2), s1); f.call(mulXi, u, u); f.call(add2, ci(0), m0, u);
    f.call(add2, u, xi(0), xi(1)); f.call(add2, v, s0, s1); f.call(mul2, ci(1), u, v);
    f.call(sub2, ci(1), ci(1), m0); f.call(sub2, ci(1), ci(1), m1);
    f.call(mul2, u, xi(2), s0); f.call(add2, ci(2), m1, u);
    f.copy(o, c, FQ6);
  };

  // ---- Fq¹² ----
  const g = (a: Address) => a, h = (a: Address) => at(a, FQ6);
  // (g + h w)(g' + h' w) = gg' + hh' v + ((g + h)(g' + h') − gg' − hh') w
  define('fq12Mul', 3, (f, p) => {
    const t0 = f.temp(FQ6), t1 = f.temp(FQ6), x = f.temp(FQ6), y = f.temp(FQ6);
    f.call(mul6, t0, g(p(1)), g(p(2))); f.call(mul6, t1, h(p(1)), h(p(2)));
    f.call(add6, x, g(p(1)), h(p(1))); f.call(add6, y, g(p(2)), h(p(2))); f.call(mul6, x, x, y);
    f.call(sub6, x, x, t0); f.call(sub6, h(p(0)), x, t1);
    f.call(mulV6, t1, t1); f.call(add6, g(p(0)), t0, t1);
  });
  // (g + h w)² = (g + h)(g + h v) − t − t v + 2t w with t = gh
  define('fq12Sqr', 2, (f, p) => {
    const t = f.temp(FQ6), x = f.temp(FQ6), y = f.temp(FQ6);
    f.call(mul6, t, g(p(1)), h(p(1)));
    f.call(add6, x, g(p(1)), h(p(1))); f.call(mulV6, y, h(p(1))); f.call(add6, y, y, g(p(1))); f.call(mul6, x, x, y);
    f.call(sub6, x, x, t); f.call(mulV6, y, t); f.call(sub6, g(p(0)), x, y);
    f.call(add6, h(p(0)), t, t);
  });
  define('fq12Conj', 2, (f, p) => {
    f.copy(g(p(0)), g(p(1)), FQ6);
    for (let i = 0; i < 6; i++) f.call(fq.sub, p(0, FQ6 + i * FQ), ZERO, p(1, FQ6 + i * FQ));
  });
  // f·(l0 + (l3 + l4 v) w), a Miller-loop line: with A = l0, B = l3 + l4 v,
  // (g + h w)(A + B w) = gA + hB v + ((g + h)(A + B) − gA − hB) w
  const mulByLine = (f: ElementFunction, o: Address, x: Address, l0: Address, l3: Address, l4: Address) => {
    const gA = f.temp(FQ6), hB = f.temp(FQ6), s = f.temp(FQ6), l = f.temp(FQ2);
    for (let i = 0; i < 3; i++) f.call(mul2, at(gA, i * FQ2), at(g(x), i * FQ2), l0);
    mul01(f, hB, h(x), l3, l4);
    f.call(add6, s, g(x), h(x)); f.call(add2, l, l0, l3);
    mul01(f, s, s, l, l4);
    f.call(sub6, s, s, gA); f.call(sub6, h(o), s, hB);
    f.call(mulV6, hB, hB); f.call(add6, g(o), gA, hB);
  };
  define('fq12MulByLine', 5, (f, p) => mulByLine(f, p(0), p(1), p(2), p(3), p(4)));
  // Frobenius: Σ f_k w^k ↦ Σ f̄_k γ_k w^k, f̄ the conjugate for odd n, γ_k = ξ^(k(q^n − 1)/6)
  for (const n of [1, 2, 3]) {
    define(`fq12Frobenius${n}`, 2, (f, p) => {
      const c = f.temp(FQ2);
      for (let k = 0; k < 6; k++) {
        const src = p(1, W_POWER_AT[k]), dst = p(0, W_POWER_AT[k]);
        if (n % 2 === 1) { f.copy(c, src, FQ); f.call(fq.sub, at(c, FQ), ZERO, at(src, FQ)); } else f.copy(c, src, FQ2);
        if (k === 0) f.copy(dst, c, FQ2); else f.call(mul2, dst, c, absolute(frobeniusAt(n, k)));
      }
    });
  }
  // Granger–Scott squaring in the cyclotomic subgroup: over Fq⁴ = Fq²[s]/(s² − ξ), s = w³,
  // A = f0 + f3 s, B = f1 + f4 s, C = f2 + f5 s, the square is (3A² − 2Ā) + (3sC² + 2B̄) w + (3B² − 2C̄) w²
  define('fq12CyclotomicSqr', 2, (f, p) => {
    const out = f.temp(FQ12), xx = f.temp(FQ2), yy = f.temp(FQ2), ss = f.temp(FQ2), lo = f.temp(FQ2), hi = f.temp(FQ2);
    const coeff = (a: Address, k: number) => at(a, W_POWER_AT[k]);
    /** (x + y s)² = x² + ξ y² + ((x + y)² − x² − y²) s into lo, hi */
    const fq4Sqr = (x: Address, y: Address) => {
      f.call(sqr2, xx, x); f.call(sqr2, yy, y); f.call(add2, ss, x, y); f.call(sqr2, ss, ss);
      f.call(sub2, hi, ss, xx); f.call(sub2, hi, hi, yy);
      f.call(mulXi, yy, yy); f.call(add2, lo, xx, yy);
    };
    /** dst = 3t − 2z (sign −1) or 3t + 2z (sign 1) */
    const threeTwo = (dst: Address, t: Address, z: Address, sign: number) => {
      f.call(sign < 0 ? sub2 : add2, dst, t, z); f.call(add2, dst, dst, dst); f.call(add2, dst, dst, t);
    };
    const a = p(1);
    fq4Sqr(coeff(a, 0), coeff(a, 3));
    threeTwo(coeff(out, 0), lo, coeff(a, 0), -1); threeTwo(coeff(out, 3), hi, coeff(a, 3), 1);
    fq4Sqr(coeff(a, 1), coeff(a, 4));
    threeTwo(coeff(out, 2), lo, coeff(a, 2), -1); threeTwo(coeff(out, 5), hi, coeff(a, 5), 1);
    fq4Sqr(coeff(a, 2), coeff(a, 5));
    f.call(mulXi, hi, hi);
    threeTwo(coeff(out, 1), hi, coeff(a, 1), 1); threeTwo(coeff(out, 4), lo, coeff(a, 4), -1);
    f.copy(p(0), out, FQ12);
  });

  // ---- the Miller loop's steps (the formulas of bn254-pairing.ts) ----
  const X = (t: Address) => t, Y = (t: Address) => at(t, FQ2), Z = (t: Address) => at(t, 2 * FQ2);
  /** f ← f·line(P) for the line py·y_P + px·x_P·w + c·w³ */
  const lineAtP = (f: ElementFunction, fp: Address, py: Address, px: Address, c: Address, pt: Address) => {
    f.call(mul2Fq, py, py, at(pt, FQ)); f.call(mul2Fq, px, px, pt);
    mulByLine(f, fp, fp, py, px, c);
  };
  // 2T and the tangent at T: (−2YZ)·y_P + 3X²·x_P·w + (3b'Z² − Y²)·w³
  define('millerDouble', 3, (f, p) => {
    const t = p(1);
    const yy = f.temp(FQ2), yz2 = f.temp(FQ2), b3 = f.temp(FQ2), b9 = f.temp(FQ2), xx = f.temp(FQ2);
    const py = f.temp(FQ2), px = f.temp(FQ2), c = f.temp(FQ2), u = f.temp(FQ2), v = f.temp(FQ2);
    f.call(sqr2, yy, Y(t)); f.call(mul2, yz2, Y(t), Z(t)); f.call(add2, yz2, yz2, yz2);
    f.call(sqr2, b3, Z(t)); f.call(mul2, b3, b3, absolute(CONST.threeB));
    f.call(add2, b9, b3, b3); f.call(add2, b9, b9, b3);
    f.call(sqr2, xx, X(t));
    f.call(neg2, py, yz2); f.call(add2, px, xx, xx); f.call(add2, px, px, xx); f.call(sub2, c, b3, yy);
    // X' = ((Y² − 9b'Z²)·X·Y)/2, Y' = ((Y² + 9b'Z²)/2)² − 3(3b'Z²)², Z' = Y²·2YZ
    f.call(sub2, u, yy, b9); f.call(mul2, u, u, X(t)); f.call(mul2, u, u, Y(t));
    f.call(mul2Fq, X(t), u, absolute(CONST.half));
    f.call(add2, u, yy, b9); f.call(mul2Fq, u, u, absolute(CONST.half)); f.call(sqr2, u, u);
    f.call(sqr2, v, b3); f.call(sub2, u, u, v); f.call(sub2, u, u, v); f.call(sub2, Y(t), u, v);
    f.call(mul2, Z(t), yy, yz2);
    lineAtP(f, p(0), py, px, c, p(2));
  });
  // T + Q (Q affine) and the line through them: θ = Y − y_Q Z, λ = X − x_Q Z,
  // λ·y_P − θ·x_P·w + (θ x_Q − λ y_Q)·w³
  define('millerAdd', 4, (f, p) => {
    const t = p(1), qx = p(2), qy = p(2, FQ2);
    const theta = f.temp(FQ2), lambda = f.temp(FQ2), px = f.temp(FQ2), c = f.temp(FQ2), u = f.temp(FQ2);
    const l2 = f.temp(FQ2), l3 = f.temp(FQ2), l2x = f.temp(FQ2), e = f.temp(FQ2), py = f.temp(FQ2);
    f.call(mul2, u, qy, Z(t)); f.call(sub2, theta, Y(t), u);
    f.call(mul2, u, qx, Z(t)); f.call(sub2, lambda, X(t), u);
    f.copy(py, lambda, FQ2); f.call(neg2, px, theta);
    f.call(mul2, c, theta, qx); f.call(mul2, u, lambda, qy); f.call(sub2, c, c, u);
    f.call(sqr2, l2, lambda); f.call(mul2, l3, l2, lambda); f.call(mul2, l2x, l2, X(t));
    // e = λ³ − 2λ²X + θ²Z; X' = λe, Y' = (λ²X − e)θ − λ³Y, Z' = Zλ³
    f.call(sub2, e, l3, l2x); f.call(sub2, e, e, l2x); f.call(sqr2, u, theta); f.call(mul2, u, u, Z(t)); f.call(add2, e, e, u);
    f.call(mul2, X(t), lambda, e);
    f.call(sub2, u, l2x, e); f.call(mul2, u, u, theta); f.call(mul2, l2, l3, Y(t)); f.call(sub2, Y(t), u, l2);
    f.call(mul2, Z(t), Z(t), l3);
    lineAtP(f, p(0), py, px, c, p(3));
  });

  // ---- Poseidon's rounds over Fr, per width t: (state, the round's t constants, the t × t MDS
  // matrix by rows). A round adds the constants, applies x⁵ to every element (a full round) or to
  // the first (a partial one), then multiplies by the matrix.
  for (const t of POSEIDON_WIDTHS) {
    for (const full of [true, false]) {
      define(`poseidon${full ? 'Full' : 'Partial'}${t}`, 3, (f, p) => {
        const x2 = f.temp(FQ), x4 = f.temp(FQ), next = f.temp(t * FQ), product = f.temp(FQ);
        const s = (i: number) => p(0, i * FQ);
        for (let i = 0; i < t; i++) {
          f.call(fr.add, s(i), s(i), p(1, i * FQ));
          if (full || i === 0) { f.call(fr.mul, x2, s(i), s(i)); f.call(fr.mul, x4, x2, x2); f.call(fr.mul, s(i), x4, s(i)); }
        }
        for (let row = 0; row < t; row++) {
          const acc = at(next, row * FQ);
          f.call(fr.mul, acc, p(2, row * t * FQ), s(0));
          for (let j = 1; j < t; j++) { f.call(fr.mul, product, p(2, (row * t + j) * FQ), s(j)); f.call(fr.add, acc, acc, product); }
        }
        f.copy(p(0), next, t * FQ);
      });
    }
  }
  return w.bytes();
}
