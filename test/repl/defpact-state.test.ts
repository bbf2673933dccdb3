// The defpact execution lives until the transaction ends (Pact 5's esDefPactExec): after a step,
// pact-id, pact guards and yield at top level see that pact; resume needs a running step.

import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { errorOf, runRepl } from '../helpers.js';

const ID = 'DldRwCblQ7Loqy6wYJnaodHl30d3j3eH-qtFzfEv46g';
const MODULE = `
(begin-tx)
(module p g (defcap g () true)
  (defcap CAP () true)
  (defpact two (x:integer)
    (step (yield { "v": (+ x 1) }))
    (step (resume { "v" := v } (* v 10))))
  (defun guarded (g:guard) (with-capability (CAP) (enforce-guard g)))
  (defschema saved g:guard)
  (deftable guards:{saved})
  (defun saved-guard () (at "g" (read guards "g"))))
(create-table guards)
`;
const NOT_IN_PACT = 'Attempted to fetch defpact data, but currently not within defpact execution';

function traces(src: string): string[] {
  const r = runRepl(src);
  if (r.error) throw new Error(`unexpected error: ${r.error.message}`);
  return r.traces;
}

test('after a step, pact-id at top level is that pact, until the transaction ends', () => {
  assert.equal(traces(`${MODULE} (p.two 4) (pact-id) (continue-pact 1) (pact-id)`).slice(-4),
    ['{"v": 5}', `"${ID}"`, '50', `"${ID}"`]);
  assert.is(errorOf(`${MODULE} (p.two 4) (commit-tx) (begin-tx) (pact-id)`), NOT_IN_PACT);
  assert.is(errorOf(`${MODULE} (p.two 4) (rollback-tx) (begin-tx) (pact-id)`), NOT_IN_PACT);
  assert.is(errorOf(`${MODULE} (pact-id)`), NOT_IN_PACT);
});

test('after a step, create-capability-pact-guard at top level makes a guard for that pact', () => {
  const t = traces(`${MODULE} (p.two 4)
    (p.guarded (create-capability-pact-guard (p.CAP)))`);
  assert.is(t[t.length - 1], 'true');
  assert.is(errorOf(`${MODULE} (create-capability-pact-guard (p.CAP))`), NOT_IN_PACT);
});

test('a pact guard made in one pact fails in the next pact of another transaction, naming both ids', () => {
  const src = `${MODULE} (p.two 4) (insert p.guards "g" {"g": (create-capability-pact-guard (p.CAP))}) (commit-tx)
    (begin-tx) (env-hash (hash "other")) (p.two 1) (p.guarded (p.saved-guard))`;
  const r = runRepl(src);
  assert.match(r.error?.message ?? '', `Capability pact guard failed: invalid pact id, expected ${ID} got `);
});

test('after a step, yield at top level replaces the yield continue-pact resumes', () => {
  assert.equal(traces(`${MODULE} (p.two 4) (yield {"v": 9}) (pact-state) (continue-pact 1)`).slice(-3),
    ['{"v": 9}', `{"pactId": "${ID}","step": 0,"yield": {"v": 9}}`, '90']);
});

test("continue-pact resumes the transaction's pact's yield, even for another pact id (as Pact's REPL does)", () => {
  // pact ID yields {"v": 5} and is committed; a second pact in a new transaction yields {"v": 2};
  // continuing ID by its id then resumes the second pact's yield
  assert.equal(traces(`${MODULE} (p.two 4) (commit-tx) (begin-tx) (env-hash (hash "other")) (p.two 1)
    (continue-pact 1 false "${ID}")`).slice(-2), ['{"v": 2}', '20']);
  // with no pact in the transaction, the stored yield is resumed
  assert.equal(traces(`${MODULE} (p.two 4) (commit-tx) (begin-tx) (continue-pact 1 false "${ID}")`).slice(-1), ['50']);
});

test('a failed continue-pact inside expect-failure leaves the pact state as it was', () => {
  assert.equal(traces(`${MODULE} (p.two 4) (expect-failure "no step 3" (continue-pact 3)) (pact-id) (continue-pact 1)`).slice(-3),
    ['"Expect failure: Success: no step 3"', `"${ID}"`, '50']);
});

test('resume needs a step under evaluation, even after a step ran', () => {
  assert.is(errorOf(`${MODULE} (p.two 4) (resume {"v" := v} v)`), 'No active defpact execution in the environment');
});

test('yield with no pact in the transaction fails', () => {
  assert.is(errorOf(`${MODULE} (yield {"v": 1})`), 'Try to yield a value outside a running defpact execution');
});

test('pact-id, yield and resume errors are execution errors: try does not catch them', () => {
  assert.is(errorOf(`${MODULE} (try 0 (pact-id))`), NOT_IN_PACT);
  assert.is(errorOf(`${MODULE} (try 0 (yield {"a": 1}))`), 'Try to yield a value outside a running defpact execution');
  assert.is(errorOf(`${MODULE} (p.two 4) (insert p.guards "g" {"g": (create-capability-pact-guard (p.CAP))}) (commit-tx)
    (begin-tx) (try 0 (p.guarded (p.saved-guard)))`), NOT_IN_PACT);
});

test.run();
