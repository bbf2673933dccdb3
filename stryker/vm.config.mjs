// Mutation testing of vm/ by our own VM, gas and boundary tests (npm run mutate -- stryker/vm.config.mjs).
import { scope } from './base.mjs';
export default scope('vm', ['vm/**/*.ts'], '(vm|gas|time)/.*\\.test\\.js$');
