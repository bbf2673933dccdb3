// Mutation testing of stream/ by the stream tests (npm run mutate -- stream), with the real header
// data of ../shared/data. Left out: the four randomised whole-pipeline tests that take 5–10 s each
// once instrumented; smaller tests cover the same code (see README "Mutation testing").
import { scope } from './base.mjs';
export default scope('stream', ['stream/**/*.ts'], '^stream/.*\\.test\\.js$',
  '^stream/end-to-end\\.test\\.js|split in three at every pair|synthetic chain braids like mainnet', { corpusData: true });
