// The crypto libraries, each loaded on its first use: a script that calls no keccak
// or WebAuthn-key code pays nothing at startup for them (building their curves takes ms).

import { createRequire } from 'node:module';

// types only: the values come from `load` below (the CLI bundle turns these loads into bundled,
// lazily initialised modules; see scripts/bundle.mjs)
type Sha3 = typeof import('@noble/hashes/sha3.js');
type Blake2 = typeof import('@noble/hashes/blake2.js');
type Nist = typeof import('@noble/curves/nist.js');

const load = createRequire(import.meta.url);

/** `make()` once, on the first call. */
function once<T>(make: () => T): () => T {
  let value: T | undefined;
  return () => (value ??= make());
}

export const keccakLibrary = once(() => load('@noble/hashes/sha3.js') as Sha3);
/** BLAKE2b where WebAssembly is missing (runtime/values/blake2b.ts has its own otherwise). */
export const blake2bLibrary = once(() => load('@noble/hashes/blake2.js') as Blake2);
export const nistLibrary = once(() => load('@noble/curves/nist.js') as Nist);
