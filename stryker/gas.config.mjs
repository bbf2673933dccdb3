// Mutation testing of runtime/gas (npm run mutate -- stryker/gas.config.mjs).
import { scope } from './base.mjs';
export default scope('gas', ['runtime/gas/**/*.ts'], '(gas|natives|vm)/.*\\.test\\.js$');
