// pactvm as a library: run Pact 5 REPL scripts (whole files, or text in a session you keep) and
// follow a Chainweb node's block-header stream. `import { runScript, ReplSession } from 'pactvm'`.

// The REPL: sessions, the script runner, failure rendering and the machine-readable reporters.
export * from './runtime/repl/index.js';
export { runSource } from './runtime/repl/script.js';
export { interactive } from './runtime/repl/interactive.js';
export { pretty } from './runtime/values/render.js';
export { SourceFile, Span } from './vm/source.js';
export { PactError } from './vm/errors.js';
export { TABLE_MODEL, FREE_MODEL, MAX_MILLIGAS, fixedModel } from './runtime/gas/meter.js';
export type { GasModel } from './runtime/gas/meter.js';

// The block-header stream toolkit (also importable alone, without the engine, as 'pactvm/stream').
export * from './stream/index.js';
