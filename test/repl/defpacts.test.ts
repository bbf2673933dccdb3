// Defpacts: steps, continue-pact forms, rollback, yield/resume, nested pacts, errors.

import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { evalLast, errorOf, runRepl } from '../helpers.js';

const MODULE = `
(module p g (defcap g () true)
  (defpact two (x:integer)
    (step-with-rollback (yield { "v": (+ x 1) }) "rolled back")
    (step (resume { "v" := v } (* v 10))))
  (defpact inner () (step "inner-0") (step "inner-1"))
  (defpact outer () (step (inner)) (step (continue (inner))))
  (defpact short () (step (inner))))
`;

test('a pact runs step 0 when called and the next steps through continue-pact', () => {
  const r = runRepl(`${MODULE} (p.two 4) (pact-state) (continue-pact 1)`);
  assert.is(r.error, null);
  assert.equal(r.traces.slice(1), ['{"v": 5}', `{"pactId": "DldRwCblQ7Loqy6wYJnaodHl30d3j3eH-qtFzfEv46g","step": 0,"yield": {"v": 5}}`, '50']);
});

test('continue-pact with a yield object overrides the stored yield', () => {
  assert.is(evalLast(`${MODULE} (p.two 4) (continue-pact 1 false (tx-hash) { "v": 7 })`), '70');
});

test('a step with a rollback can be rolled back, and the pact is then complete', () => {
  assert.is(evalLast(`${MODULE} (p.two 4) (continue-pact 0 true)`), '"rolled back"');
  assert.match(errorOf(`${MODULE} (p.two 4) (continue-pact 0 true) (continue-pact 1)`), 'Requested defpact already completed');
});

test('step numbers are checked', () => {
  assert.is(errorOf(`${MODULE} (p.two 4) (continue-pact 3)`),
    'DefPactStep does not match defpact properties: requested: 3 step count:2');
  assert.match(errorOf(`${MODULE} (p.two 4) (continue-pact 0)`), 'Step mismatch in DefPactStep and defpact execution environment');
  assert.is(errorOf('(continue-pact 1)'), 'No defpact id or execution environment supplied');
});

test('a second pact in the same transaction is refused', () => {
  assert.match(errorOf(`${MODULE} (p.two 1) (p.two 2)`), 'defpact execution context already in the environment');
});

test('yield, resume and pact-id outside a pact fail clearly', () => {
  assert.is(errorOf('(yield {"a": 1})'), 'Try to yield a value outside a running defpact execution');
  assert.is(errorOf('(pact-id)'), 'Attempted to fetch defpact data, but currently not within defpact execution');
});

test('a nested pact starts with its parent and advances with continue', () => {
  const r = runRepl(`${MODULE} (p.outer) (continue-pact 1)`);
  assert.is(r.error, null);
  assert.equal(r.traces.slice(1), ['"inner-0"', '"inner-1"']);
});

test("a nested pact must have the parent's step count", () => {
  assert.match(errorOf(`${MODULE} (p.short)`), 'Nested defpact execution failed, parameter mismatch');
});

test.run();
