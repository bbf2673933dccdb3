// Mutation testing of runtime/gas (npm run mutate -- gas).
import { scope } from './base.mjs';
import { ENGINE_TESTS } from './engine-tests.mjs';
export default scope('gas', ['runtime/gas/**/*.ts'], ENGINE_TESTS);
