// Mutation testing of stream/ (npm run mutate -- stryker/stream.config.mjs).
import { scope } from './base.mjs';
export default scope('stream', ['stream/**/*.ts'], 'stream/.*\\.test\\.js$');
