// Mutation testing of runtime/time (npm run mutate -- stryker/time.config.mjs).
import { scope } from './base.mjs';
export default scope('time', ['runtime/time/**/*.ts'], '(time|natives/time)\\.test\\.js$|time/.*\\.test\\.js$');
