// Products sized from their operands (runtime/gas/product-sizes.ts): along chains of multiplies
// the meter must charge exactly what Pact's formula charges on the integers themselves
// (intOpCost, gas.md §2.3), at every step, whatever the signs, sizes and rounding cases.

import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { GasMeter, TABLE_MODEL, intOpCost, type IntOp } from '../../runtime/gas/meter.js';
import { ProductSizes } from '../../runtime/gas/product-sizes.js';
import { runRepl } from '../helpers.js';
import { intMul, intAdd, bitLength, largerBitLength, type PactInt } from '../../runtime/values/numbers.js';

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

/** Sizes `p = a · b` through a ProductSizes as the meter does (charge, then note the product) and
 *  checks the remembered length of p against its real one. */
function exactAlong(sizes: ProductSizes, a: PactInt, b: PactInt, what: string): PactInt {
  assert.is(sizes.largerBits(a, b), largerBitLength(a, b), `${what}: operands`);
  const p = intMul(a, b);
  if (typeof p === 'bigint') {
    sizes.product(a, b, p);
    // (a probe with any other bigint would be a miss, which forgets the product)
    assert.is(sizes.largerBits(p, 1), largerBitLength(p, 1), `${what}: product`);
    assert.is(sizes.largerBits(1, p), largerBitLength(1, p), `${what}: product on the right`);
    assert.is(sizes.largerBits(p, p), bitLength(p), `${what}: product with itself`);
  }
  return p;
}

test('along a factorial every charge after the first bigint takes the remembered length: no operand is read', () => {
  const sizes = new ProductSizes();
  let acc: PactInt = 1;
  for (let i = 1; i <= 600; i++) acc = exactAlong(sizes, acc, i, `${i}!`);
  assert.is(sizes.readOperands, 0, 'every bigint operand answered from the memo (19! is the first)');
  assert.ok(sizes.measured < 20, `measured ${sizes.measured} products`);
});

test('products within 2^-50 of a power of two, from either side, get their exact length', () => {
  // (2^k ± 1)(2^m ± 1) lies within about 2^-min(k,m) of 2^(k+m), above or below it; chained
  // through remembered products, both the exact (number) and the measured (bigint) bounds are tried
  const near = [26, 27, 40, 50, 51, 52, 53].flatMap(k => [2 ** k - 1, ...(k < 53 ? [2 ** k + 1] : [])]);
  let cases = 0;
  for (const a of near) for (const b of near) {
    const sizes = new ProductSizes();
    let p = exactAlong(sizes, a, b, `${a}·${b}`);
    for (const c of near.slice(0, 6)) { p = exactAlong(sizes, p, c, `${a}·${b}·${c}`); cases++; }
    p = exactAlong(sizes, p, p, `(${a}·${b}·…)²`);
    exactAlong(sizes, -(2 ** 52 + 1), p, 'negative number times it');
  }
  assert.ok(cases > 500);
});

test('a remembered product straddling 2 from below its float bounds: (2^54 − 2)(2^52 + 1) has 107 bits', () => {
  const sizes = new ProductSizes();
  const b = exactAlong(sizes, 2 ** 53 - 1, 2, '2^54 − 2');
  const before = sizes.measured;
  const p = exactAlong(sizes, b, 2 ** 52 + 1, '(2^54 − 2)(2^52 + 1)');
  assert.is(p, 2n ** 106n + 2n ** 53n - 2n);
  assert.is(sizes.largerBits(p, 3), 107);
  assert.is(sizes.measured, before + 1, 'too close to call: measured once');
  // and a product whose bounds decide it is not measured
  exactAlong(sizes, p, 3, 'times three');
  assert.is(sizes.measured, before + 1);
});

