// StrykerJS settings shared by every scope (npm run mutate): TypeScript sources are instrumented
// once with mutation switching, built once with tsc, then a focused uvu command runs per mutant.

/** A Stryker config mutating `mutate` and judging mutants by the uvu tests matching `tests`. */
export function scope(name, mutate, tests) {
  return {
    testRunner: 'command',
    commandRunner: { command: `uvu dist/test "${process.env.MUTATE_TESTS ?? tests}"` },
    buildCommand: 'tsc -p tsconfig.json',
    mutate: process.env.MUTATE ? process.env.MUTATE.split(',') : mutate,
    coverageAnalysis: 'off',
    // the machine is shared: one mutant at a time unless asked
    concurrency: Number(process.env.MUTATE_CONCURRENCY ?? 1),
    timeoutMS: 30_000,
    reporters: ['html', 'json', 'clear-text', 'progress'],
    htmlReporter: { fileName: `reports/mutation/${name}.html` },
    jsonReporter: { fileName: `reports/mutation/${name}.json` },
    tempDirName: '.stryker-tmp',
    ignorePatterns: ['dist', 'reports', '.stryker-tmp', 'coverage'],
    cleanTempDir: 'always',
  };
}
