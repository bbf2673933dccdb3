// BLAKE2b-256 (RFC 7693), Pact's hash: module hashes, `hash`, principals, defpact ids. The
// compression function is WebAssembly (written out by runtime/wasm/blake2b-module.ts, shipped as
// blake2b-wasm.ts, compiled on first use). Why not a JS library: a module deploy hashes tens of
// kilobytes once per process, while the code is still cold. JS BLAKE2b runs interpreted until V8
// optimises it, which took 50–120 ms of a typical test script (a coin-contract deploy);
// WebAssembly is compiled before its first call (Liftoff), so the same bytes hash in about a
// millisecond. test/values/blake2b.test.ts checks it against RFC 7693's vector and @noble/hashes
// on inputs of every length around the block size.

import { BLAKE2B_WASM } from './blake2b-wasm.js';
import { blake2bLibrary } from '../natives/crypto/libraries.js';

export const IV = [
  0x6a09e667f3bcc908n, 0xbb67ae8584caa73bn, 0x3c6ef372fe94f82bn, 0xa54ff53a5f1d36f1n,
  0x510e527fade682d1n, 0x9b05688c2b3e6c1fn, 0x1f83d9abfb41bd6bn, 0x5be0cd19137e2179n,
];

const BLOCK = 128;
/** Memory layout: the chaining state h (8 words) at 0, the block being compressed at 64. */
export const STATE_AT = 0, BLOCK_AT = 64;

/** The state a 32-byte, unkeyed hash starts from: IV with the parameter block (digest length 32,
 *  fanout and depth 1) xored into its first word, little-endian. */
const INITIAL_STATE = (() => {
  const bytes = new Uint8Array(64);
  const view = new DataView(bytes.buffer);
  IV.forEach((w, i) => view.setBigUint64(8 * i, i === 0 ? w ^ 0x01010020n : w, true));
  return bytes;
})();

export type Blake2b256 = (input: Uint8Array) => Uint8Array;

/** A BLAKE2b-256 function over its own instance of the module, the shipped one unless given
 *  (one per process is enough: a hash runs to completion before the next starts). */
export function makeBlake2b256(moduleBytes: Uint8Array<ArrayBuffer> = Buffer.from(BLAKE2B_WASM, 'base64')): Blake2b256 {
  const exports = new WebAssembly.Instance(new WebAssembly.Module(moduleBytes)).exports;
  const compress = exports.compress as (count: number, last: number) => void;
  const memory = new Uint8Array((exports.memory as WebAssembly.Memory).buffer);
  return input => {
    memory.set(INITIAL_STATE, STATE_AT);
    const n = input.length;
    let at = 0;
    // every block but the last, which is compressed with the flag (an empty input is one empty block)
    for (; n - at > BLOCK; at += BLOCK) {
      memory.set(input.subarray(at, at + BLOCK), BLOCK_AT);
      compress(at + BLOCK, 0);
    }
    memory.fill(0, BLOCK_AT, BLOCK_AT + BLOCK);
    memory.set(input.subarray(at), BLOCK_AT);
    compress(n, 1);
    return memory.slice(STATE_AT, STATE_AT + 32);
  };
}

let shared: Blake2b256 | null = null;

/** BLAKE2b with a 32-byte digest of `input` (the module is compiled on first use;
 *  where there is no WebAssembly, as under `node --jitless`, or it refuses the module,
 *  @noble/hashes' BLAKE2b computes it). */
export function blake2b256(input: Uint8Array): Uint8Array {
  shared ??= blake2bWithWebAssembly() ?? blake2bWithoutWebAssembly();
  return shared(input);
}

function blake2bWithWebAssembly(): Blake2b256 | null {
  if (typeof WebAssembly !== 'object') return null;
  try {
    return makeBlake2b256();
  } catch {
    return null;
  }
}

function blake2bWithoutWebAssembly(): Blake2b256 {
  const { blake2b } = blake2bLibrary();
  return input => blake2b(input, { dkLen: 32 });
}
