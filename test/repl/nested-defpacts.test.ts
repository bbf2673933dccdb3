// Nested defpacts as Pact 5 runs them (applyNestedPact): ids derived from the parent's, every
// nested-defpact error raised at Pact's moment with Pact's text and the pact id Pact names.

import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { errorOf, runRepl } from '../helpers.js';

/** the default transaction hash: the id of a pact started at top level */
const TOP = 'DldRwCblQ7Loqy6wYJnaodHl30d3j3eH-qtFzfEv46g';
/** ids Pact 5 gives `nested1.bad1` and `nested1.bad3` started by a top-level pact, and
 *  `nested2-1.good` started by `nested1.bad4 nested1-1 nested2-1` (from Pact's own nested tests) */
const BAD1 = '183L52xV0ivDcgsehtAOwvlOXTeLYmG00yIySUiXBAY';
const BAD3 = '5I6koMWVHo7UQhUSpFjWBqxHKW5erkEzT9CuAmjbZ6U';
const GOOD_UNDER_BAD4 = 'z7mCQuEV5PzQ0A0jfOD9UV0W7InCocHSoJqno8xZNWw';

const MODULES = `
(begin-tx)
(interface iface (defpact good:string ()))
(module nested1-1 g (defcap g () true)
  (implements iface)
  (defpact good:string () (step "a0") (step "a1") (step "a2"))
  (defpact two-steps:string () (step "b0") (step "b1"))
  (defpact undoable:string () (step-with-rollback "u0" "undo-u0") (step-with-rollback "u1" "undo-u1") (step "u2"))
  (defpact keeps-yield:integer ()
    (step (let ((y (yield {"n": 7}))) 0))
    (step 1)
    (step (resume {"n" := n} n))))
(module nested2-1 g (defcap g () true)
  (implements iface)
  (defpact good:string () (step "c0") (step "c1") (step "c2")))
(module nested1 g (defcap g () true)
  (defpact bad1:string ()
    (step (let ((c (nested1-1.good))) (pact-id)))
    (step "forgets its nested pact")
    (step (continue (nested1-1.good))))
  (defpact bad3:string ()
    (step (nested1-1.two-steps)) (step "x") (step "y"))
  (defpact bad4:string (m1:module{iface} m2:module{iface})
    (step (m1::good)) (step (continue (m2::good))) (step (continue (m1::good)))))
(module parent g (defcap g () true)
  (defpact ids:[string] ()
    (step [(pact-id) (nested1.bad1) (pact-id)]) (step [(continue (nested1.bad1))]) (step "z"))
  (defpact forgets:[string] ()
    (step [(nested1-1.good)]) (step ["forgets"]) (step [(continue (nested1-1.good))]))
  (defpact short-child:string () (step (nested1-1.two-steps)) (step "p1") (step "p2"))
  (defpact short-grandchild:string () (step (nested1.bad3)) (step "p1") (step "p2"))
  (defpact swaps-modref:string ()
    (step (nested1.bad4 nested1-1 nested2-1)) (step (continue (nested1.bad4 nested1-1 nested2-1))) (step "p2"))
  (defpact twice:[string] () (step [(nested1.bad1) (nested1.bad1)]) (step "p1") (step "p2"))
  (defpact late:string () (step "p0") (step "p1") (step (nested1-1.two-steps)))
  (defpact rollback-over-plain:string () (step-with-rollback (nested1-1.good) "undo") (step "p1") (step "p2"))
  (defpact plain-over-rollback:string () (step (nested1-1.undoable)) (step "p1") (step "p2"))
  (defpact undoable:[string] ()
    (step-with-rollback [(nested1-1.undoable) "p0"] [(nested1-1.undoable) "undo-p0"])
    (step-with-rollback [(continue (nested1-1.undoable)) "p1"] [(continue (nested1-1.undoable)) "undo-p1"])
    (step [(continue (nested1-1.undoable)) "p2"]))
  (defpact undoable-twice:[string] ()
    (step-with-rollback [(nested1-1.undoable) (nested1-1.undoable)] "undo")
    (step-with-rollback [(nested1-1.undoable)] "undo")
    (step [(nested1-1.undoable)]))
  (defpact keeps-yield:[integer] ()
    (step [(nested1-1.keeps-yield)]) (step [(nested1-1.keeps-yield)]) (step [(nested1-1.keeps-yield)])))
(commit-tx)
(begin-tx)
`;

