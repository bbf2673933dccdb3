// `hash-poseidon` / `poseidon-hash-hack-a-chain` (natives.md §7): circomlib's Poseidon over the
// BN254 scalar field for 1..8 inputs (width t = n + 1, 8 full rounds, x⁵ S-box). The round
// constants and MDS matrices come from the Grain LFSR of the Poseidon paper (poseidon-grain.ts,
// the numbers of @noble/curves' grainGenConstants, which reproduces circomlib's published
// constants), made on first use of each width; the permutation is @noble/curves'.

import type { PoseidonFn } from '@noble/curves/abstract/poseidon.js';
import { poseidonLibrary } from './libraries.js';
import { grainConstants } from './poseidon-grain.js';
import type { Runtime } from '../context.js';
import type { NativeTable } from '../registry.js';
import { argTypeError } from '../errors.js';
import { isInt, normInt } from '../../values/numbers.js';
import type { Value } from '../../../vm/values.js';
import { chargePoseidon } from './gas.js';

/** r, the order of BN254's G1: Poseidon's field. */
export const BN254_R = 21888242871839275222246405745257275088548364400416034343698204186575808495617n;
/** circomlib's partial-round counts for t = 2..9 */
const PARTIAL_ROUNDS = [56, 57, 56, 60, 60, 63, 64, 63];

const permutations: (PoseidonFn | undefined)[] = [];

/** The permutation for n inputs, built (constants generated) on first use. */
function permutation(n: number): PoseidonFn {
  let p = permutations[n];
  if (!p) {
    const { Field, poseidon } = poseidonLibrary();
    const Fp = Field(BN254_R), t = n + 1, roundsFull = 8, roundsPartial = PARTIAL_ROUNDS[n - 1];
    p = poseidon({ Fp, t, roundsFull, roundsPartial, ...grainConstants(Fp, t, roundsFull, roundsPartial), sboxPower: 5 });
    permutations[n] = p;
  }
  return p;
}

/** Poseidon hash of 1..8 integers (reduced mod r, negatives included): state [0, ...inputs], output state[0]. */
export function poseidonHash(inputs: bigint[]): bigint {
  if (inputs.length < 1 || inputs.length > 8) throw new RangeError(`poseidon: ${inputs.length} inputs, expected 1..8`);
  return permutation(inputs.length)([0n, ...inputs])[0];
}

export function poseidonNatives(rt: Runtime): NativeTable {
  const native = (name: string) => (args: Value[]): Value => {
    const list = args[0];
    if (!Array.isArray(list) || list.length < 1 || list.length > 8 || !list.every(isInt)) throw argTypeError(name, args);
    if (rt.gas.metered) chargePoseidon(rt.gas, list.length);
    return normInt(poseidonHash(list.map(x => BigInt(x as number | bigint))));
  };
  return {
    'hash-poseidon': native('hash-poseidon'),
    'poseidon-hash-hack-a-chain': native('poseidon-hash-hack-a-chain'),
  };
}
