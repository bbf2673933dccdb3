// npm run tables: regenerate runtime/natives/crypto/poseidon-constants.bin, Poseidon's Grain-LFSR
// round constants and MDS matrices for widths 2..9 over BN254's Fr, from @noble/curves'
// grainGenConstants (after a build). test/crypto/poseidon.test.ts fails while they are stale.
import { writeFileSync } from 'node:fs';
import { grainGenConstants } from '@noble/curves/abstract/poseidon.js';
import { Field } from '@noble/curves/abstract/modular.js';
import { BN254_R, PARTIAL_ROUNDS, POSEIDON_CONSTANTS_FILE, ROUNDS_FULL } from '../dist/runtime/natives/crypto/poseidon.js';

const Fr = Field(BN254_R);
/** each number as 32 big-endian bytes */
const bytes = xs => Buffer.concat(xs.map(x => Buffer.from(x.toString(16).padStart(64, '0'), 'hex')));
const widths = PARTIAL_ROUNDS.map((roundsPartial, i) => {
  const { roundConstants, mds } = grainGenConstants({ Fp: Fr, t: i + 2, roundsFull: ROUNDS_FULL, roundsPartial });
  return bytes([...roundConstants.flat(), ...mds.flat()]);
});
// for t = 2..9 in turn: the round constants, then the MDS matrix (the layout poseidon.ts reads)
writeFileSync(new URL(`../runtime/natives/crypto/${POSEIDON_CONSTANTS_FILE}`, import.meta.url), Buffer.concat(widths));
