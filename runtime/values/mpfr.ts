// Pact's transcendental arithmetic (natives.md §0.5): MPFR at its default 53-bit precision.
// An operand (an exact decimal) is first rounded to the nearest 53-bit binary float, the
// function's exact result is rounded to 53 bits (nearest, ties to even), and that binary value
// is then converted exactly to a decimal (≤ 255 places, normalised).
//
// Why not Math.exp/Math.log: JS does not promise correctly rounded results, and MPFR's exponent
// range is far wider than a double's (exp 1000 is a finite 53-bit number there). So values are
// (mantissa, exponent) pairs over BigInt, and each function is evaluated in fixed point with
// extra bits until the rounding to 53 bits is certain (Ziv's strategy).

import { PactDecimal } from '../../vm/values.js';
import { decFromRational, pow10 } from './numbers.js';

/** A non-zero binary float: (-1)^neg · m · 2^e with m < 2^53. */
export interface BinFloat { neg: boolean; m: bigint; e: number }
export type TransResult = BinFloat | 'zero' | 'nan' | 'inf';

const PREC = 53;
/** MPFR's default exponent range: values are 0.1xxx₂ · 2^E with E in [1-2^30, 2^30-1]. */
const EMAX = 2 ** 30 - 1;
const EMIN = 1 - 2 ** 30;

/** Bit length of x ≥ 0 (0 for 0). */
export function bitLen(x: bigint): number {
  // toString(16) is fast; refine by the top digit (clz32(0) = 32 makes 0 come out as 0)
  const hex = x.toString(16);
  return (hex.length - 1) * 4 + (32 - Math.clz32(parseInt(hex[0], 16)));
}

/** x·2^n rounded toward -∞: a BigInt shift by a negative count shifts the other way. */
const shl = (x: bigint, n: number): bigint => x << BigInt(n);

/** Round num/den (den > 0, num ≠ 0) to a 53-bit float, nearest with ties to even. */
export function roundRational(num: bigint, den: bigint): BinFloat {
  if (num === 0n) throw new Error('roundRational: zero');
  const neg = num < 0n;
  const a = neg ? -num : num;
  // choose s so that q = ⌊a·2^s / den⌋ has exactly 53 bits
  let s = PREC - (bitLen(a) - bitLen(den));
  let q: bigint, r: bigint, d: bigint;
  for (;;) {
    const n = s >= 0 ? a << BigInt(s) : a;
    d = s >= 0 ? den : den << BigInt(-s);
    q = n / d;
    r = n - q * d;
    const bl = bitLen(q);
    if (bl === PREC) break;
    s += PREC - bl;
  }
  const twice = r * 2n;
  if (twice > d || (twice === d && (q & 1n) === 1n)) {
    q += 1n;
    if (q === 1n << BigInt(PREC)) { q >>= 1n; s -= 1; }
  }
  return { neg, m: q, e: -s };
}

/** The 53-bit float nearest to a decimal (mpfr_set_q); null for zero. */
export function decimalToFloat(d: PactDecimal): BinFloat | null {
  if (d.mantissa === 0n) return null;
  return roundRational(d.mantissa, pow10(d.places));
}

/** The exact value of a float as a Pact decimal (mpfr_get_q, then Decimal's fromRational). */
export function floatToDecimal(r: BinFloat | 'zero'): PactDecimal {
  if (r === 'zero') return new PactDecimal(0n, 0);
  const m = r.neg ? -r.m : r.m;
  return decFromRational(m << BigInt(Math.max(r.e, 0)), 1n << BigInt(Math.max(-r.e, 0)));
}

/** MPFR exponent of a float (value = 0.1xxx · 2^E). */
const mpfrExp = (f: BinFloat): number => f.e + bitLen(f.m);

function checkRange(f: BinFloat): TransResult {
  const E = mpfrExp(f);
  if (E > EMAX) return 'inf';
  if (E < EMIN) return 'zero';
  return f;
}

const TOP_BIT = 1n << 52n;
/** Is the float exactly 1? (operands come from roundRational, which always gives a 53-bit
 *  mantissa: 1 is 2^52·2^-52) */
const isOne = (f: BinFloat): boolean => !f.neg && f.e === -52 && f.m === TOP_BIT;

