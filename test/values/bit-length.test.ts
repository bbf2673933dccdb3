// Pact's `nbits` (bitLength), computed without strings: checked against the binary text of the
// number at every size around the float and power-of-two boundaries where a shortcut could slip.

import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { bitLength, largerBitLength } from '../../runtime/values/numbers.js';

const byText = (x: bigint): number => (x === 0n ? 0 : (x < 0n ? -x : x).toString(2).length);

test('bitLength of 0 is 0, of a safe number its binary length, sign ignored', () => {
  assert.is(bitLength(0), 0);
  assert.is(bitLength(0n), 0);
  for (const n of [1, 2, 3, 255, 256, 2 ** 31, 2 ** 32 - 1, 2 ** 32, 2 ** 40 + 7, Number.MAX_SAFE_INTEGER]) {
    assert.is(bitLength(n), byText(BigInt(n)), `${n}`);
    assert.is(bitLength(-n), byText(BigInt(n)), `-${n}`);
  }
});

test('bitLength is exact next to every power of two up to 5000 bits', () => {
  for (let k = 1; k <= 5000; k++) {
    const p = 1n << BigInt(k);
    for (const x of [p - 1n, p, p + 1n, -p, -(p - 1n)]) assert.is(bitLength(x), byText(x), `2^${k} neighbour`);
  }
});

test('bitLength is exact where the nearest float rounds up to the next power of two', () => {
  // 53 one-bits and more: Number() of these is 2^k (or Infinity just below 2^1024)
  for (const k of [54, 60, 100, 500, 1023, 1024, 1025, 2047, 2048, 4096, 9000]) {
    const x = (1n << BigInt(k)) - 1n;
    assert.is(bitLength(x), k, `2^${k} - 1`);
    const y = (1n << BigInt(k)) - (1n << BigInt(k - 54));
    assert.is(bitLength(y), k, `2^${k} - 2^${k - 54}`);
  }
});

test('bitLength is exact for sizes that jump around (its last-size shortcut must not stick)', () => {
  const sizes = [70_000, 1030, 8530, 8531, 2_000, 40_000, 1_100, 65_537, 3, 1025, 300_000, 8530];
  for (const bits of sizes) {
    const x = (1n << BigInt(bits - 1)) + 1n;
    assert.is(bitLength(x), bits, `${bits} bits`);
  }
});

test('largerBitLength sizes the signed larger operand, whatever mix of numbers and bigints', () => {
  const big = (1n << 2000n) + 5n, mid = (1n << 60n) + 1n;
  const cases: [number | bigint, number | bigint, number | bigint][] = [
    [3, 1000, 1000], [-1000, 3, 3], [7, -(2 ** 40), 7],
    [5, big, big], [big, 5, big], [5, -big, 5], [-big, -5, -5], [-big, 0, 0],
    [mid, 5, mid], [-mid, 2 ** 50, 2 ** 50], [2 ** 52, -mid, 2 ** 52],
    [big, mid, big], [-big, mid, mid], [-big, -mid, -mid], [-(1n << 1023n), -(1n << 1024n), -(1n << 1023n)],
  ];
  for (const [l, r, larger] of cases) {
    assert.is(largerBitLength(l, r), byText(BigInt(larger)), `${l} vs ${r}`);
  }
});

test('largerBitLength right after a huge integer was sized: operands outside its window still answer exactly', () => {
  const huge = (1n << 8529n) + 12345n;
  assert.is(bitLength(huge), 8530);
  const mid = (1n << 60n) + 1n;
  for (const [l, r, larger] of [[3, huge, huge], [3, -huge, 3], [-3, mid, mid], [mid, -7, mid], [2 ** 53 - 1, -mid, 2 ** 53 - 1],
    [1, huge * 2n, huge * 2n], [1, huge >> 100n, huge >> 100n], [1, huge << 2000n, huge << 2000n]] as const) {
    assert.is(largerBitLength(l, r), byText(BigInt(larger)), `${l} vs ${r}`);
  }
});

test('bitLength of negative bigints at the float boundaries equals that of their magnitude', () => {
  for (const k of [54, 100, 1023, 1024, 1025, 5000]) {
    const p = 1n << BigInt(k);
    for (const x of [-p, -(p - 1n), -(p + 1n), -(p - (1n << BigInt(k - 54)))]) assert.is(bitLength(x), byText(x), `${x < 0n ? '-' : ''}2^${k} neighbour`);
  }
});

test('bitLength searches afresh after a size jump: exact where the search lands on 2^1024 or just below', () => {
  // each case after a far larger number, so that the last-size shortcut misses and the search runs
  const far = 1n << 200_000n;
  for (const [x, bits] of [[1n << 3072n, 3073], [(1n << 2048n) - 1n, 2048], [(1n << 4096n) + 1n, 4097], [1n << 1024n, 1025]] as [bigint, number][]) {
    assert.is(bitLength(far), 200_001);
    assert.is(bitLength(x), bits, `${bits} bits`);
    assert.is(bitLength(-x), bits, `-x: ${bits} bits`);
  }
});

test.run();
