// Mutation testing of runtime/contracts (npm run mutate -- contracts): capabilities, guards,
// keysets, namespaces, principals, defpacts, the database natives and module installation.
import { scope } from './base.mjs';
import { ENGINE_TESTS } from './engine-tests.mjs';
export default scope('contracts', ['runtime/contracts/*.ts'], ENGINE_TESTS);
