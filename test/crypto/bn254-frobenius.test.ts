// The written-out Frobenius tables of BN254's Fp6 and Fp12, and how noble is made to use them.

import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { bn254 } from '@noble/curves/bn254.js';
import { __TEST } from '@noble/curves/abstract/tower.js';
import { FROBENIUS_TABLES, installFrobeniusTables } from '../../runtime/natives/crypto/bn254-frobenius.js';

const { Fp, Fp2, Fp6, Fp12 } = bn254.fields;
const pairs = (rows: readonly { c0: bigint; c1: bigint }[]) => rows.map(e => [e.c0, e.c1]);
// noble's getters are not in its type declarations
const served = (field: object, key: string) => (field as Record<string, unknown>)[key] as { c0: bigint; c1: bigint }[];
const written = (rows: readonly (readonly [bigint, bigint])[]) => rows.map(r => [...r]);

test('the written-out tables are the powers of ξ that noble derives for Fp6 and Fp12', () => {
  const { calcFrobeniusCoefficients } = __TEST;
  const six = calcFrobeniusCoefficients(Fp2, Fp2.NONRESIDUE, Fp.ORDER, 6, 2, 3);
  const twelve = calcFrobeniusCoefficients(Fp2, Fp2.NONRESIDUE, Fp.ORDER, 12, 1, 6);
  assert.equal(written(FROBENIUS_TABLES.fp6First), pairs(six[0]!));
  assert.equal(written(FROBENIUS_TABLES.fp6Second), pairs(six[1]!));
  assert.equal(written(FROBENIUS_TABLES.fp12), pairs(twelve[0]!));
});

test('once installed, noble\'s Fp6 and Fp12 read the written-out tables, and the Frobenius map still is x ↦ x^q', () => {
  installFrobeniusTables(Fp2, Fp6, Fp12);
  assert.equal(pairs(served(Fp6, 'FROBENIUS_COEFFICIENTS_1')), written(FROBENIUS_TABLES.fp6First));
  assert.equal(pairs(served(Fp6, 'FROBENIUS_COEFFICIENTS_2')), written(FROBENIUS_TABLES.fp6Second));
  assert.equal(pairs(served(Fp12, 'FROBENIUS_COEFFICIENTS')), written(FROBENIUS_TABLES.fp12));
  const x = Fp12.fromBigTwelve(Array.from({ length: 12 }, (_, i) => BigInt(i * 7919 + 3)) as Parameters<typeof Fp12.fromBigTwelve>[0]);
  for (const power of [1, 2, 3]) {
    assert.ok(Fp12.eql(Fp12.frobeniusMap(x, power), Fp12.pow(x, Fp.ORDER ** BigInt(power))), `power ${power}`);
  }
});

test.run();
