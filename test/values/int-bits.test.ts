// Bit operations on Pact integers (runtime/values/int-bits.ts): the float paths for safe integers
// must give exactly what BigInt's infinite two's complement gives (Haskell's Data.Bits on Integer),
// in canonical form (a number iff safe), over the edges where the float paths change: 32-bit,
// 2^32, 2^52–2^53, negative values, and shift counts around ±53.

import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { intAnd, intOr, intXor, intShift } from '../../runtime/values/int-bits.js';
import { normInt, type PactInt } from '../../runtime/values/numbers.js';
import { integerTooLarge, MAX_INTEGER_BITS } from '../../vm/limits.js';

const MAX = Number.MAX_SAFE_INTEGER;
const EDGES: number[] = [];
for (const base of [0, 1, 2, 3, 2 ** 31, 2 ** 32, 2 ** 33, 2 ** 52, 2 ** 53 - 2 ** 20, MAX - 1, MAX]) {
  for (const d of [-2, -1, 0, 1, 2]) {
    const v = base + d;
    if (Math.abs(v) <= MAX) { EDGES.push(v, -v); }
  }
}
EDGES.push(0x5a5a5a5a5a5a, -0x3c3c3c3c3c3c3, 0xdeadbeef, -0xdeadbeef, 123456789012345);

/** a number iff the value is safe: how every integer must come back */
function assertCanonical(r: PactInt, expected: bigint, what: string): void {
  assert.is(typeof r, typeof normInt(expected), `${what}: canonical form`);
  assert.is(BigInt(r), expected, what);
}

test('&, | and xor of safe integers agree with BigInt, in canonical form', () => {
  let pairs = 0;
  for (const a of EDGES) {
    for (const b of EDGES) {
      const x = BigInt(a), y = BigInt(b);
      assertCanonical(intAnd(a, b), x & y, `${a} & ${b}`);
      assertCanonical(intOr(a, b), x | y, `${a} | ${b}`);
      assertCanonical(intXor(a, b), x ^ y, `${a} xor ${b}`);
      pairs++;
    }
  }
  assert.ok(pairs > 1000);
});

test('the & of two numbers just above -2^53 is -2^53, a bigint', () => {
  const r = intAnd(-MAX, -(MAX - 1));
  assert.is(r, -(2n ** 53n));
});

test('mixed number and bigint operands take the BigInt path', () => {
  const big = 2n ** 62n + 5n;
  assertCanonical(intAnd(big, 0xffffffff), 5n, 'and');
  assertCanonical(intOr(-1, big), -1n, 'or');
  assertCanonical(intXor(big, big), 0n, 'xor to zero');
});

test('shift of safe integers agrees with BigInt for counts from -60 to 60', () => {
  for (const a of EDGES) {
    for (let by = -60; by <= 60; by++) {
      const x = BigInt(a), n = BigInt(by);
      assertCanonical(intShift(a, by), n < 0n ? x >> -n : x << n, `shift ${a} ${by}`);
    }
  }
});

test('shift: huge counts, the 64-bit wrap of the count and the size limit', () => {
  assert.is(intShift(-5, -(2 ** 40)), -1);
  assert.is(intShift(5, -(2 ** 40)), 0);
  assert.is(intShift(0, 2 ** 40), 0);
  // a count of 2^64 + 1 is 1 as a machine Int
  assert.is(intShift(3, 2n ** 64n + 1n), 6);
  assert.is(intShift(3, 2n ** 64n), 3);
  assert.throws(() => intShift(1, MAX_INTEGER_BITS + 1), (e: Error) => e.message === integerTooLarge().message);
  assert.is(intShift(1, 60), 2n ** 60n);
});

test.run();
