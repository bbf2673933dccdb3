// Mutation testing of runtime/values (npm run mutate -- values).
import { scope } from './base.mjs';
import { ENGINE_TESTS } from './engine-tests.mjs';
export default scope('values', ['runtime/values/**/*.ts'], ENGINE_TESTS);