/** Round A·2^shift ± err·2^shift (A > 0) if both ends round alike; null when undecided. */
function roundIfCertain(A: bigint, err: bigint, shift: number): BinFloat | null {
  const lo = A - err, hi = A + err;
  if (lo <= 0n) return null;
  // both ends are positive: the same mantissa and exponent is the same float
  const a = roundScaled(lo, shift), b = roundScaled(hi, shift);
  return a.m === b.m && a.e === b.e ? a : null;
}

/** Round the integer X·2^shift: scaling by a power of two commutes with the rounding. */
function roundScaled(X: bigint, shift: number): BinFloat {
  const f = roundRational(X, 1n);
  return { neg: f.neg, m: f.m, e: f.e + shift };
}

/** After this many bits an undecided rounding is an exact tie (algebraic results only). */
const MAX_WORK = 1 << 13;

// ---------------------------------------------------------------------------------------------
// Fixed-point kernels: values are integers V standing for V / 2^W.

/** a·b / 2^W truncated toward zero (an arithmetic shift would stick at -1 for negative terms) */
const mulFix = (a: bigint, b: bigint, W: number): bigint => (a * b) / (1n << BigInt(W));

/** ln 2 by working precision, filled as precisions are first used. Exported for tests, which empty
 *  it to run as a fresh process does (an earlier computation in the process may have filled it). */
export const ln2Cache = new Map<number, bigint>();

/** ln 2 at W fractional bits, error < 2 units: ln 2 = 2·atanh(1/3). */
function ln2Fixed(W: number): bigint {
  let v = ln2Cache.get(W);
  if (v === undefined) {
    v = 2n * atanhInv(3n, W + 4) >> 4n;
    ln2Cache.set(W, v);
  }
  return v;
}

/** atanh(1/k) at W bits = Σ 1/((2j+1)·k^(2j+1)). */
function atanhInv(k: bigint, W: number): bigint {
  const one = 1n << BigInt(W);
  let power = one / k; // 1/k^(2j+1)
  const k2 = k * k;
  let sum = 0n;
  for (let j = 1n; power !== 0n; j += 2n) {
    sum += power / j;
    power /= k2;
  }
  return sum;
}

/** ln(f) for f = F/2^W in [0.7, 1.42], as 2·atanh((f-1)/(f+1)); error < W/4 + 4 units. */
function lnNearOne(F: bigint, W: number): bigint {
  const one = 1n << BigInt(W);
  const z = ((F - one) << BigInt(W)) / (F + one);
  const z2 = mulFix(z, z, W);
  let term = z;
  let sum = 0n;
  for (let j = 1n; term !== 0n; j += 2n) {
    sum += term / j;
    term = mulFix(term, z2, W);
  }
  return 2n * sum;
}

/** ⌊√2·2^52⌋, the largest 53-bit mantissa below √2 */
const SQRT2_MANTISSA = isqrt(2n << 104n);

/** ln|x| at W fractional bits with its error bound in units. */
function lnFixed(x: BinFloat, W: number): { v: bigint; err: bigint } {
  // x = f · 2^t with f in [1/√2, √2)
  const bl = bitLen(x.m);
  let t = x.e + bl - 1;
  let F = shl(x.m, W - (bl - 1)); // f·2^W, f in [1, 2)
  // f > √2 ⟺ the (53-bit) mantissa exceeds ⌊√2·2^52⌋ (√2 is irrational: never equal)
  if (x.m > SQRT2_MANTISSA) { F >>= 1n; t += 1; }
  const tBits = bitLen(BigInt(Math.abs(t)));
  const ln2 = ln2Fixed(W + tBits + 2);
  const v = lnNearOne(F, W) + ((BigInt(t) * ln2) >> BigInt(tBits + 2));
  return { v, err: BigInt(W) + 16n };
}

/** exp(z) for z = Z/2^W: returns A and k with exp(z) ≈ A·2^(k-W), relative error ≤ err/2^W.
 *  Exported for its tests. */
export function expFixed(Z: bigint, W: number): { A: bigint; k: number; err: bigint } {
  // z = k·ln2 + r, |r| ≤ ln2/2
  const zApprox = Number(Z >> BigInt(Math.max(0, W - 60))) / 2 ** Math.min(W, 60);
  const k = Math.round(zApprox / Math.LN2);
  const kBits = bitLen(BigInt(Math.abs(k)));
  const s = Math.max(4, Math.ceil(Math.sqrt(W) / 2)); // halvings before the Taylor series
  const Wr = W + s + 8;
  const ln2 = ln2Fixed(Wr + kBits + 2);
  let r = shl(Z, Wr - W) - ((BigInt(k) * ln2) >> BigInt(kBits + 2));
  r >>= BigInt(s);
  const one = 1n << BigInt(Wr);
  let sum = one, term = one;
  for (let j = 1n; ; j++) {
    term = mulFix(term, r, Wr) / j;
    if (term === 0n) break;
    sum += term;
  }
  for (let i = 0; i < s; i++) sum = (sum * sum) >> BigInt(Wr);
  return { A: sum >> BigInt(s + 8), k, err: 64n + BigInt(W) };
}

