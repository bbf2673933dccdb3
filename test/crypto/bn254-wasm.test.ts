// The field module as shipped (runtime/natives/crypto/bn254-fields.wasm) is what bn254-wasm.ts
// writes from poseidon-constants.bin today, its constants are the values they are named for, and
// bn254-field.ts hands out and takes back its memory as it says.

import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { readFileSync } from 'node:fs';
import { bn254ModuleBytes, BN254_MODULE_FILE, CONST, HEAP, POSEIDON_WIDTHS, poseidonAt, numbersOf, ROUNDS_FULL, PARTIAL_ROUNDS } from '../../runtime/natives/crypto/bn254-wasm.js';
import {
  Q, BN254_R, fields, scratch, putFq, getFq, getFq2, putFq2, mulFq, mul2, inv2, FQ, FQ2,
} from '../../runtime/natives/crypto/bn254-field.js';
import { poseidonConstants } from '../../runtime/natives/crypto/poseidon.js';
import { FROBENIUS_W, TWIST_B } from '../../runtime/natives/crypto/bn254-frobenius.js';
import { readLimbs, montgomeryRadix, ELEMENT } from '../../runtime/wasm/montgomery.js';

/** the committed file (this test runs from dist/test/crypto/) */
const shipped = (): Uint8Array => readFileSync(new URL(`../../../runtime/natives/crypto/${BN254_MODULE_FILE}`, import.meta.url));
const numbers = () => POSEIDON_WIDTHS.flatMap(t => { const c = poseidonConstants(t); return [...c.roundConstants.flat(), ...c.mds.flat()]; });

test('the shipped module is the one bn254-wasm.ts writes from poseidon-constants.bin (npm run tables rewrites it)', () => {
  const written = bn254ModuleBytes(Q, BN254_R, numbers());
  assert.ok(Buffer.from(shipped()).equals(Buffer.from(written)), 'bn254-fields.wasm is stale: run npm run tables');
  assert.throws(() => bn254ModuleBytes(Q, BN254_R, numbers().slice(1)), /Poseidon constants, expected/);
});

test('its constants are the values they are named for', () => {
  const words = fields().u32, R = montgomeryRadix(Q), RR = montgomeryRadix(BN254_R);
  const plain = (at: number) => readLimbs(words, at);
  assert.is(plain(CONST.zero), 0n);
  assert.is(plain(CONST.zero + FQ), 0n);
  assert.is(plain(CONST.plainOne), 1n);
  assert.is(plain(CONST.r2), (R * R) % Q);
  assert.is(plain(CONST.r2Fr), (RR * RR) % BN254_R);
  assert.equal(getFq2(CONST.montOne), [1n, 0n]);
  assert.is((getFq(CONST.half) * 2n) % Q, 1n);
  assert.equal(getFq2(CONST.threeB), [(3n * TWIST_B[0]) % Q, (3n * TWIST_B[1]) % Q]);
  FROBENIUS_W.forEach((row, n) => row.forEach((c, k) => {
    assert.equal(getFq2(CONST.frobenius + (5 * n + k) * FQ2), [c[0], c[1]], `γ(${n + 1}, ${k + 1})`);
  }));
  // Poseidon's constants in Fr's Montgomery form, where poseidon.ts looks for them
  for (const t of [2, 5, 9]) {
    const c = poseidonConstants(t), at = poseidonAt(t), rounds = ROUNDS_FULL + PARTIAL_ROUNDS[t - 2]!;
    const fr = (a: number) => (plain(a) * modInverse(RR, BN254_R)) % BN254_R;
    assert.is(fr(at.constants), c.roundConstants[0][0]);
    assert.is(fr(at.constants + ELEMENT * (rounds * t - 1)), c.roundConstants[rounds - 1][t - 1]);
    assert.is(fr(at.mds), c.mds[0][0]);
    assert.is(fr(at.mds + ELEMENT * (t * t - 1)), c.mds[t - 1][t - 1]);
    assert.is(at.mds + ELEMENT * t * t, at.constants + ELEMENT * numbersOf(t));
  }
  assert.is(poseidonAt(9).constants + ELEMENT * numbersOf(9), HEAP);
});

function modInverse(a: bigint, m: bigint): bigint {
  let r0 = m, r1 = a % m, s0 = 0n, s1 = 1n;
  while (r1 !== 0n) { const k = r0 / r1; [r0, r1] = [r1, r0 - k * r1]; [s0, s1] = [s1, s0 - k * s1]; }
  return ((s0 % m) + m) % m;
}

test('scratch takes back what ran inside it, also when it throws, and nests', () => {
  const m = fields(), top = m.top;
  const x = scratch(() => {
    const a = putFq(5n), b = putFq(7n);
    assert.ok(m.top > top);
    const inner = m.top;
    assert.is(scratch(() => getFq(mulFq(putFq(2n), b))), 14n);
    assert.is(m.top, inner);
    return getFq(mulFq(a, b));
  });
  assert.is(x, 35n);
  assert.is(m.top, top);
  assert.throws(() => scratch(() => { putFq(1n); putFq2([0n, 0n]); inv2(CONST.zero); }), /inverse of zero/);
  assert.is(m.top, top);
});

test('the heap grows past the memory it started with, and elements keep their values across the growth', () => {
  const m = fields(), pages = m.ex.memory.buffer.byteLength / 65536;
  scratch(() => {
    const first = putFq2([3n, 4n]);
    // enough elements to need more pages than the module started with
    const count = Math.ceil((pages * 65536 - HEAP) / FQ2) + 10;
    let last = first;
    for (let i = 0; i < count; i++) last = mul2(last, first);
    assert.ok(m.ex.memory.buffer.byteLength / 65536 > pages);
    assert.equal(getFq2(first), [3n, 4n]);
    // (3 + 4u)^(count + 1) by BigInts
    let want: [bigint, bigint] = [3n, 4n];
    for (let i = 0; i < count; i++) want = [((want[0] * 3n - want[1] * 4n) % Q + Q) % Q, (want[0] * 4n + want[1] * 3n) % Q];
    assert.equal(getFq2(last), want);
  });
});

test.run();
