// `hash-poseidon` / `poseidon-hash-hack-a-chain` (natives.md §7): circomlib's Poseidon over the
// BN254 scalar field for 1..8 inputs (width t = n + 1, 8 full rounds, x⁵ S-box). The round
// constants and MDS matrices are the Grain LFSR's of the Poseidon paper, kept precomputed in
// poseidon-constants.bin beside this file (generated from @noble/curves' grainGenConstants:
// generating them took tens of ms per width and process). `npm run tables` writes them into the
// field module's memory (bn254-wasm.ts, in Fr's Montgomery form), so a process that hashes reads
// them with that module and converts nothing; the file stays their checked source. The rounds are
// WebAssembly too: a script hashes a handful of times, as cold code, where BigInt rounds cost a
// product, a `%` and an allocation per step. test/crypto/poseidon.test.ts checks the file against
// noble's constants and the hash against noble's.

import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Runtime } from '../context.js';
import type { NativeTable } from '../registry.js';
import { argTypeError } from '../errors.js';
import { isInt, normInt } from '../../values/numbers.js';
import type { Value } from '../../../vm/values.js';
import { chargePoseidon } from './gas.js';
import { BN254_R, fields, scratch, alloc } from './bn254-field.js';
import { CONST, ROUNDS_FULL, PARTIAL_ROUNDS, POSEIDON_WIDTHS, numbersOf, poseidonAt } from './bn254-wasm.js';
import { ELEMENT } from '../../wasm/montgomery.js';

export { BN254_R };
export { ROUNDS_FULL, PARTIAL_ROUNDS };

/** The file of the constants: for t = 2..9 in turn, the t's round constants (one row of t per
 *  round) then its t × t MDS matrix, each number 32 bytes big-endian. The build puts it beside
 *  this module (scripts/data-files.mjs); `npm run tables` remakes it. */
export const POSEIDON_CONSTANTS_FILE = 'poseidon-constants.bin';

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
  const expected = 32 * POSEIDON_WIDTHS.reduce((n, t) => n + numbersOf(t), 0);
  if (bytes.length !== expected) throw new Error(`Poseidon's constants: ${fileURLToPath(url)} has ${bytes.length} bytes, expected ${expected}`);
  return shipped = bytes;
}

/** The round constants (rounds × t) and the t × t MDS matrix for width t, from the file. */
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

/**
 * The Poseidon permutation of `state` (t elements, each in [0, r)), in place: per round, add the
 * round's constants, apply x⁵ to every element (full rounds, the first and last 4) or to the
 * first (partial rounds), then multiply by the MDS matrix. The rounds and the constants (in the
 * module's memory) are bn254-wasm.ts's.
 */
export function poseidonPermute(state: bigint[]): void {
  const t = state.length;
  const c = poseidonAt(t);
  const partial = PARTIAL_ROUNDS[t - 2]!;
  const rounds = ROUNDS_FULL + partial, firstPartial = ROUNDS_FULL / 2, lastPartial = firstPartial + partial;
  scratch(() => {
    const m = fields(), ex = m.ex, s = alloc(ELEMENT * t);
    for (let i = 0; i < t; i++) { m.writePlain(s + ELEMENT * i, state[i]); ex.frMul(s + ELEMENT * i, s + ELEMENT * i, CONST.r2Fr); }
    const fullRound = ex[`poseidonFull${t}`], partialRound = ex[`poseidonPartial${t}`];
    for (let round = 0; round < rounds; round++) {
      const full = round < firstPartial || round >= lastPartial;
      (full ? fullRound : partialRound)(s, c.constants + ELEMENT * t * round, c.mds);
    }
    for (let i = 0; i < t; i++) { ex.frMul(s + ELEMENT * i, s + ELEMENT * i, CONST.plainOne); state[i] = m.readPlain(s + ELEMENT * i); }
  });
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