// ---------------------------------------------------------------------------------------------
// The functions Pact calls (mpfr_exp, mpfr_log, mpfr_sqrt, mpfr_pow, log-base).

export function transExp(x: BinFloat | null): TransResult {
  if (x === null) return { neg: false, m: 1n, e: 0 };
  // |x| ≥ 2^30: e^|x| ≥ 2^(1.44·2^30) is beyond MPFR's exponent range (below 2^30 it may not be)
  const mag = mpfrExp(x);
  if (mag > 30) return x.neg ? 'zero' : 'inf';
  // e^x for a float x ≠ 0 is transcendental, never a midpoint: more bits always decide
  for (let W = 96; ; W *= 2) {
    const Wz = W + Math.max(0, mag) + 8;
    const Z = shl(x.neg ? -x.m : x.m, x.e + Wz);
    const { A, k, err } = expFixed(Z, Wz);
    // err is relative (units of 2^-Wz); the conversion of x to Z adds at most one more unit
    const absErr = ((err * A) >> BigInt(Wz)) + 4n;
    const f = roundIfCertain(A, absErr, k - Wz);
    if (f) return checkRange(f);
  }
}

export function transLn(x: BinFloat | null): TransResult {
  if (x === null) return 'inf'; // ln 0 = -inf
  if (x.neg) return 'nan';
  if (isOne(x)) return 'zero';
  // ln x for a float x ≠ 1 is transcendental, never a midpoint: more bits always decide
  for (let W = 96; ; W *= 2) {
    const { v, err } = lnFixed(x, W);
    const neg = v < 0n;
    const f = roundIfCertain(neg ? -v : v, err, -W);
    if (f) return { ...f, neg };
  }
}

/** ⌊√n⌋ for n > 0: Newton's steps down from a start above the root (n < 2^bitLen). */
function isqrt(n: bigint): bigint {
  let x = 1n << BigInt((bitLen(n) >> 1) + 1);
  for (;;) {
    const y = (x + n / x) >> 1n;
    if (y >= x) return x;
    x = y;
  }
}

export function transSqrt(x: BinFloat | null): TransResult {
  if (x === null) return 'zero';
  if (x.neg) return 'nan';
  let m = x.m, e = x.e;
  if (e % 2 !== 0) { m <<= 1n; e -= 1; }
  // √(m·2^60) = √m·2^30: the root keeps 4 bits beyond the 53 rounded to
  const q = isqrt(m << 60n);
  const extra = bitLen(q) - PREC;
  const top = q >> BigInt(extra);
  // the root of a 53-bit float is never a midpoint (its square would have a 107-bit odd part)
  // nor just below a power of two, so the truncated root rounds up exactly when its dropped
  // bits reach half, and never carries into a 54th bit
  const up = (q & ((1n << BigInt(extra)) - 1n)) >= 1n << BigInt(extra - 1) ? 1n : 0n;
  return checkRange({ neg: false, m: top + up, e: e / 2 - 30 + extra });
}

/** Is the float an integer, and if so its lowest bit (1n odd, 0n even)? */
function integerParity(y: BinFloat): bigint | null {
  if (y.e >= 1) return 0n;
  const frac = y.m & ((1n << BigInt(-y.e)) - 1n);
  if (frac !== 0n) return null;
  return (y.m >> BigInt(-y.e)) & 1n;
}

