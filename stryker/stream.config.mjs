// Mutation testing of stream/ by the stream tests (npm run mutate -- stream), with the real header
// data of ../shared/data. Left out for cost: the randomised whole-pipeline tests and the exhaustive
// split tests, 5–50 s each once instrumented; smaller tests cover the same code (README "Mutation testing").
// MUTATE_SKIP=regex leaves out more tests for one run (e.g. the one-byte-change test for block-header.ts);
// MUTATE_RUN=name gives a run its own sandbox and reports (reports/mutation/stream-<name>.*), so two can run at once.
import { scope } from './base.mjs';
const skip = '^stream/end-to-end\\.test\\.js|split in three at every pair|split at every byte offset|synthetic chain braids like mainnet';
const config = scope('stream', ['stream/**/*.ts'], '^stream/.*\\.test\\.js$',
  process.env.MUTATE_SKIP ? `${skip}|${process.env.MUTATE_SKIP}` : skip, { corpusData: true });
const run = process.env.MUTATE_RUN;
export default run === undefined ? config : {
  ...config,
  tempDirName: `reports/.stryker-tmp-${run}`,
  incrementalFile: `reports/mutation/stream-${run}-incremental.json`,
  htmlReporter: { fileName: `reports/mutation/stream-${run}.html` },
  jsonReporter: { fileName: `reports/mutation/stream-${run}.json` },
};
