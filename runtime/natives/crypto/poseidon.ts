// `hash-poseidon` / `poseidon-hash-hack-a-chain` (natives.md §7): circomlib's Poseidon over the
// BN254 scalar field for 1..8 inputs (width t = n + 1, 8 full rounds, x⁵ S-box). The round
// constants and MDS matrices are the Grain LFSR's of the Poseidon paper, shipped precomputed in
// poseidon-constants.bin beside this file (generated from @noble/curves' grainGenConstants:
// generating them took tens of ms per width and process). They are a data file, read on first
// use, rather than a literal in the code: as 140 KB of base64 they made every start read, and
// every code cache carry, text that two scripts in a batch use. The permutation is written out
// here: a script hashes a handful of times, so it runs as cold code, where noble's (array maps, a
// closure per round, its constants validated on first use) cost several times more;
// test/crypto/poseidon.test.ts checks it against noble's.

import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
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

/** The file of the constants: for t = 2..9 in turn, the t's round constants (one row of t per
 *  round) then its t × t MDS matrix, each number 32 bytes big-endian. The build puts it beside
 *  this module and beside the bundles (scripts/data-files.mjs); `npm run tables` remakes it. */
export const POSEIDON_CONSTANTS_FILE = 'poseidon-constants.bin';

/** How many numbers width t has in the file: its round constants and its MDS matrix. */
const numbersOf = (t: number): number => (ROUNDS_FULL + PARTIAL_ROUNDS[t - 2]!) * t + t * t;

let shipped: Buffer | undefined;

function constantsFile(): Buffer {
  if (shipped) return shipped;
  const url = new URL(POSEIDON_CONSTANTS_FILE, import.meta.url);
  let bytes: Buffer;
  try {
    bytes = readFileSync(url);
  } catch (e) {
    throw new Error(`Poseidon's constants: cannot read ${fileURLToPath(url)} (${(e as NodeJS.ErrnoException).code ?? (e as Error).message}); the build puts it there`);
  }
  const expected = 32 * PARTIAL_ROUNDS.reduce((n, _, i) => n + numbersOf(i + 2), 0);
  if (bytes.length !== expected) throw new Error(`Poseidon's constants: ${fileURLToPath(url)} has ${bytes.length} bytes, expected ${expected}`);
  return shipped = bytes;
}

/** The round constants (rounds × t) and the t × t MDS matrix for width t, from the shipped file. */
export function poseidonConstants(t: number): { roundConstants: bigint[][]; mds: bigint[][] } {
  const file = constantsFile();
  let from = 0;
  for (let w = 2; w < t; w++) from += 32 * numbersOf(w);
  const view = new DataView(file.buffer, file.byteOffset + from, 32 * numbersOf(t));
  const numbers: bigint[] = [];
  for (let at = 0; at < view.byteLength; at += 32) {
    numbers.push((view.getBigUint64(at) << 192n) | (view.getBigUint64(at + 8) << 128n)
      | (view.getBigUint64(at + 16) << 64n) | view.getBigUint64(at + 24));
  }
  const rows = (from: number, count: number) => Array.from({ length: count }, (_, r) => numbers.slice(from + r * t, from + (r + 1) * t));
  const rounds = ROUNDS_FULL + PARTIAL_ROUNDS[t - 2]!;
  return { roundConstants: rows(0, rounds), mds: rows(rounds * t, t) };
}

/** Per width t, the round constants (one row of t per round) and the MDS matrix, read on first use. */
const widths: ({ roundConstants: bigint[][]; mds: bigint[][] } | undefined)[] = [];

/**
 * The Poseidon permutation of `state` (t elements, each in [0, r)), in place: per round, add the
 * round's constants, apply x⁵ to every element (full rounds, the first and last 4) or to the
 * first (partial rounds), then multiply by the MDS matrix. Reductions are deferred where the
 * values stay small: a sum with a constant (< 2r) goes into the S-box or the matrix unreduced,
 * and each matrix row is reduced once (t products of < 2r·r).
 */
export function poseidonPermute(state: bigint[]): void {
  const t = state.length;
  const c = widths[t] ??= poseidonConstants(t);
  const rc = c.roundConstants, mds = c.mds;
  const partial = PARTIAL_ROUNDS[t - 2]!;
  const rounds = ROUNDS_FULL + partial, firstPartial = ROUNDS_FULL / 2, lastPartial = firstPartial + partial;
  const next: bigint[] = new Array(t);
  for (let round = 0; round < rounds; round++) {
    const k = rc[round];
    const full = round < firstPartial || round >= lastPartial;
    for (let i = 0; i < t; i++) {
      const x = state[i] + k[i];
      if (full || i === 0) {
        const x2 = (x * x) % BN254_R;
        state[i] = (((x2 * x2) % BN254_R) * x) % BN254_R;
      } else {
        state[i] = x;
      }
    }
    for (let row = 0; row < t; row++) {
      const m = mds[row];
      let sum = 0n;
      for (let j = 0; j < t; j++) sum += m[j] * state[j];
      next[row] = sum % BN254_R;
    }
    for (let i = 0; i < t; i++) state[i] = next[i];
  }
}

/** Poseidon hash of 1..8 integers (reduced mod r, negatives included): state [0, ...inputs], output state[0]. */
export function poseidonHash(inputs: bigint[]): bigint {
  if (inputs.length < 1 || inputs.length > 8) throw new RangeError(`poseidon: ${inputs.length} inputs, expected 1..8`);
  const state = [0n];
  for (const x of inputs) state.push(((x % BN254_R) + BN254_R) % BN254_R);
  poseidonPermute(state);
  return state[0];
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
