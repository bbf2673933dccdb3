// npm run tables: rewrite runtime/values/blake2b-wasm.ts, BLAKE2b's compression function as
// runtime/wasm/blake2b-module.ts writes it (after a build); test/values/blake2b.test.ts fails
// while it is stale.
import { writeFileSync } from 'node:fs';
import { blake2bModuleBytes } from '../dist/runtime/wasm/blake2b-module.js';
import { blake2bSource } from '../dist/runtime/wasm/module-source.js';

writeFileSync(new URL('../runtime/values/blake2b-wasm.ts', import.meta.url), blake2bSource(blake2bModuleBytes()));
