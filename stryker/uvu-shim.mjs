// Stands in for `uvu` inside Stryker's worker (stryker/uvu-runner.mjs): `test` and `suite` keep
// uvu's API but only record the suites, so the runner can run any chosen tests any number of times.

const registry = (globalThis.__uvuShim__ ??= { file: '', suites: [] });

function context(state) {
  return { tests: [], before: [], after: [], bEach: [], aEach: [], only: [], state };
}

export function suite(name = '', state = {}) {
  let ctx = context(state);
  const test = (testName, handler) => void ctx.tests.push({ name: testName, handler });
  test.before = handler => void ctx.before.push(handler);
  test.before.each = handler => void ctx.bEach.push(handler);
  test.after = handler => void ctx.after.push(handler);
  test.after.each = handler => void ctx.aEach.push(handler);
  test.only = (testName, handler) => void ctx.only.push({ name: testName, handler });
  test.skip = () => {};
  test.run = () => {
    registry.suites.push({ file: registry.file, name, ...ctx });
    ctx = context(ctx.state);
  };
  return test;
}

export const test = suite();
export function exec() { return Promise.resolve(); }
