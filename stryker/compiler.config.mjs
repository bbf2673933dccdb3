// Mutation testing of compiler/ (npm run mutate -- stryker/compiler.config.mjs).
import { scope } from './base.mjs';
export default scope('compiler', ['compiler/**/*.ts'], '(compiler|vm|gas)/.*\\.test\\.js$');
