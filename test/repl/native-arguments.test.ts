// Every REPL native given arguments its patterns do not match fails with Pact's argsError, naming
// the builtin the call resolved to (Desugar.hs picks `begin-named-tx`, `env-set-gas`,
// `load-with-env`, `expect-failure-match`, … by arity) and the kinds of the arguments as given
// (expect's suspended expressions are closures). Direct/ReplBuiltin.hs.

import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { errorOf, evalLast, runRepl } from '../helpers.js';

const WRONG: [string, string, string][] = [
  ['(begin-tx 1)', 'begin-named-tx', 'integer'],
  ['(expect 1 2 3)', 'expect', 'integer, closure, closure'],
  ['(expect-failure 1 2)', 'expect-failure', 'integer, closure'],
  ['(expect-failure "a" 1 2)', 'expect-failure-match', 'string, integer, closure'],
  ['(expect-failure 1 "a" 2)', 'expect-failure-match', 'integer, string, closure'],
  ['(expect-that 1 (lambda (x) true) 1)', 'expect-that', 'integer, closure, integer'],
  ['(env-hash 1)', 'env-hash', 'integer'],
  ['(env-enable-repl-natives 1)', 'env-enable-repl-natives', 'integer'],
  ['(env-events 1)', 'env-events', 'integer'],
  ['(env-set-debug-flag 1)', 'env-set-debug-flag', 'integer'],
  ['(env-gas "a")', 'env-set-gas', 'string'],
  ['(env-set-milligas "a")', 'env-set-milligas', 'string'],
  ['(env-gaslimit "a")', 'env-gaslimit', 'string'],
  ['(env-gasmodel 1)', 'env-gasmodel', 'integer'],
  ['(load 1)', 'load', 'integer'],
  ['(load "a.repl" 1)', 'load-with-env', 'string, integer'],
  ['(load 1 true)', 'load-with-env', 'integer, bool'],
  ['(enforce-pact-version 1)', 'enforce-pact-version', 'integer'],
  ['(enforce-pact-version "1" 2)', 'enforce-pact-version-range', 'string, integer'],
  ['(enforce-pact-version 1 "2")', 'enforce-pact-version-range', 'integer, string'],
  ['(pact-state 1)', 'reset-pact-state', 'integer'],
  ['(continue-pact "a")', 'continue-pact', 'string'],
  ['(continue-pact 1 1)', 'continue-pact-with-rollback', 'integer, integer'],
  ['(continue-pact 1 false 1)', 'continue-pact-rollback-yield', 'integer, bool, integer'],
  ['(continue-pact 1 false "a" 1)', 'continue-pact-rollback-yield-object', 'integer, bool, string, integer'],
  ['(continue-pact 1.0 false "a" {})', 'continue-pact-rollback-yield-object', 'decimal, bool, string, object'],
  ['(typecheck 1)', 'typecheck', 'integer'],
  ['(env-namespace-policy 1 2)', 'env-namespace-policy', 'integer, integer'],
  ['(env-module-admin 1)', 'env-module-admin', 'integer'],
  ['(env-chain-data 1)', 'env-chain-data', 'integer'],
  ['(env-keys 1)', 'env-keys', 'integer'],
  ['(test-capability 1)', 'test-capability', 'integer'],
  ['(env-exec-config 1)', 'env-exec-config', 'integer'],
  ['(env-data (lambda (x) x))', 'env-data', 'closure'],
];

test('a REPL native given arguments of the wrong kinds names the builtin the call resolved to', () => {
  for (const [src, native, kinds] of WRONG) {
    assert.is(errorOf(src), `Type error: failed to call native function ${native} with argument(s) of type(s): ${kinds}`, src);
  }
});

test('env-verifiers and env-sigs given a list of wrong entries have their own texts', () => {
  assert.is(errorOf('(env-verifiers [1])'),
    "native execution failure, env-verifiers failed with message: Expected object with 'name': string, 'caps': [capability]");
  assert.is(errorOf('(env-verifiers [{"name": "v", "caps": [1]}])'),
    "native execution failure, env-verifiers failed with message: Expected object with 'name': string, 'caps': [capability]");
  assert.is(evalLast('(env-verifiers [{"name": "v", "caps": []}])'), '"Setting transaction verifiers/caps"');
  assert.is(errorOf('(env-sigs [{"key": 1, "caps": []}])'), "env-sigs: Expected object with 'key': string, 'caps': [capability]");
});

test('expect, expect-failure and expect-that record each result as passed or failed', () => {
  const r = runRepl(`(expect "e ok" 1 1) (expect "e bad" 1 2) (expect "e err" 1 (enforce false "x"))
(expect-failure "f ok" (enforce false "x")) (expect-failure "m ok" "x" (enforce false "x"))
(expect-failure "m bad" "y" (enforce false "x")) (expect-that "t ok" (= 1) 1) (expect-that "t bad" (= 1) 2)`);
  assert.is(r.error, null);
  assert.equal(r.session.testResults.map(t => [t.doc, t.passed]), [
    ['e ok', true], ['e bad', false], ['e err', false], ['f ok', true], ['m ok', true], ['m bad', false], ['t ok', true], ['t bad', false]]);
  // the failures that raise are recorded as failed too
  for (const src of ['(expect-failure "f" 1)', '(expect-failure "m" "x" 1)', '(expect-that "t" (lambda (x) 1) 1)']) {
    const failed = runRepl(src);
    assert.ok(failed.error, src);
    assert.equal(failed.session.testResults.map(t => t.passed), [false], src);
  }
});

test('pact-state with true clears the pact state, false keeps it; env-module-admin names the module', () => {
  const m = `(module p g (defcap g () true) (defpact two () (step 1) (step 2))) (p.two)`;
  assert.is(errorOf(`${m} (pact-state true) (pact-state)`), 'pact-state: no pact exec in context');
  assert.match(evalLast(`${m} (pact-state false) (pact-state)`), /"step": 0/);
  assert.is(evalLast('(module m g (defcap g () false)) (env-module-admin m)'), '"Acquired module admin for: m"');
});

test("env-exec-config: the seed's DisableRuntimeReturnTypeChecking turns runtime type checks off as DisableRuntimeRTC does", () => {
  const m = '(module m g (defcap g () true) (defun f:integer () (+ "a" "")))';
  assert.is(errorOf(`${m} (m.f)`), 'Runtime typecheck failure, argument is string , but expected type integer');
  for (const flag of ['DisableRuntimeRTC', 'DisableRuntimeReturnTypeChecking']) {
    assert.is(evalLast(`${m} (env-exec-config ["${flag}"]) (m.f)`), '"a"', flag);
  }
  // an unrelated flag leaves the checks on
  assert.is(errorOf(`${m} (env-exec-config ["DisablePactEvents"]) (m.f)`), 'Runtime typecheck failure, argument is string , but expected type integer');
  // and so does the seed's name of another flag (an alias counts only for its own flag)
  assert.is(errorOf(`${m} (env-exec-config ["DisableLangEvents"]) (m.f)`), 'Runtime typecheck failure, argument is string , but expected type integer');
});

test.run();
