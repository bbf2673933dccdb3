// Mutation testing of compiler/ (npm run mutate -- compiler). Left out: compiler/pact-tables.ts,
// generated data (`npm run tables`): its thousands of array mutants are reached only while modules
// load (Ignored anyway), and test/compiler/lalr.test.ts already pins it to what the grammar builds.
import { scope } from './base.mjs';
import { ENGINE_TESTS } from './engine-tests.mjs';
export default scope('compiler', ['compiler/**/*.ts', '!compiler/pact-tables.ts'], ENGINE_TESTS);
