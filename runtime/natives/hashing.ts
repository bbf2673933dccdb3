// `hash` (natives.md §2, §7): BLAKE2b-256 as unpadded base64url, of a string's UTF-8 bytes or of
// any other value's stable JSON encoding. The heavier hashes (keccak, poseidon) live elsewhere.

import type { Runtime } from './context.js';
import type { NativeTable } from './registry.js';
import { argTypeError } from './errors.js';
import { isCallable } from '../../vm/values.js';
import { hashBytes } from '../values/digest.js';
import { stableJson } from '../values/json.js';
import { countValue } from '../values/size.js';
import { GasCharges } from '../gas/charges.js';

const utf8 = new TextEncoder();

export function hashingNatives(rt: Runtime): NativeTable {
  const g = new GasCharges(rt.gas);
  return {
    'hash': args => {
      const v = args[0];
      if (typeof v === 'string') {
        const bytes = utf8.encode(v);
        if (g.metered) g.hash(bytes.length);
        return hashBytes(bytes);
      }
      if (isCallable(v)) throw argTypeError('hash', args);
      if (g.metered) g.hash(rt.gas.sizeOf(countValue, v));
      return hashBytes(utf8.encode(stableJson(v)));
    },
  };
}
