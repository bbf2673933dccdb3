// Pact's transcendentals at MPFR's 53-bit precision (runtime/values/mpfr.ts), checked against an
// independent implementation: IEEE square root is correctly rounded, so sqrt must agree with
// Math.sqrt bit for bit; exp and ln (which JS does not round correctly) must agree within one ulp.
// Written to kill the mutants of the values mutation run without the upstream corpus.

import { test } from 'uvu';
import * as assert from 'uvu/assert';
import {
  bitLen, decimalToFloat, floatToDecimal, roundRational, transExp, transLn, transLogBase, transPow, transSqrt,
  type BinFloat, type TransResult,
} from '../../runtime/values/mpfr.js';
import { PactDecimal } from '../../vm/values.js';

/** The double `x` as a 53-bit float (normal doubles only), null for zero. */
function floatOf(x: number): BinFloat | null {
  if (x === 0) return null;
  const view = new DataView(new ArrayBuffer(8));
  view.setFloat64(0, x);
  const bits = view.getBigUint64(0);
  const exponent = Number((bits >> 52n) & 0x7ffn);
  return { neg: bits >> 63n === 1n, m: (1n << 52n) | (bits & ((1n << 52n) - 1n)), e: exponent - 1075 };
}

const valueOf = (r: TransResult): number | string => typeof r === 'string' ? r : (r.neg ? -1 : 1) * Number(r.m) * 2 ** r.e;

/** One unit in the last place of the double x. */
const ulp = (x: number): number => 2 ** (Math.floor(Math.log2(Math.abs(x))) - 52);

/** 2000 doubles from 1e-3 to 1e4, both signs, from a fixed seed. */
const samples: number[] = [];
let seed = 7;
const random = () => { seed = (seed * 1103515245 + 12345) % 2147483648; return seed / 2147483648; };
for (let i = 0; i < 2000; i++) samples.push((random() - 0.3) * 10 ** Math.floor(random() * 8 - 3));

test('sqrt agrees with IEEE square root bit for bit', () => {
  for (const x of samples) if (x > 0) assert.is(valueOf(transSqrt(floatOf(x))), Math.sqrt(x), `sqrt ${x}`);
  for (const x of [1, 4, 2, 0.25, 1e300, 2 ** -1000, 3 * 2 ** 60]) assert.is(valueOf(transSqrt(floatOf(x))), Math.sqrt(x), `sqrt ${x}`);
});

test('exp and ln agree with Math.exp and Math.log within one ulp', () => {
  for (const x of samples) {
    if (Math.abs(x) < 700) {
      const e = Math.exp(x);
      assert.ok(Math.abs((valueOf(transExp(floatOf(x))) as number) - e) <= ulp(e), `exp ${x}`);
    }
    if (x > 0 && x !== 1) {
      const l = Math.log(x);
      assert.ok(Math.abs((valueOf(transLn(floatOf(x))) as number) - l) <= ulp(l), `ln ${x}`);
    }
  }
});

test('exact points and the edges: zero, negatives, overflow beyond MPFR range', () => {
  assert.is(valueOf(transExp(null)), 1);
  assert.is(valueOf(transExp(floatOf(1))), Math.E);
  assert.is(valueOf(transLn(floatOf(1))), 'zero');
  assert.is(valueOf(transLn(floatOf(Math.E))), 1);
  assert.is(valueOf(transLn(null)), 'inf');
  assert.is(valueOf(transLn(floatOf(-1))), 'nan');
  assert.is(valueOf(transSqrt(null)), 'zero');
  assert.is(valueOf(transSqrt(floatOf(-4))), 'nan');
  assert.is(valueOf(transExp(floatOf(2 ** 31))), 'inf');
  assert.is(valueOf(transExp(floatOf(-(2 ** 31)))), 'zero');
  assert.ok(typeof transExp(floatOf(1000)) === 'object', 'exp 1000 is finite at MPFR range');
});

test('pow and log-base at exact points', () => {
  assert.is(valueOf(transPow(floatOf(2), floatOf(10))), 1024);
  assert.is(valueOf(transPow(floatOf(4), floatOf(0.5))), 2);
  assert.is(valueOf(transPow(floatOf(-2), floatOf(3))), -8);
  assert.is(valueOf(transPow(floatOf(-8), floatOf(1 / 3))), 'nan');
  assert.is(valueOf(transPow(null, floatOf(2))), 'zero');
  assert.is(valueOf(transPow(null, floatOf(-1))), 'inf');
  assert.is(valueOf(transPow(floatOf(5), null)), 1);
  assert.is(valueOf(transLogBase(floatOf(2), floatOf(1024))), 10);
  assert.is(valueOf(transLogBase(floatOf(10), floatOf(1000))), 2.9999999999999996);
  assert.is(valueOf(transLogBase(floatOf(1), floatOf(5))), 'inf');
  assert.is(valueOf(transLogBase(floatOf(-2), floatOf(4))), 'nan');
});

