// Poseidon's Grain LFSR constants: our fast generator makes exactly @noble/curves' numbers for every
// width the natives use, and the circomlibjs MDS matrix for t = 2.

import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { grainGenConstants } from '@noble/curves/abstract/poseidon.js';
import { Field } from '@noble/curves/abstract/modular.js';
import { grainConstants } from '../../runtime/natives/crypto/poseidon-grain.js';
import { BN254_R } from '../../runtime/natives/crypto/poseidon.js';

const Fr = Field(BN254_R);
const PARTIAL_ROUNDS = [56, 57, 56, 60, 60, 63, 64, 63];

test('round constants and MDS matrix equal grainGenConstants for t = 2..9 over BN254\'s Fr', () => {
  PARTIAL_ROUNDS.forEach((roundsPartial, i) => {
    const t = i + 2;
    const ours = grainConstants(Fr, t, 8, roundsPartial);
    assert.equal(ours, grainGenConstants({ Fp: Fr, t, roundsFull: 8, roundsPartial }), `t = ${t}`);
    assert.is(ours.roundConstants.length, 8 + roundsPartial);
    assert.ok(ours.roundConstants.every(row => row.length === t && row.every(c => c < BN254_R)));
  });
});

test('the MDS matrix for t = 2 is circomlibjs poseidon_constants M[0]', () => {
  assert.equal(grainConstants(Fr, 2, 8, 56).mds, [
    [0x066f6f85d6f68a85ec10345351a23a3aaf07f38af8c952a7bceca70bd2af7ad5n, 0x2b9d4b4110c9ae997782e1509b1d0fdb20a7c02bbd8bea7305462b9f8125b1e8n],
    [0x0cc57cdbb08507d62bf67a4493cc262fb6c09d557013fff1f573f431221f8ff9n, 0x1274e649a32ed355a31a6ed69724e1adade857e86eb5c3a121bcd147943203c8n],
  ]);
});

test('a small field: the same round constants as noble (most draws exceed 17 and are drawn again), and its zero MDS sum is refused', () => {
  const F17 = Field(17n);
  const noble = grainGenConstants({ Fp: F17, t: 2, roundsFull: 8, roundsPartial: 8 });
  assert.equal(grainConstants(F17, 2, 8, 8), noble);
  assert.throws(() => grainConstants(F17, 3, 8, 8), /Poseidon MDS matrix: xs\[0\] \+ ys\[2\] is zero/);
  assert.throws(() => grainGenConstants({ Fp: F17, t: 3, roundsFull: 8, roundsPartial: 8 }), /xs\[0\] \+ ys\[2\] resulted in zero/);
});

test.run();
