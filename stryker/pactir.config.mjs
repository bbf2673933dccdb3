// Mutation testing of runtime/pact-ir (npm run mutate -- pactir): Pact's own IR of a module, its
// renamer, the module hash (CBOR encoding, BLAKE2b) and the sizes deployment gas charges by.
import { scope } from './base.mjs';
import { ENGINE_TESTS } from './engine-tests.mjs';
export default scope('pactir', ['runtime/pact-ir/*.ts'], ENGINE_TESTS);
