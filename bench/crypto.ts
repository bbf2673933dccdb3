// Crypto cases: BN254's pairing check and Poseidon (runtime/natives/crypto, on the field module
// of bn254-wasm.ts) against @noble/curves doing the same job. These natives run a few times per
// script, so benchmark.js's warm figure understates the gap a cold process sees; the README gives
// both.

import { bn254 } from '@noble/curves/bn254.js';
import { poseidon } from '@noble/curves/abstract/poseidon.js';
import { Field } from '@noble/curves/abstract/modular.js';
import { pairingProductIsOne } from '../runtime/natives/crypto/bn254-pairing.js';
import { poseidonHash, poseidonConstants, BN254_R, ROUNDS_FULL, PARTIAL_ROUNDS } from '../runtime/natives/crypto/poseidon.js';
import type { BenchCase } from './harness.js';

export function cryptoCases(): BenchCase[] {
  // e(aP, Q)·e(−aP, Q)·e(bP, cQ)·e(−bcP, Q) = 1: four pairs, as a Groth16 verifier checks
  const G1 = bn254.G1.Point.BASE, G2 = bn254.G2.Point.BASE, r = bn254.fields.Fr.ORDER;
  const [a, b, c] = [123456789n, 987654321n, 555555555n];
  const nobleG1 = [G1.multiply(a), G1.multiply(a).negate(), G1.multiply(b), G1.multiply((b * c) % r).negate()];
  const nobleG2 = [G2, G2, G2.multiply(c), G2];
  const ours = nobleG1.map((p, i) => {
    const q = nobleG2[i].toAffine(), pa = p.toAffine();
    return [{ x: pa.x, y: pa.y }, { x: [q.x.c0, q.x.c1], y: [q.y.c0, q.y.c1] }] as const;
  });
  const pairs = nobleG1.map((p, i) => ({ g1: p, g2: nobleG2[i] }));
  const { Fp12 } = bn254.fields;

  const inputs = [1n, 2n];
  const noblePoseidon = poseidon({ Fp: Field(BN254_R), t: 3, roundsFull: ROUNDS_FULL, roundsPartial: PARTIAL_ROUNDS[1], ...poseidonConstants(3), sboxPower: 5 });
  const want = 7853200120776062878684798364095072458815029376092732009249414926327459813530n;

  return [
    {
      suite: 'crypto', name: 'pairing-check, 4 pairs (vs noble)',
      subject: () => { if (!pairingProductIsOne(ours)) throw new Error('pairing check failed'); },
      baseline: () => { if (!Fp12.eql(bn254.pairingBatch(pairs), Fp12.ONE)) throw new Error('noble pairing check failed'); },
    },
    {
      suite: 'crypto', name: 'poseidon of 2 inputs (vs noble)',
      subject: () => { if (poseidonHash(inputs) !== want) throw new Error('poseidon: wrong hash'); },
      baseline: () => { if (noblePoseidon([0n, ...inputs])[0] !== want) throw new Error('noble poseidon: wrong hash'); },
    },
  ];
}
