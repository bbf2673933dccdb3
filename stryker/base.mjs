// StrykerJS settings shared by every scope (npm run mutate): TypeScript sources are instrumented
// once with mutation switching and built once with tsc (and the data files beside it); then
// stryker/uvu-runner.mjs loads the compiled uvu tests once in the worker and runs, per mutant,
// only the tests that reached it.
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * A Stryker config mutating `mutate` (globs) and judging mutants by the compiled uvu tests whose
 * path under dist/test matches the regex `tests`. MUTATE=glob,glob narrows the mutated files
 * (also `file:from-to` line ranges), MUTATE_TESTS=regex the test files; `skip` (regex on test
 * ids "file › name") leaves out tests too slow to run per mutant.
 */
export function scope(name, mutate, tests, skip, { corpusData = false } = {}) {
  // the sandbox lives under .stryker-tmp/, so ../shared is not beside it: the corpus is found only
  // when a scope asks for it (stream's real header data); the engine scopes are judged by our own
  // tests alone, as issue 16 asks
  if (corpusData) process.env.PACTVM_CORPUS ??= resolve('../shared');
  return {
    plugins: [fileURLToPath(new URL('./uvu-runner.mjs', import.meta.url))],
    testRunner: 'uvu-inprocess',
    uvu: { root: 'dist/test', pattern: process.env.MUTATE_TESTS ?? tests, ...(skip ? { skip } : {}) },
    coverageAnalysis: 'perTest',
    // mutants reached only while modules load cannot be switched on after loading: left out (Ignored)
    ignoreStatic: true,
    // tsc, then the data files it does not copy
    buildCommand: 'node scripts/data-files.mjs --tsc',
    mutate: process.env.MUTATE ? process.env.MUTATE.split(',') : mutate,
    // re-runs judge only mutants whose code or covering tests changed since the last report
    incremental: true,
    incrementalFile: `reports/mutation/${name}-incremental.json`,
    // the machine is shared: one mutant at a time unless asked
    concurrency: Number(process.env.MUTATE_CONCURRENCY ?? 1),
    // a mutant's tests get 1.5 × their dry-run time plus this; endless loops end sooner, by hit count
    timeoutMS: 3_000,
    reporters: ['html', 'json', 'clear-text', 'progress'],
    htmlReporter: { fileName: `reports/mutation/${name}.html` },
    jsonReporter: { fileName: `reports/mutation/${name}.json` },
    tempDirName: '.stryker-tmp',
    ignorePatterns: ['dist', 'reports', '.stryker-tmp', 'coverage'],
    // MUTATE_KEEP_SANDBOX=1 keeps the instrumented sandbox for stryker/replay.mjs
    cleanTempDir: process.env.MUTATE_KEEP_SANDBOX ? false : 'always',
  };
}
