// hash-poseidon / poseidon-hash-hack-a-chain: circomlib-compatible Poseidon over BN254's Fr.

import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { grainGenConstants, poseidon } from '@noble/curves/abstract/poseidon.js';
import { Field } from '@noble/curves/abstract/modular.js';
import { BN254_R, PARTIAL_ROUNDS, ROUNDS_FULL, poseidonConstants, poseidonHash, poseidonPermute } from '../../runtime/natives/crypto/poseidon.js';
import { evalLast, errorOf } from '../helpers.js';

// poseidon([1..n]) for n = 1..8, from pact-5's pact-tests/poseidon-hash.repl (circomlib values;
// n = 2 is circomlibjs's own test vector 0x115cc0f5e7d690413df64c6b9662e9cf2a3617f2743245519e19607a4417189a).
const VECTORS: bigint[] = [
  18586133768512220936620570745912940619677854269274689475585506675881198879027n,
  7853200120776062878684798364095072458815029376092732009249414926327459813530n,
  6542985608222806190361240322586112750744169038454362455181422643027100751666n,
  18821383157269793795438455681495246036402687001665670618754263018637548127333n,
  6183221330272524995739186171720101788151706631170188140075976616310159254464n,
  20400040500897583745843009878988256314335038853985262692600694741116813247201n,
  12748163991115452309045839028154629052133952896122405799815156419278439301912n,
  18604317144381847857886385684060986177838410221561136253933256952257712543953n,
];
const inputs = (n: number) => Array.from({ length: n }, (_, i) => BigInt(i + 1));

test('poseidon([1..n]) for 1..8 inputs', () => {
  VECTORS.forEach((want, i) => assert.is(poseidonHash(inputs(i + 1)), want, `n = ${i + 1}`));
  assert.is(VECTORS[1], 0x115cc0f5e7d690413df64c6b9662e9cf2a3617f2743245519e19607a4417189an);
});

test('the shipped round constants and MDS matrices are grainGenConstants\' for t = 2..9 (npm run tables remakes them)', () => {
  PARTIAL_ROUNDS.forEach((roundsPartial, i) => {
    const t = i + 2, shipped = poseidonConstants(t);
    assert.equal(shipped, grainGenConstants({ Fp: Field(BN254_R), t, roundsFull: ROUNDS_FULL, roundsPartial }), `t = ${t}`);
    assert.is(shipped.roundConstants.length, ROUNDS_FULL + roundsPartial);
    assert.ok(shipped.roundConstants.every(row => row.length === t && row.every(c => c < BN254_R)));
  });
});

test('the MDS matrix for t = 2 is circomlibjs poseidon_constants M[0]', () => {
  // circomlibjs src/poseidon_constants.js, M[0] (also embedded in pact-5's Poseidon.hs)
  const { mds } = poseidonConstants(2);
  assert.equal(mds, [
    [0x066f6f85d6f68a85ec10345351a23a3aaf07f38af8c952a7bceca70bd2af7ad5n, 0x2b9d4b4110c9ae997782e1509b1d0fdb20a7c02bbd8bea7305462b9f8125b1e8n],
    [0x0cc57cdbb08507d62bf67a4493cc262fb6c09d557013fff1f573f431221f8ff9n, 0x1274e649a32ed355a31a6ed69724e1adade857e86eb5c3a121bcd147943203c8n],
  ]);
});

test('the permutation is noble\'s, for every width and states of small, large and extreme elements', () => {
  // a deterministic spread of field elements: 0, 1, r − 1, and a multiplicative walk across [0, r)
  let x = 0x2545f4914f6cdd1dn;
  const element = (i: number): bigint => {
    if (i % 7 === 0) return 0n;
    if (i % 7 === 1) return BN254_R - 1n;
    if (i % 7 === 2) return 1n;
    x = (x * 0x9e3779b97f4a7c15f39cc0605cedc835n + 0xda942042e4dd58b5n) % BN254_R;
    return x;
  };
  let n = 0;
  PARTIAL_ROUNDS.forEach((roundsPartial, w) => {
    const t = w + 2;
    const noble = poseidon({ Fp: Field(BN254_R), t, roundsFull: ROUNDS_FULL, roundsPartial, ...poseidonConstants(t), sboxPower: 5 });
    for (let k = 0; k < 12; k++) {
      const state = Array.from({ length: t }, () => element(n++));
      const want = noble(state);
      poseidonPermute(state);
      assert.equal(state, want, `t = ${t}, state ${k}`);
    }
  });
});

test('inputs are taken mod r, negatives included (Haskell `mod`)', () => {
  assert.is(poseidonHash([BN254_R + 1n]), VECTORS[0]);
  assert.is(poseidonHash([-1n]), poseidonHash([BN254_R - 1n]));
});

test('both natives, through the REPL', () => {
  for (const name of ['hash-poseidon', 'poseidon-hash-hack-a-chain']) {
    for (let n = 2; n <= 8; n++) assert.is(evalLast(`(${name} ${inputs(n).join(' ')})`), String(VECTORS[n - 1]));
  }
});

test('0, more than 8, or non-integer arguments are type errors on the list', () => {
  assert.is(errorOf('(hash-poseidon 1 2 3 4 5 6 7 8 9)'),
    'Type error: failed to call native function hash-poseidon with argument(s) of type(s): list');
  assert.is(errorOf('(poseidon-hash-hack-a-chain 1 "a")'),
    'Type error: failed to call native function poseidon-hash-hack-a-chain with argument(s) of type(s): list');
  assert.is(errorOf('(hash-poseidon 1 2.0)'),
    'Type error: failed to call native function hash-poseidon with argument(s) of type(s): list');
});

test('gas: 124 000 flat + k²·50 000 + k·38 000 (gas.md §2.3)', () => {
  const gas = (expr: string) => evalLast(`(env-gasmodel "table") (env-gaslimit 10000000) (env-gas 0) ${expr} (env-milligas)`);
  // list literal of 2 (200) + 124 000 + 4·50 000 + 2·38 000
  assert.is(gas('(hash-poseidon 1 2)'), '400200');
  assert.is(gas('(poseidon-hash-hack-a-chain 1 2 3 4 5 6 7 8)'), String(800 + 124000 + 64 * 50000 + 8 * 38000));
});

test.run();
