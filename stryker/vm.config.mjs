// Mutation testing of vm/ (npm run mutate -- vm). Left out: the test recursing past the tier's JS
// depth, whose JS stack runs out in one tier mode but not the other once vm/machine.ts is instrumented,
// and the cache tests (source-cache's lex count, all of contracts/module-cache.test.ts): run again in
// one process after a mutant, they find what the mutant left in the process-wide caches, so the
// runner restarts its worker, again and again (a minute each under load).
import { scope } from './base.mjs';
import { ENGINE_TESTS } from './engine-tests.mjs';
export default scope('vm', ['vm/**/*.ts'], ENGINE_TESTS, "recursion deeper than the tier's JS depth|loading a file twice in a script|^contracts/module-cache\\.test\\.js ›");
