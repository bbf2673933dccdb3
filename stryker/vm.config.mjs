// Mutation testing of vm/ (npm run mutate -- vm). Left out: the test recursing past the tier's JS
// depth, whose JS stack runs out in one tier mode but not the other once vm/machine.ts is instrumented,
// and the source-cache test that counts lexed files (run again in one process, its scripts are cached).
import { scope } from './base.mjs';
import { ENGINE_TESTS } from './engine-tests.mjs';
export default scope('vm', ['vm/**/*.ts'], ENGINE_TESTS, "recursion deeper than the tier's JS depth|loading a file twice in a script");
