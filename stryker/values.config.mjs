// Mutation testing of runtime/values (npm run mutate -- values).
import { scope } from './base.mjs';
import { ENGINE_TESTS } from './engine-tests.mjs';
export default scope('values', ['runtime/values/**/*.ts', '!runtime/values/blake2b-wasm.ts', 'runtime/wasm/blake2b-module.ts'], ENGINE_TESTS);
