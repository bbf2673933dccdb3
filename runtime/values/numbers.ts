// Pact's numbers: unbounded integers (a JS number while it is a safe integer, a BigInt beyond
// 2^53) and exact decimals (BigInt mantissa + 0..255 places, Haskell Data.Decimal semantics).
//
// Why BigInt and not decimal.js/long: Pact integers are unbounded and decimals are an integer
// mantissa with a small scale; native BigInt gives exact arithmetic with no precision setting to
// get wrong, and the number fast path keeps everyday arithmetic allocation-free.

import { PactDecimal } from '../../vm/values.js';
import { checkedInteger } from '../../vm/limits.js';

export type PactInt = number | bigint;

/** Largest number of decimal places Pact keeps (Word8 places, results rounded to 255). */
export const MAX_PLACES = 255;

const MAX_SAFE = BigInt(Number.MAX_SAFE_INTEGER);
const MIN_SAFE = -MAX_SAFE;

/** Canonical form: a number when it is a safe integer, otherwise a bigint. */
export function normInt(b: bigint): PactInt {
  return b <= MAX_SAFE && b >= MIN_SAFE ? Number(b) : b;
}

export function toBig(i: PactInt): bigint {
  return typeof i === 'bigint' ? i : BigInt(i); // BigInt() of a bigint is a runtime call
}

export function isInt(v: unknown): v is PactInt {
  return typeof v === 'number' || typeof v === 'bigint';
}

export function intAdd(a: PactInt, b: PactInt): PactInt {
  if (typeof a === 'number' && typeof b === 'number') {
    const r = a + b;
    if (Number.isSafeInteger(r)) return r;
  }
  return normInt(toBig(a) + toBig(b));
}

export function intSub(a: PactInt, b: PactInt): PactInt {
  if (typeof a === 'number' && typeof b === 'number') {
    const r = a - b;
    if (Number.isSafeInteger(r)) return r;
  }
  return normInt(toBig(a) - toBig(b));
}

export function intMul(a: PactInt, b: PactInt): PactInt {
  if (typeof a === 'number' && typeof b === 'number') {
    const r = a * b;
    if (Number.isSafeInteger(r)) return r === 0 ? 0 : r; // no -0
  }
  return checkedInteger(normInt(toBig(a) * toBig(b)));
}

/** Haskell `div`: floor division. Caller checks for a zero divisor. */
export function intDiv(a: PactInt, b: PactInt): PactInt {
  if (typeof a === 'number' && typeof b === 'number') {
    // a - a % b is an exact multiple of b, so this division is exact (no float rounding).
    const rem = a % b;
    let q = (a - rem) / b;
    if (rem * b < 0) q -= 1; // a remainder of the other sign than b: truncation went up
    return q === 0 ? 0 : q;
  }
  const x = toBig(a), y = toBig(b);
  return normInt((x - floorMod(x, y)) / y);
}

/** x mod y with the divisor's sign (the sum is exact for bigints, unlike for floats). */
const floorMod = (x: bigint, y: bigint): bigint => (x % y + y) % y;

/** Haskell `mod`: the result takes the sign of the divisor. */
export function intMod(a: PactInt, b: PactInt): PactInt {
  if (typeof a === 'number' && typeof b === 'number') {
    const r = a % b;
    return r * b < 0 ? r + b : r === 0 ? 0 : r;
  }
  return normInt(floorMod(toBig(a), toBig(b)));
}

export function intNeg(a: PactInt): PactInt {
  return typeof a === 'number' ? (a === 0 ? 0 : -a) : normInt(-a);
}

export function intCmp(a: PactInt, b: PactInt): number {
  // JS compares a number with a bigint exactly, so no conversion is needed
  return a < b ? -1 : a > b ? 1 : 0;
}

/** Bit length of |x| (0 for 0): Pact's `nbits`, used by the gas formulas. No strings: O(1) for a
 *  number, O(words) for a bigint (it is computed on every metered integer operation). */
export function bitLength(x: PactInt): number {
  if (typeof x === 'number') {
    const a = Math.abs(x);
    if (a < 2 ** 32) return 32 - Math.clz32(a); // clz32(0) = 32
    return 64 - Math.clz32(Math.floor(a / 2 ** 32)); // exact: a is a safe integer
  }
  return bigBitLength(x, Number(x));
}

