// The runner's own check (node stryker/check-runner.mjs; not a scope of npm run mutate): a few known
// mutants of runtime/values judged by the in-process runner, every run afresh (no incremental reuse).
import { scope } from './base.mjs';
import { ENGINE_TESTS } from './engine-tests.mjs';
import { CHECKED } from './check-runner-mutants.mjs';
export default { ...scope('runner-check', CHECKED, ENGINE_TESTS), incremental: false, reporters: ['json', 'progress'] };
