// Mutation testing of compiler/ (npm run mutate -- compiler).
import { scope } from './base.mjs';
import { ENGINE_TESTS } from './engine-tests.mjs';
export default scope('compiler', ['compiler/**/*.ts'], ENGINE_TESTS);