/** Bit length of the signed larger of two integers (the integer gas formulas size by it, gas.md
 *  §2.3: signed, not absolute). Integers are canonical (a bigint lies beyond the safe range), so
 *  a mixed pair is decided by the bigint's sign, read from the same float that sizes it. */
export function largerBitLength(l: PactInt, r: PactInt): number {
  if (typeof l === 'number') return typeof r === 'number' ? bitLength(l > r ? l : r) : mixedLargerBitLength(r, l);
  if (typeof r === 'number') return mixedLargerBitLength(l, r);
  return bitLength(l > r ? l : r);
}

function mixedLargerBitLength(big: bigint, small: number): number {
  // a positive bigint near the size of the last huge one (a growing accumulator) answers with
  // one shift, its sign included
  const windowed = windowBitLength(big);
  if (windowed > 0) return windowed;
  const f = Number(big);
  return f > 0 ? bigBitLength(big, f) : bitLength(small);
}

/** Bit length of x given f = Number(x): one read of the top words answers for the common small
 *  bigint (a decimal's mantissa), its exponent for any x below 2^1024; each BigInt operation is
 *  a runtime call, so the sign comes from f and x is negated only where its digits are needed. */
function bigBitLength(x: bigint, f: number): number {
  if (f < 2 ** 53 && f > -(2 ** 53)) return bitLength(Math.abs(f));
  // a finite float means below 2^1024: its exponent answers (Infinity also covers the few values
  // just below 2^1024 that round up, which the shifting path handles)
  if (f !== Infinity && f !== -Infinity) return floatBitLength(x, f);
  return hugeBitLength(f < 0 ? -x : x);
}

const TWO_1024 = 1n << 1024n;
/** POWERS[j] = 2^(1024·2^j), built on demand: comparing with one is O(1) for a different length. */
const POWERS: bigint[] = [TWO_1024];
function power(j: number): bigint {
  let p = POWERS[j];
  if (p === undefined) p = POWERS[j] = 1n << BigInt(1024 * 2 ** j);
  return p;
}
/** A shift that left a few words last time: consecutive sizes are alike (a growing accumulator),
 *  so it usually fits again, and one shift down to a word or two, read as a float, answers (each
 *  BigInt operation costs by the words it reads and makes: a shift that keeps 512 bits and the
 *  float of those cost 2–3× as much). */
let lastShift = 0;
let lastShiftBig = 0n;
/** bits kept below the top when the shift is chosen, and how far the top may grow before the
 *  shift is chosen again (it still answers up to 1024 bits, only slower) */
const KEPT_BITS = 40;
const REGROW_BITS = 200;

function shiftFor(bits: number): void {
  lastShift = bits - KEPT_BITS;
  lastShiftBig = BigInt(lastShift);
}

/** a ≥ 2^1024: shift off all but a few words and read the rest's float exponent. */
function hugeBitLength(a: bigint): number {
  const windowed = windowBitLength(a);
  if (windowed > 0) return windowed;
  const bits = searchedBitLength(a);
  shiftFor(bits);
  return bits;
}

/** The bit length of a when a > 0 and a >> lastShift is below 2^1024 (exactly when that top's
 *  float is positive and finite, bar the few tops that round up to Infinity), else 0. */
function windowBitLength(a: bigint): number {
  if (lastShift === 0) return 0;
  const top = a >> lastShiftBig;
  const g = Number(top);
  if (!(g > 0 && g !== Infinity)) return 0;
  const bits = lastShift + floatBitLength(top, g);
  if (bits - lastShift > REGROW_BITS) shiftFor(bits);
  return bits;
}

/** Shift off the largest cached power of two below a until a float can hold the rest
 *  (comparisons with the powers are O(1); each shift is linear in what is left). */
function searchedBitLength(a: bigint): number {
  let bits = 0;
  for (;;) {
    let j = 0;
    while (a >= power(j + 1)) j++;
    const shift = 1024 * 2 ** j;
    a >>= BigInt(shift);
    bits += shift;
    if (a < TWO_1024) return bits + smallBitLength(a);
  }
}

const FLOAT = new Float64Array(1);
const FLOAT_WORDS = new Uint32Array(FLOAT.buffer);
const HIGH = new Uint8Array(new Uint32Array([1]).buffer)[0] === 1 ? 1 : 0; // the word holding the exponent

