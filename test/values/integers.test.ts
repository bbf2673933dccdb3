// Integer arithmetic of runtime/values/numbers.ts on every pair of operands around zero and the
// 2^53 edge, as numbers and as bigints, checked against BigInt arithmetic: the value, the
// representation (a number exactly when it is a safe integer, never -0) and floor division's laws.

import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { intAdd, intCmp, intDiv, intMod, intMul, intNeg, intSub, normInt, toBig, type PactInt } from '../../runtime/values/numbers.js';

const SAFE = 2n ** 53n - 1n;
const edges = [0n, 1n, -1n, 2n, -2n, 3n, -3n, 7n, -7n, 94906265n, -94906266n, SAFE - 1n, SAFE, -SAFE, SAFE + 1n, -SAFE - 1n, 2n ** 60n, -(2n ** 60n) - 5n];
/** Each value as a bigint and, when safe, also as a number. */
const operands: PactInt[] = edges.flatMap(b => (b >= -SAFE && b <= SAFE ? [Number(b), b] : [b]));

function assertInt(actual: PactInt, expected: bigint, what: string): void {
  assert.is(toBig(actual), expected, what);
  const safe = expected >= -SAFE && expected <= SAFE;
  assert.is(typeof actual, safe ? 'number' : 'bigint', `${what}: representation`);
  assert.ok(!Object.is(actual, -0), `${what}: no -0`);
}

test('add, subtract, multiply and negate agree with BigInt on every pair, in the right representation', () => {
  for (const a of operands) {
    assertInt(intNeg(a), -toBig(a), `-${a}`);
    for (const b of operands) {
      const x = toBig(a), y = toBig(b);
      assertInt(intAdd(a, b), x + y, `${a} + ${b}`);
      assertInt(intSub(a, b), x - y, `${a} - ${b}`);
      assertInt(intMul(a, b), x * y, `${a} * ${b}`);
    }
  }
});

test('div and mod floor: q·b + r = a, r is 0 or has the sign of b, |r| < |b|', () => {
  for (const a of operands) {
    for (const b of operands) {
      if (toBig(b) === 0n) continue;
      const x = toBig(a), y = toBig(b);
      const q = toBig(intDiv(a, b)), r = toBig(intMod(a, b));
      assert.is(q * y + r, x, `${a} div/mod ${b}`);
      assert.ok(r === 0n || (r < 0n) === (y < 0n), `${a} mod ${b} = ${r} takes the sign of ${b}`);
      assert.ok((r < 0n ? -r : r) < (y < 0n ? -y : y), `|${a} mod ${b}| < |${b}|`);
      assertInt(intDiv(a, b), q, `${a} div ${b}`);
      assertInt(intMod(a, b), r, `${a} mod ${b}`);
    }
  }
});

test('comparison orders numbers and bigints alike', () => {
  for (const a of operands) {
    for (const b of operands) {
      const x = toBig(a), y = toBig(b);
      assert.is(Math.sign(intCmp(a, b)), x < y ? -1 : x > y ? 1 : 0, `${a} cmp ${b}`);
    }
  }
});

test('normInt gives a number exactly for safe integers', () => {
  assert.is(normInt(SAFE), Number(SAFE));
  assert.is(normInt(-SAFE), -Number(SAFE));
  assert.is(normInt(SAFE + 1n), SAFE + 1n);
  assert.is(normInt(-SAFE - 1n), -SAFE - 1n);
});

test.run();