test('signs: the remembered length answers for a negative product only as the smaller operand', () => {
  const sizes = new ProductSizes();
  const p = intMul(-(2 ** 40), 2 ** 40) as bigint;
  sizes.product(-(2 ** 40), 2 ** 40, p);
  assert.is(sizes.largerBits(p, 5), 3, 'the number 5 is larger than a negative product');
  assert.is(sizes.largerBits(5, p), 3);
  assert.is(sizes.largerBits(p, -5), bitLength(-5));
  assert.is(sizes.readOperands, 0, 'all answered from the memo');
  const q = intMul(p, -3) as bigint; // positive again
  sizes.product(p, -3, q);
  assert.is(sizes.largerBits(q, -7), bitLength(q));
  assert.is(sizes.largerBits(q, q), bitLength(q), 'both operands the product');
  assert.is(sizes.readOperands, 0);
  // the larger of two bigints: the memo answers when the product is the larger one
  assert.is(sizes.largerBits(q, -(2n ** 200n)), bitLength(q));
  assert.is(sizes.readOperands, 0);
  assert.is(sizes.largerBits(-(2n ** 200n), q), bitLength(q));
  assert.is(sizes.readOperands, 0);
});

test('zero and unrelated bigints are not described: their products are not remembered', () => {
  const sizes = new ProductSizes();
  sizes.product(0, 2 ** 40, 0n as bigint);
  assert.is(sizes.largerBits(0n as unknown as bigint, 1), 1);
  const big = 2n ** 70n + 1n;
  sizes.product(big, 3, big * 3n);
  const reads = sizes.readOperands;
  assert.is(sizes.largerBits(big * 3n, 1), bitLength(big * 3n));
  assert.is(sizes.readOperands, reads + 1, 'not remembered: read');
  sizes.product(3, big, big * 3n);
  assert.is(sizes.largerBits(big * 3n, 1), bitLength(big * 3n));
  assert.is(sizes.readOperands, reads + 2);
});

test('a charge on two numbers keeps the remembered product; an unrelated bigint on either side is read', () => {
  const sizes = new ProductSizes();
  const p = exactAlong(sizes, 2 ** 40 + 7, 2 ** 40 + 9, 'p') as bigint;
  assert.is(sizes.largerBits(3, 4), 3);
  assert.is(sizes.largerBits(-9, 4), 3);
  assert.is(sizes.largerBits(p, 1), bitLength(p), 'still remembered');
  assert.is(sizes.readOperands, 0);
  const other = 2n ** 90n + 5n;
  assert.is(sizes.largerBits(1, other), 91, 'an unrelated bigint on the right');
  assert.is(sizes.readOperands, 1);
  assert.is(sizes.largerBits(1, p), bitLength(p), 'forgotten by the miss: read');
  assert.is(sizes.readOperands, 2);
  assert.is(sizes.largerBits(other, 1), 91, 'an unrelated bigint on the left');
  assert.is(sizes.readOperands, 3);
});

test('the meter remembers a product only while metered; the `*` native hands it every bigint product', () => {
  const g = meter();
  g.chargeIntOp('PrimOpMul', 2 ** 40 + 1, 2 ** 40 + 3);
  const p = intMul(2 ** 40 + 1, 2 ** 40 + 3) as bigint;
  g.noteProduct(2 ** 40 + 1, 2 ** 40 + 3, p);
  g.chargeIntOp('PrimOpMul', p, 3);
  assert.is(g.products.readOperands, 0, 'the metered product is remembered');
  const off = new GasMeter();
  off.noteProduct(2 ** 53 - 1, 2, 2n ** 54n - 2n); // a product that would be measured
  assert.is(off.products.measured, 0, 'unmetered: nothing is sized');
  assert.is(off.products.largerBits(2n ** 54n - 2n, 1), 54);
  assert.is(off.products.readOperands, 1);
  // through the session: each `*` of the chain is charged from the memo
  const r = runRepl('(env-gasmodel "table") (env-gaslimit 1000000) (* 3 (* 5 (* 99999999999 99999999999)))');
  assert.is(r.error, null);
  assert.is(r.session.gas.products.readOperands, 0);
  assert.ok(r.session.gas.milligas > 0);
});

test.run();
