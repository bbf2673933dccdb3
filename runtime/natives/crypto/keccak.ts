// `hash-keccak256` (natives.md §7): Keccak-256 (Ethereum's, not SHA3-256) over the concatenated
// bytes of base64url chunks, answered as unpadded base64url. The digest is @noble/hashes'.

import { keccakLibrary } from './libraries.js';
import type { Runtime } from '../context.js';
import type { NativeTable } from '../registry.js';
import { argTypeError } from '../errors.js';
import { PactError } from '../../../vm/errors.js';
import { decodeBase64Url, base64UrlEncode } from '../../values/base64url.js';
import { chargeKeccak } from './gas.js';

const utf8 = new TextEncoder();

export function keccak256(bytes: Uint8Array): Uint8Array {
  return keccakLibrary().keccak_256(bytes);
}

export function keccakNatives(rt: Runtime): NativeTable {
  return {
    'hash-keccak256': args => {
      const list = args[0];
      if (!Array.isArray(list)) throw argTypeError('hash-keccak256', args);
      // a non-string element is reported alone, as Pact's asString does
      for (const x of list) if (typeof x !== 'string') throw argTypeError('hash-keccak256', [x]);
      const texts = list as string[];
      // priced by the UTF-8 length of each base64 text, before decoding
      if (rt.gas.metered) chargeKeccak(rt.gas, texts.map(t => utf8.encode(t).length));
      const h = keccakLibrary().keccak_256.create();
      for (const t of texts) {
        const d = decodeBase64Url(t);
        if (!d.ok) throw new PactError('exec', `Base64URL decode failed: ${d.error}`);
        h.update(d.bytes);
      }
      return base64UrlEncode(h.digest());
    },
  };
}
