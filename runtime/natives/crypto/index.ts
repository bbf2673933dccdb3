// Cryptographic natives (keccak256, Poseidon, BN254, Hyperlane): one table for the registry.

import type { Runtime } from '../../context.js';
import type { NativeTable } from '../registry.js';

export function cryptoNatives(_rt: Runtime): NativeTable {
  return {};
}
