// The written-out Frobenius constants of BN254's Fq¹², and the Frobenius map built on them.

import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { bn254 } from '@noble/curves/bn254.js';
import { __TEST } from '@noble/curves/abstract/tower.js';
import { FROBENIUS_W } from '../../runtime/natives/crypto/bn254-frobenius.js';
import { Q, scratch, putFqs, getFqs, one12, frobenius12, mul12, sqr12 } from '../../runtime/natives/crypto/bn254-field.js';

/** ξ^e in Fq² = Fq[u]/(u² + 1) by square-and-multiply on plain bigints: from scratch. */
function xiPower(e: bigint): [bigint, bigint] {
  const mul = (a: [bigint, bigint], b: [bigint, bigint]): [bigint, bigint] =>
    [(((a[0] * b[0] - a[1] * b[1]) % Q) + Q) % Q, (a[0] * b[1] + a[1] * b[0]) % Q];
  let acc: [bigint, bigint] = [1n, 0n], base: [bigint, bigint] = [9n, 1n];
  for (; e > 0n; e >>= 1n, base = mul(base, base)) if (e & 1n) acc = mul(acc, base);
  return acc;
}

test('FROBENIUS_W[n − 1][k − 1] is ξ^(k(q^n − 1)/6), recomputed from scratch', () => {
  let checked = 0;
  for (const n of [1, 2, 3]) {
    for (let k = 1; k <= 5; k++) {
      const e = BigInt(k) * (Q ** BigInt(n) - 1n);
      assert.is(e % 6n, 0n);
      assert.equal([...FROBENIUS_W[n - 1][k - 1]], xiPower(e / 6n), `n = ${n}, k = ${k}`);
      checked++;
    }
  }
  assert.is(checked, 15);
  // and they are the factors noble derives for its Fp12 (row n of its table is ξ^((q^n − 1)/6))
  const { Fp, Fp2 } = bn254.fields;
  const twelve = __TEST.calcFrobeniusCoefficients(Fp2, Fp2.NONRESIDUE, Fp.ORDER, 12, 1, 6)[0]!;
  for (const n of [1, 2, 3]) assert.equal([...FROBENIUS_W[n - 1][0]], [twelve[n].c0, twelve[n].c1]);
});

/** a^e by square-and-multiply with our Fq¹² product (elements as addresses, in one scratch). */
function power(a: number, e: bigint): number {
  let acc = one12();
  for (let bit = BigInt(e.toString(2).length - 1); bit >= 0n; bit--) {
    acc = sqr12(acc);
    if ((e >> bit) & 1n) acc = mul12(acc, a);
  }
  return acc;
}

test('the Frobenius map is x ↦ x^(q^n) for n = 1, 2, 3', () => {
  const x = Array.from({ length: 12 }, (_, i) => BigInt(i * 7919 + 3) ** 9n % Q);
  scratch(() => {
    const at = putFqs(x);
    let y = at;
    for (const n of [1, 2, 3] as const) {
      y = power(y, Q);
      assert.equal(getFqs(frobenius12(at, n), 12), getFqs(y, 12), `power ${n}`);
      assert.not.equal(getFqs(y, 12), x);
    }
  });
});

test.run();
