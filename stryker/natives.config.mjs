// Mutation testing of the core natives outside crypto (npm run mutate -- natives): arithmetic,
// strings, collections, comparisons, the general and context natives. Crypto has its own
// differential tests against reference libraries; docs.ts is text.
import { scope } from './base.mjs';
import { ENGINE_TESTS } from './engine-tests.mjs';
export default scope('natives', ['runtime/natives/*.ts', '!runtime/natives/docs.ts'], ENGINE_TESTS);
