// Pact's transcendentals at MPFR's 53-bit precision (runtime/values/mpfr.ts), checked against an
// independent implementation: IEEE square root is correctly rounded, so sqrt must agree with
// Math.sqrt bit for bit; exp and ln (which JS does not round correctly) must agree within one ulp.
// Written to kill the mutants of the values mutation run without the upstream corpus.

import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { transExp, transLn, transLogBase, transPow, transSqrt, type BinFloat, type TransResult } from '../../runtime/values/mpfr.js';

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

test.run();
