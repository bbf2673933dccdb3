// Mutation testing of the REPL's natives and script runner (npm run mutate -- repl): transactions,
// env-*, expect*, loading files, and the session they act on. The CLI, the interactive REPL and
// the batch runner are driven in child processes by their tests, which Stryker cannot see. Left out,
// as in the vm scope: the cache tests (source-cache's lex count, contracts/module-cache.test.ts),
// which find what an earlier mutant left in the process-wide caches and make the runner restart
// its worker again and again.
import { scope } from './base.mjs';
import { ENGINE_TESTS } from './engine-tests.mjs';
export default scope('repl', ['runtime/repl/natives.ts', 'runtime/repl/session.ts', 'runtime/repl/script.ts', 'runtime/repl/script-files.ts', 'runtime/storage/*.ts'], ENGINE_TESTS,
  "loading a file twice in a script|^contracts/module-cache\\.test\\.js ›");