export function transPow(x: BinFloat | null, y: BinFloat | null): TransResult {
  if (y === null) return { neg: false, m: 1n, e: 0 };
  if (x === null) return y.neg ? 'inf' : 'zero';
  if (isOne(x)) return { neg: false, m: 1n, e: 0 };
  const parity = integerParity(y);
  if (x.neg && parity === null) return 'nan';
  const neg = x.neg && parity === 1n;
  // rough size of the result in bits: y · log2|x|, to detect overflow and underflow early
  const log2x = Math.log2(Number(x.m)) + x.e;
  const ySize = Number(y.m) * 2 ** y.e;
  const est = (y.neg ? -ySize : ySize) * log2x;
  if (est > EMAX + 64) return 'inf';
  if (est < EMIN - 64) return 'zero';
  // small integer exponents: the exact rational power, rounded once
  if (parity !== null && ySize <= 64) {
    const n = Number(y.m) * 2 ** y.e;
    const num = x.m ** BigInt(n), sh = x.e * n;
    const f = y.neg ? roundRational(1n, num) : roundRational(num, 1n);
    return checkRange({ neg, m: f.m, e: f.e + (y.neg ? -sh : sh) });
  }
  for (let W = 96; ; W *= 2) {
    const { A, shift, absErr } = powApprox(x, y, W);
    const f = roundIfCertain(A, absErr, shift) ?? exactTie(x, y, A, absErr, shift);
    if (f) return checkRange({ ...f, neg });
    if (W > MAX_WORK) return checkRange({ ...roundScaled(A, shift), neg });
  }
}

/** |x|^y = exp(y · ln|x|) ≈ A·2^shift, within absErr·2^shift, at about W bits. Exported for its
 *  tests (the bound must hold for every input, not only for those near a midpoint). */
export function powApprox(x: BinFloat, y: BinFloat, W: number): { A: bigint; shift: number; absErr: bigint } {
  const W1 = W + Math.max(0, mpfrExp(y)) + 16;
  const { v: lnx, err: lnErr } = lnFixed(x, W1); // ln|x|
  // z = y·ln|x| at W1 bits (y is m·2^e: exact product, then a shift)
  const Z = shl((y.neg ? -y.m : y.m) * lnx, y.e);
  const zErr = shl(y.m * lnErr, y.e) + 2n;
  const { A, k, err } = expFixed(Z, W1);
  const total = err + zErr * 2n;
  const absErr = ((total * A) >> BigInt(W1)) + 1n;
  return { A, shift: k - W1, absErr };
}

/**
 * When A·2^shift ± err straddles a midpoint M of two 53-bit neighbours, is |x|^y exactly M? Then
 * MPFR's rounding (ties to even) picks the even neighbour; no precision would ever decide it.
 * An algebraic result can be a midpoint only for y = n/2^d > 0 (n odd), with M^(2^d) = |x|^n.
 * Exported for its tests.
 */
export function exactTie(x: BinFloat, y: BinFloat, A: bigint, err: bigint, shift: number): BinFloat | null {
  if (y.neg || A <= err) return null;
  let n = y.m, d = -y.e;
  while ((n & 1n) === 0n) { n >>= 1n; d--; }
  if (d < 1 || d > 6) return null;
  // |x| = xo·2^xe with xo odd
  let xo = x.m, xe = x.e;
  while ((xo & 1n) === 0n) { xo >>= 1n; xe++; }
  // the midpoint just above the lower end's rounding: (2m + 1)·2^(e-1), odd part 54 bits
  const lo = roundScaled(A - err, shift);
  const midOdd = 2n * lo.m + 1n, midExp = lo.e - 1;
  if ((bitLen(xo) - 1) * Number(n) >= 54 << d) return null; // |x|^n has more bits than M^(2^d)
  if (BigInt(midExp) << BigInt(d) !== BigInt(xe) * n || midOdd ** (1n << BigInt(d)) !== xo ** n) return null;
  return (lo.m & 1n) === 0n ? lo : roundScaled(lo.m + 1n, lo.e);
}

/** MPFR division of two 53-bit floats, correctly rounded. */
function divFloats(a: BinFloat, b: BinFloat): BinFloat {
  const f = roundRational(a.m, b.m);
  return { neg: a.neg !== b.neg, m: f.m, e: f.e + a.e - b.e };
}

/** Pact's log-base: ln(x) / ln(base), each step rounded to 53 bits. */
export function transLogBase(base: BinFloat | null, x: BinFloat | null): TransResult {
  const lb = transLn(base), lx = transLn(x);
  if (lb === 'nan' || lx === 'nan') return 'nan';
  // ln 0 is -inf: finite / -inf = -0, which MPFR reports as a zero
  if (lb === 'inf') return lx === 'inf' ? 'nan' : 'zero';
  if (lx === 'inf') return 'inf'; // -inf over any finite ln, 0 included
  if (lx === 'zero') return lb === 'zero' ? 'nan' : 'zero';
  if (lb === 'zero') return 'inf';
  return checkRange(divFloats(lx, lb));
}