const raw = (r: BinFloat) => `${r.neg ? '-' : ''}${r.m}*2^${r.e}`;

test('rounding a rational to 53 bits: nearest, ties to even, a carry renormalises', () => {
  const two53 = 2n ** 53n;
  assert.is(raw(roundRational(two53 + 1n, 1n)), `${2n ** 52n}*2^1`, '2^53 + 1: a tie, down to even');
  assert.is(raw(roundRational(two53 + 3n, 1n)), `${2n ** 52n + 2n}*2^1`, '2^53 + 3: a tie, up to even');
  assert.is(raw(roundRational(2n ** 54n - 1n, 1n)), `${2n ** 52n}*2^2`, 'all ones: rounds up to a power of two');
  assert.is(raw(roundRational(-(two53 + 3n), 1n)), `-${2n ** 52n + 2n}*2^1`);
  assert.is(raw(roundRational(1n, 3n)), `${(2n ** 54n) / 3n}*2^-54`, "1/3: the remainder is a third of a unit, rounded down");
  assert.is(raw(roundRational(1n, 1n)), `${2n ** 52n}*2^-52`);
  assert.is(raw(roundRational(3n, 2n ** 80n)), `${3n * 2n ** 51n}*2^-131`);
  assert.throws(() => roundRational(0n, 1n), /roundRational: zero/);
});

test('bit length of a non-negative bigint', () => {
  assert.equal([0n, 1n, 15n, 16n, 2n ** 64n - 1n, 2n ** 64n].map(bitLen), [0, 1, 4, 5, 64, 65]);
});

test('a decimal is rounded to the nearest double; a float is converted back exactly', () => {
  assert.is(decimalToFloat(new PactDecimal(0n, 3)), null);
  const tenth = decimalToFloat(new PactDecimal(1n, 1))!;
  assert.is(valueOf(tenth), 0.1);
  const exact = floatToDecimal(tenth);
  assert.is(`${exact.mantissa}@${exact.places}`, '1000000000000000055511151231257827021181583404541015625@55');
  const big = floatToDecimal({ neg: true, m: 3n, e: 4 });
  assert.is(`${big.mantissa}@${big.places}`, '-48@0');
  const zero = floatToDecimal('zero');
  assert.is(`${zero.mantissa}@${zero.places}`, '0@0');
});

test('exp at the edges of MPFR\'s exponent range (2^30): finite just below, infinite or zero beyond', () => {
  const kind = (r: TransResult) => (typeof r === 'string' ? r : 'finite');
  assert.is(kind(transExp(floatOf(744261117))), 'finite');
  assert.is(kind(transExp(floatOf(744261118))), 'inf');
  assert.is(kind(transExp(floatOf(-744261117))), 'finite');
  assert.is(kind(transExp(floatOf(-744261118))), 'zero');
  assert.is(kind(transExp(floatOf(2 ** 32))), 'inf');
  assert.is(kind(transExp(floatOf(-(2 ** 32)))), 'zero');
});

test('ln below one is negative; exp of a negative is below one', () => {
  assert.is(valueOf(transLn(floatOf(0.5))), -Math.LN2);
  assert.is(valueOf(transLn(floatOf(2))), Math.LN2);
  assert.is(valueOf(transExp(floatOf(-1))), 0.36787944117144233);
  assert.is(valueOf(transLn(floatOf(1e-300))), -690.7755278982137);
});