/** 2^e for e ≤ 1024, each made on first use (a table made while loading cost every process
 *  ~1 ms): bigint comparisons are fast builtins, mixed ones are not. */
const POWERS_OF_TWO: (bigint | undefined)[] = new Array<bigint | undefined>(1025).fill(undefined);
const powerOfTwo = (e: number): bigint => POWERS_OF_TWO[e] ??= 1n << BigInt(e);

/** Bit length of 0 ≤ a < 2^1024 from its float's exponent, corrected when rounding went up a power. */
function smallBitLength(a: bigint): number {
  if (a === 0n) return 0;
  const f = Number(a);
  if (f === Infinity) return 1024; // a in [2^1024 - 2^970, 2^1024) rounds up beyond the floats
  return floatBitLength(a, f);
}

/** Bit length of 0 < |a| < 2^1024 given f = Number(a), finite and not 0. */
function floatBitLength(a: bigint, f: number): number {
  FLOAT[0] = f; // the sign bit lies outside the exponent and mantissa bits read here
  const high = FLOAT_WORDS[HIGH];
  const exponent = ((high >>> 20) & 0x7ff) - 1023;
  // a float that is exactly 2^e may be `a` rounded up from below 2^e (bit length e, not e + 1);
  // the comparison with 2^e is only made when the float's mantissa bits are all zero
  if ((high & 0xfffff) === 0 && FLOAT_WORDS[1 - HIGH] === 0 && (f < 0 ? -a : a) < powerOfTwo(exponent)) return exponent;
  return exponent + 1;
}

// ---------------------------------------------------------------------------------------------
// Decimals

export { PactDecimal };

export function decFromInt(i: PactInt): PactDecimal {
  return new PactDecimal(toBig(i), 0);
}

/** 10^0 .. 10^255 (every decimal scale), each made on first use. */
const POW10: (bigint | undefined)[] = new Array<bigint | undefined>(MAX_PLACES + 1).fill(undefined);
export function pow10(n: number): bigint {
  return n <= MAX_PLACES ? POW10[n] ??= 10n ** BigInt(n) : 10n ** BigInt(n);
}

/** Mantissa rescaled to `places` (places >= d.places). */
function scaledTo(d: PactDecimal, places: number): bigint {
  return places === d.places ? d.mantissa : d.mantissa * pow10(places - d.places);
}

/** Sums and differences at the larger scale, but a zero operand brings no places: the result
 *  is then the other operand (negated for 0 - b), and two zeros give 0 with none (Data.Decimal's
 *  `roundMax`). */
const ZERO = new PactDecimal(0n, 0);

export function decAdd(a: PactDecimal, b: PactDecimal): PactDecimal {
  if (a.mantissa === 0n) return b.mantissa === 0n ? ZERO : b;
  if (b.mantissa === 0n) return a;
  const p = Math.max(a.places, b.places);
  return new PactDecimal(scaledTo(a, p) + scaledTo(b, p), p);
}

export function decSub(a: PactDecimal, b: PactDecimal): PactDecimal {
  if (a.mantissa === 0n) return b.mantissa === 0n ? ZERO : decNeg(b);
  if (b.mantissa === 0n) return a;
  const p = Math.max(a.places, b.places);
  return new PactDecimal(scaledTo(a, p) - scaledTo(b, p), p);
}

/** Divide n by d (d > 0) rounding half to even. */
export function roundHalfEven(n: bigint, d: bigint): bigint {
  let q = n / d;
  let r = n % d;
  if (r < 0n) { r = -r; }
  const twice = r * 2n;
  const neg = n < 0n;
  if (twice > d || (twice === d && (q % 2n !== 0n))) q += neg ? -1n : 1n;
  return q;
}

/** 10^128, 10^64, …, 10^2, 10^1 */
const ZERO_RUNS = [128, 64, 32, 16, 8, 4, 2, 1].map(k => 10n ** BigInt(k));

/** Strip trailing zeros (Data.Decimal's normalisation after * and /). A terminating division's
 *  255 places end in up to 253 zeros: runs of 128 come off first, then what is left (fewer than
 *  128 zeros) in one pass over 10^64 … 10^1, instead of one bigint division per zero. */
