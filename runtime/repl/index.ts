// The REPL: a session that runs Pact REPL scripts (transactions, env-* natives, expect*), the
// script runner and its reports, the interactive prompt, parallel batch runs and the CLI.

export * from './session.js';
export * from './runner.js';
export * from './report.js';
export * from './reporters.js';
export { portable } from './parallel.js';
export type { ExpectCase, PortableResult } from './parallel.js';
