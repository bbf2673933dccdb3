// npm run tables: rewrite stream/layout-matcher-wasm.ts, the header stream's layout matcher as
// runtime/wasm/layout-matcher.ts writes it (after a build). stream/ imports nothing outside itself,
// so it carries the module's bytes; test/stream/layout-matcher.test.ts fails while they are stale.
import { writeFileSync } from 'node:fs';
import { layoutMatcherModuleBytes } from '../dist/runtime/wasm/layout-matcher.js';
import { layoutMatcherSource } from '../dist/runtime/wasm/module-source.js';

writeFileSync(new URL('../stream/layout-matcher-wasm.ts', import.meta.url), layoutMatcherSource(layoutMatcherModuleBytes()));
