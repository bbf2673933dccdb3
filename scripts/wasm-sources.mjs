// npm run tables: rewrite the TypeScript files that carry WebAssembly modules as bytes, each as its
// writer makes it (after a build): stream/layout-matcher-wasm.ts (the header stream's layout
// matcher; stream/ imports nothing outside itself) and runtime/values/blake2b-wasm.ts (BLAKE2b's
// compression function) and compiler/reader-wasm.ts (the lexer's common rules).
// test/stream/layout-matcher.test.ts, test/values/blake2b.test.ts and test/compiler/wasm-reader.test.ts
// fail while any is stale.
import { writeFileSync } from 'node:fs';
import { layoutMatcherModuleBytes } from '../dist/runtime/wasm/layout-matcher.js';
import { blake2bModuleBytes } from '../dist/runtime/wasm/blake2b-module.js';
import { readerModuleBytes } from '../dist/runtime/wasm/reader-module.js';
import { blake2bSource, layoutMatcherSource, readerSource } from '../dist/runtime/wasm/module-source.js';

writeFileSync(new URL('../stream/layout-matcher-wasm.ts', import.meta.url), layoutMatcherSource(layoutMatcherModuleBytes()));
writeFileSync(new URL('../runtime/values/blake2b-wasm.ts', import.meta.url), blake2bSource(blake2bModuleBytes()));
writeFileSync(new URL('../compiler/reader-wasm.ts', import.meta.url), readerSource(readerModuleBytes()));
