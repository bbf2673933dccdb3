// Cryptographic natives (keccak256, Poseidon, BN254, Hyperlane, verifiers): their tables for the registry.

import type { Runtime } from '../context.js';
import type { NativeTable } from '../registry.js';
import { keccakNatives } from './keccak.js';
import { poseidonNatives } from './poseidon.js';
import { bn254Natives } from './bn254.js';
import { hyperlaneNatives } from './hyperlane.js';
import { verifierNatives } from './verifiers.js';

export { isValidKeyFormat, isWebAuthnKeyFormat } from './webauthn.js';

/** The groups as separate tables: every session assembles them, and merging them into one object
 *  by spreads cost more than the registry's walk over all the tables. */
export function cryptoNatives(rt: Runtime): NativeTable[] {
  return [keccakNatives(rt), poseidonNatives(rt), bn254Natives(rt), hyperlaneNatives(rt), verifierNatives(rt)];
}
