// WebAssembly written out by pactvm itself, for the arithmetic that runs while the engine's code
// is still cold: a module writer (functions, globals, one memory, data segments), a function body
// over field elements in memory, and Montgomery arithmetic modulo a prime below 2^254. BLAKE2b
// (runtime/values) and the BN254 and Poseidon fields (runtime/natives/crypto) are built on it, and
// layout-matcher.ts writes the header stream's layout matcher (shipped in stream/, not exported here).

export * from './writer.js';
export * from './element-function.js';
export * from './montgomery.js';