function traces(src: string): string[] {
  const r = runRepl(MODULES + src);
  if (r.error) throw new Error(`unexpected error: ${r.error.message}`);
  return r.traces;
}

test("a nested pact's id comes from its parent's id and its call; pact-id inside it is that id", () => {
  assert.equal(traces('(parent.ids)').pop(), `["${TOP}" "${BAD1}" "${TOP}"]`);
});

test('a nested pact not advanced by its parent names the parent', () => {
  assert.is(errorOf(`${MODULES} (parent.forgets) (continue-pact 1)`), `Nested defpact not advanced ${TOP}`);
  // one level down: the nested pact that forgot its own nested pact is named
  assert.is(errorOf(`${MODULES} (parent.ids) (continue-pact 1)`), `Nested defpact not advanced ${BAD1}`);
});

test('a nested pact with another step count fails when started, naming its parent', () => {
  assert.is(errorOf(`${MODULES} (parent.short-child)`),
    `Nested defpact execution failed, parameter mismatch: PactId: ${TOP} step count: 2 Parent step count: 3`);
  assert.is(errorOf(`${MODULES} (parent.short-grandchild)`),
    `Nested defpact execution failed, parameter mismatch: PactId: ${BAD3} step count: 2 Parent step count: 3`);
});

test('a nested pact first called at a step it does not have is an invalid step', () => {
  assert.is(errorOf(`${MODULES} (parent.late) (continue-pact 1) (continue-pact 2)`),
    'DefPactStep does not match defpact properties: requested: 2 step count:3');
});

test('continuing a nested pact that was never started is "double execution", as Pact names it', () => {
  assert.is(errorOf(`${MODULES} (parent.swaps-modref) (continue-pact 1)`),
    `Requested nested defpact double execution: defpact id: ${GOOD_UNDER_BAD4}`);
});

test('calling the same nested pact twice in a step without rollback is "never started"', () => {
  assert.is(errorOf(`${MODULES} (parent.twice)`), `Requested nested defpact never started: defpact id: ${BAD1}`);
});

test('a step with a rollback may run the same nested step again (Pact allows it)', () => {
  assert.equal(traces('(parent.undoable-twice)').pop(), '["u0" "u0"]');
});

test('parent and nested steps must agree on having a rollback, either way', () => {
  assert.is(errorOf(`${MODULES} (parent.rollback-over-plain)`),
    `Nested defpact execution failed, parameter mismatch: defpact id: ${TOP} Rollback: False Parent rollback:True`);
  assert.is(errorOf(`${MODULES} (parent.plain-over-rollback)`),
    `Nested defpact execution failed, parameter mismatch: defpact id: ${TOP} Rollback: True Parent rollback:False`);
});

test('rolling back a parent step rolls back its nested pacts at that step', () => {
  assert.equal(traces('(parent.undoable) (continue-pact 0 true)').slice(-2), ['["u0" "p0"]', '["undo-u0" "undo-p0"]']);
  assert.equal(traces('(parent.undoable) (continue-pact 1) (continue-pact 1 true)').slice(-3),
    ['["u0" "p0"]', '["u1" "p1"]', '["undo-u1" "undo-p1"]']);
  assert.is(errorOf(`${MODULES} (parent.undoable) (continue-pact 0 true) (continue-pact 1)`),
    `Requested defpact already completed:  defpact id:${TOP}`);
});

test("a nested pact resumes its own last yield, also past a step that did not yield", () => {
  assert.equal(traces('(parent.keeps-yield) (continue-pact 1) (continue-pact 2)').slice(-3), ['[0]', '[1]', '[7]']);
});

test('the rollback and step mismatch errors of continue-pact name the pact and both sides', () => {
  assert.is(errorOf(`${MODULES} (parent.undoable) (continue-pact 1 true)`),
    `Rollback mismatch in DefPactStep and defpact execution environment: defpact id: ${TOP} step rollback: True DefPactExec rollback: True`);
  assert.is(errorOf(`${MODULES} (parent.undoable) (continue-pact 2)`),
    `Step mismatch in DefPactStep and defpact execution environment: defpact id: ${TOP} step: 2 DefPactExec step: 1`);
});

test.run();
