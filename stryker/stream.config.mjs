// Mutation testing of stream/ by the stream tests (npm run mutate -- stream), with the real header
// data of ../shared/data. Left out for cost: the randomised whole-pipeline tests and the exhaustive
// split tests, 5–50 s each once instrumented; smaller tests cover the same code (README "Mutation testing").
import { scope } from './base.mjs';
export default scope('stream', ['stream/**/*.ts'], '^stream/.*\\.test\\.js$',
  '^stream/end-to-end\\.test\\.js|split in three at every pair|split at every byte offset|synthetic chain braids like mainnet', { corpusData: true });
