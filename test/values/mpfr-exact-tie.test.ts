// exactTie (runtime/values/mpfr.ts), tested on its contract: given an interval A·2^shift ± err
// that straddles a midpoint M between two 53-bit floats, it answers M's even neighbour exactly
// when |x|^y = M, and null otherwise. pow only calls it when a real result lies that close to a
// midpoint, which no search finds for most of its refusals; here the intervals are constructed,
// so each refusal is checked on its own.

import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { exactTie, roundRational, transPow, type BinFloat } from '../../runtime/values/mpfr.js';

/** The 53-bit float num/2^den (exact for the values below). */
const float = (num: bigint, den = 0n): BinFloat => roundRational(num, 1n << den);

/** An interval A·2^-40 ± 2^-2 around the midpoint M = midOdd·2^midExp (midOdd odd, 54 bits):
 *  its lower end, M − 1/4 of M's unit, rounds to M's lower neighbour. */
function straddle(midOdd: bigint, midExp: number): { A: bigint; err: bigint; shift: number } {
  assert.is(midOdd.toString(2).length, 54);
  assert.is(midOdd & 1n, 1n);
  return { A: (midOdd << 40n) + 12345n, err: 1n << 38n, shift: midExp - 40 };
}

const tie = (x: BinFloat, y: BinFloat, s: { A: bigint; err: bigint; shift: number }): BinFloat | null =>
  exactTie(x, y, s.A, s.err, s.shift);

// c odd with c³ of 54 bits: (c²)^(3/2) = c³ is a midpoint
const c = (1n << 18n) - 1n;
const y32 = float(3n, 1n); // 3/2

test('exactTie: (c²)^(3/2) = c³ exactly is a tie, rounded to the even neighbour', () => {
  const M = c ** 3n;
  const even = ((M - 1n) / 2n) % 2n === 0n ? (M - 1n) / 2n : (M + 1n) / 2n;
  for (const e of [0, -40, 20]) {
    // x = c²·2^e, x^(3/2) = c³·2^(3e/2)
    const x = float(c * c << BigInt(Math.max(e, 0)), BigInt(Math.max(-e, 0)));
    const got = tie(x, y32, straddle(M, 3 * e / 2));
    assert.equal(got, { neg: false, m: even, e: 1 + 3 * e / 2 });
    // and pow, whose own interval meets that midpoint, gives the same float
    assert.equal(transPow(x, y32), got);
  }
});

test('exactTie: matching exponents but different odd parts is no tie', () => {
  // x = c² + 2 is no square, so x^(3/2) is irrational; M is the odd integer nearest to it, and
  // the exponents agree (midExp·2 = 0 = xe·3): only the odd parts tell M² ≠ x³
  const xo = c * c + 2n;
  let M = sqrtFloor(xo ** 3n);
  if ((M & 1n) === 0n) M += 1n;
  assert.is(tie(float(xo), y32, straddle(M, 0)), null);
  // the odd part of a genuine tie with the wrong exponent: c³·2^2 is not (c²)^(3/2)
  assert.is(tie(float(c * c), y32, straddle(c ** 3n, 2)), null);
});

test('exactTie: y = n/2^d with d > 6 is refused before any power is taken', () => {
  // x = 3 (exponent 0), y = 2^-32, a straddle at exponent 0: the exponent test would pass
  // (0·2^32 = 0·1) and M^(2^32) is beyond any BigInt (a RangeError, or for d ≤ 24 minutes of work)
  const start = Date.now();
  assert.is(tie(float(3n), float(1n, 32n), straddle((1n << 53n) + 1n, 0)), null);
  assert.is(tie(float(3n), float(5n, 40n), straddle((1n << 53n) + 3n, 0)), null);
  assert.ok(Date.now() - start < 1000);
});

test('exactTie: an integer y is no fraction n/2^d (d < 1): a power of two stays a power of two', () => {
  // x = 2, y = 80 = 5·2^4 (d = -4): 2^80 is no midpoint, whatever the interval's exponent
  // (a midpoint's odd part has 54 bits, 2^80's is 1)
  const x = float(2n), y = float(80n);
  for (const midExp of [80, 85, 95, 0]) assert.is(tie(x, y, straddle((1n << 53n) + 7n, midExp)), null);
});

test('exactTie: a negative y is no tie, nor an interval reaching 0', () => {
  // (c²)^(-3/2) = c^-3 is no midpoint, though M = c³ is one for y = 3/2
  assert.is(tie(float(c * c), float(-3n, 1n), straddle(c ** 3n, 0)), null);
  // A ≤ err: the lower end is not positive, there is no midpoint above its rounding to speak of
  const s = straddle(c ** 3n, 0);
  assert.is(exactTie(float(c * c), y32, 1n, s.A * 2n, s.shift), null);
  assert.is(exactTie(float(c * c), y32, s.A, s.A, s.shift), null);
  // a lower end of -(c³ − 1/4) would round to the midpoint's negative neighbour: still refused
  assert.is(exactTie(float(c * c), y32, 1n, (c ** 3n << 40n) - (1n << 38n) + 1n, s.shift), null);
});

test('exactTie: a huge odd n is refused by the bit count before x^n is taken', () => {
  // x = 3, y = (2^53 − 1)/2: 3^(2^53 − 1) has far more bits than M², and is beyond any BigInt
  const start = Date.now();
  assert.is(tie(float(3n), float((1n << 53n) - 1n, 1n), straddle((1n << 53n) + 1n, 0)), null);
  assert.ok(Date.now() - start < 1000);
});

/** ⌊√n⌋ */
function sqrtFloor(n: bigint): bigint {
  let x = 1n << BigInt((n.toString(2).length >> 1) + 1);
  for (;;) {
    const y = (x + n / x) >> 1n;
    if (y >= x) return x;
    x = y;
  }
}

test.run();
