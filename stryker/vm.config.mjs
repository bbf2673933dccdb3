// Mutation testing of vm/ (npm run mutate -- vm).
import { scope } from './base.mjs';
import { ENGINE_TESTS } from './engine-tests.mjs';
export default scope('vm', ['vm/**/*.ts'], ENGINE_TESTS);
