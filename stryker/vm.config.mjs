// Mutation testing of vm/ (npm run mutate -- vm). Left out: the test recursing past the tier's JS
// depth, whose JS stack runs out in one tier mode but not the other once vm/machine.ts is instrumented,
// and the cache tests that count lexes and cache hits: run again in one process after a mutant, they
// find its entries (the worker then restarts, again and again for the same mutant).
import { scope } from './base.mjs';
import { ENGINE_TESTS } from './engine-tests.mjs';
export default scope('vm', ['vm/**/*.ts'], ENGINE_TESTS, "recursion deeper than the tier's JS depth|loading a file twice in a script|a second script loading the same contract reuses");