export function decNormalize(d: PactDecimal): PactDecimal {
  let m = d.mantissa, p = d.places;
  if (p === 0 || m % 10n !== 0n) return d;
  while (p >= 128 && m % ZERO_RUNS[0] === 0n) { m /= ZERO_RUNS[0]; p -= 128; }
  for (let j = 1, k = 64; k >= 1; j++, k >>= 1) if (p >= k && m % ZERO_RUNS[j] === 0n) { m /= ZERO_RUNS[j]; p -= k; }
  return new PactDecimal(m, p);
}

/** Round the exact rational num/den to at most 255 places, half-even, then normalise. */
export function decFromRational(num: bigint, den: bigint): PactDecimal {
  if (den < 0n) { num = -num; den = -den; }
  const m = roundHalfEven(num * pow10(MAX_PLACES), den);
  return decNormalize(new PactDecimal(m, MAX_PLACES));
}

export function decMul(a: PactDecimal, b: PactDecimal): PactDecimal {
  const places = a.places + b.places;
  const m = checkedInteger(a.mantissa * b.mantissa, 'decimal');
  if (places <= MAX_PLACES) return decNormalize(new PactDecimal(m, places));
  return decNormalize(new PactDecimal(roundHalfEven(m, pow10(places - MAX_PLACES)), MAX_PLACES));
}

/** Caller checks for a zero divisor. */
export function decDiv(a: PactDecimal, b: PactDecimal): PactDecimal {
  // a/b = (ma/10^pa) / (mb/10^pb) = ma*10^pb / (mb*10^pa)
  return decFromRational(a.mantissa * pow10(b.places), b.mantissa * pow10(a.places));
}

export function decNeg(a: PactDecimal): PactDecimal {
  return new PactDecimal(-a.mantissa, a.places);
}

export function decAbs(a: PactDecimal): PactDecimal {
  return a.mantissa < 0n ? new PactDecimal(-a.mantissa, a.places) : a;
}

export function decCmp(a: PactDecimal, b: PactDecimal): number {
  const p = Math.max(a.places, b.places);
  const x = scaledTo(a, p), y = scaledTo(b, p);
  return x < y ? -1 : x > y ? 1 : 0;
}

export function decIsIntegral(d: PactDecimal): boolean {
  return d.places === 0 || d.mantissa % pow10(d.places) === 0n;
}

export type RoundMode = 'round' | 'floor' | 'ceiling';

/** Round to `places` decimal places with the given mode; result has exactly `places` places. */
export function decRoundTo(d: PactDecimal, places: number, mode: RoundMode): PactDecimal {
  if (places >= d.places) return new PactDecimal(scaledTo(d, places), places);
  const div = pow10(d.places - places);
  const m = d.mantissa;
  let q: bigint;
  if (mode === 'round') q = roundHalfEven(m, div);
  else {
    q = m / div;
    const r = m % div;
    if (r !== 0n) {
      if (mode === 'floor' && m < 0n) q -= 1n;
      if (mode === 'ceiling' && m > 0n) q += 1n;
    }
  }
  return new PactDecimal(q, places);
}

/** Round to an integer (the 1-argument round/floor/ceiling). */
export function decToInt(d: PactDecimal, mode: RoundMode): PactInt {
  return normInt(decRoundTo(d, 0, mode).mantissa);
}

/** Exact text at the decimal's own scale: `1.50`, `-0.5`, `3` (no `.0` added). */
export function decDigits(d: PactDecimal): string {
  const neg = d.mantissa < 0n;
  let s = (neg ? -d.mantissa : d.mantissa).toString();
  if (d.places === 0) return (neg ? '-' : '') + s;
  if (s.length <= d.places) s = '0'.repeat(d.places - s.length + 1) + s;
  const cut = s.length - d.places;
  return (neg ? '-' : '') + s.slice(0, cut) + '.' + s.slice(cut);
}

/** `show`/`format` text: scale 0 gets `.0`, otherwise exact digits at the scale. */
export function decShow(d: PactDecimal): string {
  return d.places === 0 ? decDigits(d) + '.0' : decDigits(d);
}

/** REPL printer text: integral values print as `<int>.0`, others at their scale. */
export function decPretty(d: PactDecimal): string {
  if (decIsIntegral(d)) {
    return (d.mantissa / pow10(d.places)).toString() + '.0';
  }
  return decDigits(d);
}
