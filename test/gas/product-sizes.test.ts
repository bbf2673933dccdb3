// Products sized from their operands (runtime/gas/product-sizes.ts): along chains of multiplies
// the meter must charge exactly what Pact's formula charges on the integers themselves
// (intOpCost, gas.md §2.3), at every step, whatever the signs, sizes and rounding cases.

import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { GasMeter, TABLE_MODEL, intOpCost, type IntOp } from '../../runtime/gas/meter.js';
import { ProductSizes } from '../../runtime/gas/product-sizes.js';
import { intMul, intAdd, bitLength, type PactInt } from '../../runtime/values/numbers.js';

function meter(limit = Number.MAX_SAFE_INTEGER): GasMeter {
  const g = new GasMeter();
  g.model = TABLE_MODEL;
  g.setLimit(limit);
  return g;
}

/** Charges op on (a, b) as the `*`/`+` natives do, checks the charge against intOpCost, and
 *  returns the result. */
function step(g: GasMeter, op: IntOp, a: PactInt, b: PactInt, what: string): PactInt {
  const before = g.milligas;
  g.chargeIntOp(op, a, b);
  assert.is(g.milligas - before, intOpCost(op, a, b), `${what}: ${op} charge`);
  const r = op === 'PrimOpMul' ? intMul(a, b) : intAdd(a, b);
  if (op === 'PrimOpMul' && typeof r === 'bigint') g.noteProduct(a, b, r);
  return r;
}

/** A small deterministic generator (xorshift), so a failure names a reproducible step. */
function generator(seed: number): () => number {
  let x = seed;
  return () => { x ^= x << 13; x ^= x >>> 17; x ^= x << 5; return (x >>> 0) / 2 ** 32; };
}

test('a factorial accumulator is charged by its exact length at every step, past 8000 bits', () => {
  const g = meter();
  let acc: PactInt = 1;
  for (let i = 1; i <= 1000; i++) acc = step(g, 'PrimOpMul', acc, i, `${i}!`);
  assert.is(bitLength(acc), 8530);
});

test('doubling and negating chains: lengths across 2^53 and 2^1024, signed larger of the pair', () => {
  const g = meter();
  let x: PactInt = 1;
  for (let i = 0; i < 1500; i++) x = step(g, 'PrimOpMul', 2, x, `2^${i + 1}`);
  let y: PactInt = 3;
  // a negative product is the smaller operand: the small one's length is charged
  for (let i = 0; i < 700; i++) y = step(g, 'PrimOpMul', y, -7, `(-7)^${i} · 3`);
  let z: PactInt = -1;
  for (let i = 0; i < 300; i++) z = step(g, 'PrimOpMul', i % 2 === 0 ? z : 12345, i % 2 === 0 ? -65536 : z, `z${i}`);
});

test('a product of numbers that lies just below a power of two is measured, and the chain goes on', () => {
  const g = meter();
  // (2^27 − 1)(2^27 + 1) = 2^54 − 1: its leading digits are too close to 2^54 to call
  const p = step(g, 'PrimOpMul', 2 ** 27 - 1, 2 ** 27 + 1, '2^54 − 1');
  assert.is(p, 2n ** 54n - 1n);
  let q = step(g, 'PrimOpMul', p, 3, '(2^54 − 1) · 3');
  q = step(g, 'PrimOpMul', q, q, 'squared');
  step(g, 'PrimOpMul', q, 1, 'times one');
  // and exactly a power of two from two non-powers is never mistaken for the length below
  const r = step(g, 'PrimOpMul', 2 ** 30 + 2 ** 29, 2 ** 31 + 2 ** 30, '(3·2^29)(3·2^30)');
  step(g, 'PrimOpMul', r, -1, 'negated');
});

test('random chains of multiplies and adds, mixed with unrelated bigints, charge what the formula does', () => {
  const next = generator(12345);
  const g = meter();
  const someBig = (): bigint => (BigInt(Math.floor(next() * 2 ** 50)) << BigInt(Math.floor(next() * 900))) * (next() < 0.5 ? -1n : 1n) + 1n;
  let acc: PactInt = 1;
  for (let i = 0; i < 3000; i++) {
    const k = next();
    const small = Math.floor(next() * 2 ** Math.floor(next() * 54)) * (next() < 0.3 ? -1 : 1) || 1;
    if (k < 0.55) acc = step(g, 'PrimOpMul', acc, small, `step ${i}`);
    else if (k < 0.65) acc = step(g, 'PrimOpMul', small, acc, `step ${i}`);
    else if (k < 0.72) acc = step(g, 'PrimOpMul', acc, acc, `step ${i}`);
    else if (k < 0.8) acc = step(g, 'PrimOpMul', acc, someBig(), `step ${i}`);
    else if (k < 0.9) step(g, 'PrimOpAdd', acc, someBig(), `step ${i}`);
    else step(g, 'PrimOpMul', someBig(), someBig(), `step ${i}`);
    // keep the accumulator within a few thousand bits and away from zero
    if (bitLength(acc) > 4000 || acc === 0) acc = 1;
  }
});

test('a miss forgets the remembered product; equal values hit even as different bigints', () => {
  const sizes = new ProductSizes();
  const p = 2n ** 80n;
  sizes.product(2 ** 40, 2 ** 40, p);
  assert.is(sizes.largerBits(p, 5), 81);
  // an equal bigint built apart has the same length: reported from the memo, correctly
  assert.is(sizes.largerBits(BigInt('1208925819614629174706176'), 5), 81);
  assert.is(sizes.largerBits(-p, 5), 3); // a different (negative) bigint: the small one's length
  sizes.product(p, 3, p * 3n); // p was forgotten by the miss: the product is not remembered
  assert.is(sizes.largerBits(p * 3n, 1), 82); // measured the slow way, still exact
});

test('a remembered product is charged exactly up to the limit and fails one past it', () => {
  const first = intOpCost('PrimOpMul', 2 ** 40, 2 ** 40);
  const second = intOpCost('PrimOpMul', 2n ** 80n, 2 ** 20);
  const total = first + second;
  for (const [limit, fails] of [[total + 1, false], [total, false], [total - 1, true]] as const) {
    const g = meter(limit);
    const p = step(g, 'PrimOpMul', 2 ** 40, 2 ** 40, 'first');
    let error: unknown = null;
    try { g.chargeIntOp('PrimOpMul', p, 2 ** 20); } catch (e) { error = e; }
    assert.is(error !== null, fails, `limit ${limit - total} from the total`);
    assert.is(g.milligas, total); // the counter keeps the charge that failed
  }
});

test.run();
