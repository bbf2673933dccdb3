// Mutation testing of runtime/values (npm run mutate -- stryker/values.config.mjs).
import { scope } from './base.mjs';
export default scope('values', ['runtime/values/**/*.ts'], '(natives|repl|vm|gas)/.*\\.test\\.js$');
