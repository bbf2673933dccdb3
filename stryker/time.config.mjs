// Mutation testing of runtime/time (npm run mutate -- time).
import { scope } from './base.mjs';
import { ENGINE_TESTS } from './engine-tests.mjs';
export default scope('time', ['runtime/time/**/*.ts'], ENGINE_TESTS);