test('pow: integer exponents exactly, the sign of a negative base by parity, overflow and underflow', () => {
  assert.is(valueOf(transPow(floatOf(2), floatOf(-2))), 0.25);
  assert.is(valueOf(transPow(floatOf(2), floatOf(0.5))), Math.SQRT2);
  assert.is(valueOf(transPow(floatOf(-2), floatOf(2))), 4);
  assert.is(valueOf(transPow(floatOf(-2), floatOf(-3))), -0.125);
  assert.is(valueOf(transPow(floatOf(-2), floatOf(0.5))), 'nan');
  assert.is(valueOf(transPow(floatOf(1), floatOf(1e300))), 1);
  assert.is(valueOf(transPow(floatOf(3), floatOf(40))), 12157665459056928801);
  // exponents at and beyond 2^52, where the parity is read from the mantissa or is even
  assert.is(valueOf(transPow(floatOf(-1), floatOf(2 ** 52 + 1))), -1);
  assert.is(valueOf(transPow(floatOf(-1), floatOf(2 ** 52))), 1);
  assert.is(valueOf(transPow(floatOf(-1), floatOf(2 ** 53))), 1);
  assert.is(valueOf(transPow(floatOf(-1), floatOf(2 ** 60))), 1);
  assert.is(valueOf(transPow(floatOf(2), floatOf(2 ** 40))), 'inf');
  assert.is(valueOf(transPow(floatOf(2), floatOf(-(2 ** 40)))), 'zero');
  assert.is(valueOf(transPow(floatOf(0.5), floatOf(2 ** 40))), 'zero');
  assert.is(valueOf(transPow(null, floatOf(-0.5))), 'inf');
  // 10^400 is finite in MPFR's range: the exact power rounded once
  const big = transPow(floatOf(10), floatOf(400)) as BinFloat;
  assert.is(raw(big), raw(roundRational(10n ** 400n, 1n)));
  const tiny = transPow(floatOf(10), floatOf(-400)) as BinFloat;
  assert.is(raw(tiny), raw(roundRational(1n, 10n ** 400n)));
  // a non-integer exponent goes through exp(y·ln x): within one ulp of Math.pow
  for (const [x, y] of [[1.5, 2.5], [10, 0.3], [0.7, -3.7], [123.456, 1.25], [2, 100.5]]) {
    const want = Math.pow(x, y);
    assert.ok(Math.abs((valueOf(transPow(floatOf(x), floatOf(y))) as number) - want) <= ulp(want), `${x} ^ ${y}`);
  }
});

test('log-base: zeros and ones of base and argument', () => {
  assert.is(valueOf(transLogBase(null, null)), 'nan');
  assert.is(valueOf(transLogBase(null, floatOf(5))), 'zero');
  assert.is(valueOf(transLogBase(floatOf(2), null)), 'inf');
  assert.is(valueOf(transLogBase(floatOf(1), floatOf(1))), 'nan');
  assert.is(valueOf(transLogBase(floatOf(2), floatOf(1))), 'zero');
  assert.is(valueOf(transLogBase(floatOf(0.5), floatOf(8))), -3);
  assert.is(valueOf(transLogBase(floatOf(2), floatOf(-8))), 'nan');
});

test('pow at the edges of MPFR\'s exponent range: 2^(2^30 - 2) and 2^-(2^30) are finite, one step further is not', () => {
  const two = floatOf(2);
  const exactPower = (n: number) => ({ neg: false, m: 2n ** 52n, e: n - 52 });
  assert.equal(transPow(two, floatOf(2 ** 30 - 2)), exactPower(2 ** 30 - 2));
  assert.is(transPow(two, floatOf(2 ** 30 - 1)), 'inf');
  assert.equal(transPow(two, floatOf(-(2 ** 30))), exactPower(-(2 ** 30)));
  assert.is(transPow(two, floatOf(-(2 ** 30) - 1)), 'zero');
  // far beyond the range the answer comes at once, however large the exponent
  assert.is(transPow(two, floatOf(1e308)), 'inf');
  assert.is(transPow(two, floatOf(-1e308)), 'zero');
  assert.is(transPow(floatOf(0.5), floatOf(1e308)), 'zero');
});

test('exp of a float far beyond 2^32 (a huge decimal) is infinite, of its negation zero', () => {
  const huge = roundRational(2n ** 2052n, 1n);
  assert.is(transExp(huge), 'inf');
  assert.is(transExp({ ...huge, neg: true }), 'zero');
});

test('a small integer power that is exactly a midpoint rounds to even, as IEEE multiplication does', () => {
  // odd 27-bit squares and 18-bit cubes have 54 significant bits: exactly halfway between two doubles
  for (const x of [2 ** 27 - 1, 2 ** 27 - 3, 100000001, 134000001, 99999999]) {
    assert.is(valueOf(transPow(floatOf(x), floatOf(2))), x * x, `${x}^2`);
  }
  for (const x of [2 ** 18 - 1, 2 ** 18 - 3, 200001, 250001]) {
    assert.is(valueOf(transPow(floatOf(x), floatOf(3))), x * x * x, `${x}^3`);
  }
});

test.run();
