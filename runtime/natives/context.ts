// What natives see of the running system: the machine (to call closures), the gas meter, the
// transaction environment (message data, chain data, signers, flags) and the output channel.

import type { Machine } from '../../vm/machine.js';
import type { GasMeter } from '../gas/meter.js';
import { PactDecimal, PactObject, PactTime, type CapToken, type Value } from '../../vm/values.js';

export interface ChainData {
  'chain-id': string;
  'block-height': number | bigint;
  'block-time': bigint; // micros
  'prev-block-hash': string;
  sender: string;
  'gas-limit': number | bigint;
  'gas-price': PactDecimal;
}

/** The transaction environment (repl.md §1.2): survives begin/commit/rollback. */
export class Environment {
  data: Value = new PactObject(new Map());
  /** signer key → capabilities the signature is scoped to */
  signers = new Map<string, CapToken[]>();
  verifiers = new Map<string, CapToken[]>();
  txHash = EMPTY_TEXT_HASH;
  chainData: ChainData = defaultChainData();
  /** execution flags set with env-exec-config */
  flags = new Set<string>();
}

/** The hash of '' (BLAKE2b-256, base64url), the initial tx hash: written out, so that a process
 *  that never hashes does not build the hash function at startup (test/natives/hashing.test.ts
 *  checks it against hashText). */
export const EMPTY_TEXT_HASH = 'DldRwCblQ7Loqy6wYJnaodHl30d3j3eH-qtFzfEv46g';

export function defaultChainData(): ChainData {
  return {
    'chain-id': '', 'block-height': 0, 'block-time': 0n, 'prev-block-hash': '', sender: '',
    'gas-limit': 0, 'gas-price': new PactDecimal(0n, 0),
  };
}


export interface Runtime {
  vm: Machine;
  gas: GasMeter;
  env: Environment;
  /** print channel: `print` output and warnings */
  print(text: string): void;
  /** pending warnings, flushed after each top-level form */
  warn(text: string): void;
}

/** The object `chain-data` returns. */
export function chainDataObject(c: ChainData): PactObject {
  return PactObject.of([
    ['block-height', c['block-height']], ['block-time', new PactTime(c['block-time'])],
    ['chain-id', c['chain-id']], ['gas-limit', c['gas-limit']], ['gas-price', c['gas-price']],
    ['prev-block-hash', c['prev-block-hash']], ['sender', c.sender],
  ]);
}

/** An emitted event, as env-events reports it. */
export interface PactEvent { name: string; params: Value[]; moduleHash: string }
