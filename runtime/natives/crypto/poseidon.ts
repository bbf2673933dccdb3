// `hash-poseidon` / `poseidon-hash-hack-a-chain` (natives.md §7): circomlib's Poseidon over the
// BN254 scalar field for 1..8 inputs (width t = n + 1, 8 full rounds, x⁵ S-box). The round
// constants and MDS matrices are the Grain LFSR's of the Poseidon paper, shipped precomputed
// (poseidon-constants.ts, generated from @noble/curves' grainGenConstants: generating them took
// tens of ms per width and process); the permutation is @noble/curves'.

import type { PoseidonFn } from '@noble/curves/abstract/poseidon.js';
import { poseidonLibrary } from './libraries.js';
import { POSEIDON_CONSTANTS } from './poseidon-constants.js';
import type { Runtime } from '../context.js';
import type { NativeTable } from '../registry.js';
import { argTypeError } from '../errors.js';
import { isInt, normInt } from '../../values/numbers.js';
import type { Value } from '../../../vm/values.js';
import { chargePoseidon } from './gas.js';

/** r, the order of BN254's G1: Poseidon's field. */
export const BN254_R = 21888242871839275222246405745257275088548364400416034343698204186575808495617n;
export const ROUNDS_FULL = 8;
/** circomlib's partial-round counts for t = 2..9 */
export const PARTIAL_ROUNDS: readonly number[] = [56, 57, 56, 60, 60, 63, 64, 63];

/** The round constants (rounds × t) and the t × t MDS matrix for width t, from their shipped bytes. */
export function poseidonConstants(t: number): { roundConstants: bigint[][]; mds: bigint[][] } {
  const bytes = Buffer.from(POSEIDON_CONSTANTS[t - 2]!, 'base64');
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.length);
  const numbers: bigint[] = [];
  for (let at = 0; at < bytes.length; at += 32) {
    numbers.push((view.getBigUint64(at) << 192n) | (view.getBigUint64(at + 8) << 128n)
      | (view.getBigUint64(at + 16) << 64n) | view.getBigUint64(at + 24));
  }
  const rows = (from: number, count: number) => Array.from({ length: count }, (_, r) => numbers.slice(from + r * t, from + (r + 1) * t));
  const rounds = ROUNDS_FULL + PARTIAL_ROUNDS[t - 2]!;
  return { roundConstants: rows(0, rounds), mds: rows(rounds * t, t) };
}

const permutations: (PoseidonFn | undefined)[] = [];

/** The permutation for n inputs, built on first use. */
function permutation(n: number): PoseidonFn {
  let p = permutations[n];
  if (!p) {
    const { Field, poseidon } = poseidonLibrary();
    const t = n + 1;
    p = poseidon({ Fp: Field(BN254_R), t, roundsFull: ROUNDS_FULL, roundsPartial: PARTIAL_ROUNDS[n - 1]!, ...poseidonConstants(t), sboxPower: 5 });
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
