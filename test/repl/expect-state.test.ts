// expect and expect-failure put Pact's evaluation state back when their expression fails
// (capabilities, managed amounts, one-shot use, events, defpact state, namespace), never the database.

import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { evalLast, errorOf, runRepl } from '../helpers.js';

const MODULE = `
(begin-tx)
(env-data {"admin": ["admin"]})
(env-keys ["admin"])
(define-keyset 'admin-ks (read-keyset "admin"))
(module m 'admin-ks
  (defcap PLAIN () true)
  (defcap ONCE () @managed true)
  (defcap NOTE (n:integer) @event true)
  (defcap PAY (amount:integer) @managed amount PAY-mgr true)
  (defun PAY-mgr:integer (have:integer want:integer)
    (enforce (>= have want) (format "over budget: {} left" [have])) (- have want))
  (defschema row v:integer)
  (deftable rows:{row})
  (defun once () (with-capability (ONCE) "used"))
  (defun once-then-fail () (with-capability (ONCE) (enforce false "failed after ONCE")))
  (defun pay (n:integer) (with-capability (PAY n) n))
  (defun pay-then-fail (n:integer) (with-capability (PAY n) (enforce false "failed after PAY")))
  (defun note-then-fail () (with-capability (NOTE 1) (enforce false "failed after NOTE")))
  (defun write-then-fail () (insert rows "k" {"v": 1}) (enforce false "failed after write"))
  (defpact two () (step "s0") (step "s1")))
(create-table rows)
`;

test('expect-failure: a one-shot capability used by the failing expression can be used again', () => {
  const src = `${MODULE} (install-capability (m.ONCE))
    (expect-failure "consumes ONCE" (m.once-then-fail))`;
  assert.is(evalLast(`${src} (m.once)`), '"used"');
  // without expect-failure's restore the second use is refused, as always
  assert.is(errorOf(`${MODULE} (install-capability (m.ONCE)) (m.once) (m.once)`),
    'One-shot managed capability used more than once');
});

test('expect-failure: a managed amount spent by the failing expression is available again', () => {
  const src = `${MODULE} (install-capability (m.PAY 10))
    (expect-failure "spends 6" "failed after PAY" (m.pay-then-fail 6))`;
  assert.is(evalLast(`${src} (m.pay 6)`), '6');
  assert.is(errorOf(`${src} (m.pay 6) (m.pay 6)`), 'over budget: 4 left');
});

test('expect-failure: a capability installed by the failing expression is not installed afterwards', () => {
  const src = `${MODULE}
    (expect-failure "installs" (let ((i (install-capability (m.ONCE)))) (enforce false "then fails")))`;
  assert.is(errorOf(`${src} (m.once)`), 'Managed capability not installed: (m.ONCE)');
});

test('expect-failure: capabilities granted by the failing expression are dropped', () => {
  const src = `${MODULE} (commit-tx) (begin-tx)
    (expect-failure "grants" (let ((g (test-capability (m.PLAIN)))) (enforce false "then fails")))`;
  assert.is(errorOf(`${src} (require-capability (m.PLAIN))`), 'require-capability: not granted: (m.PLAIN)');
});

test('expect-failure: module admin acquired by the failing expression is dropped', () => {
  const src = `${MODULE} (commit-tx) (begin-tx)
    (expect-failure "admin" (let ((a (env-module-admin m))) (enforce false "then fails")))`;
  assert.is(errorOf(`${src} (with-capability (m.PLAIN) 1)`),
    'Module admin necessary for operation but has not been acquired:m');
});

test('expect-failure: events emitted before the failure are dropped', () => {
  assert.is(evalLast(`${MODULE} (env-events true)
    (expect-failure "emits" (m.note-then-fail)) (env-events true)`), '[]');
});

test('expect-failure: the database is not restored', () => {
  assert.is(evalLast(`${MODULE} (expect-failure "writes" (m.write-then-fail)) (at "v" (read m.rows "k"))`), '1');
});

test('expect-failure: a defpact started by the failing expression leaves no pact state', () => {
  assert.is(errorOf(`${MODULE} (expect-failure "starts" (let ((p (m.two))) (enforce false "then fails"))) (pact-state)`),
    'pact-state: no pact exec in context');
});

test('expect-failure: the namespace entered by the failing expression is left', () => {
  const src = `${MODULE} (define-namespace 'ns (read-keyset "admin") (read-keyset "admin"))
    (expect-failure "enters ns" (let ((n (namespace 'ns))) (enforce false "then fails")))`;
  assert.is(evalLast(`${src} (module here 'admin-ks (defun f () 1)) (describe-module "here")`).includes('"name": "here"'), true);
});

test('expect: a failing actual restores the state like expect-failure', () => {
  const src = `${MODULE} (install-capability (m.ONCE)) (env-events true)
    (expect "consumes ONCE" "used" (m.once-then-fail))`;
  assert.is(evalLast(`${src} (m.once)`), '"used"');
  assert.is(evalLast(`${MODULE} (expect "emits" 1 (m.note-then-fail)) (env-events true)`), '[]');
});

test('expect-failure with a message restores the state too', () => {
  const src = `${MODULE} (install-capability (m.ONCE))
    (expect-failure "consumes ONCE" "failed after ONCE" (m.once-then-fail))`;
  assert.is(evalLast(`${src} (m.once)`), '"used"');
});

test('expect-failure keeps the state when its expression succeeds (and then raises)', () => {
  assert.is(errorOf(`${MODULE} (install-capability (m.ONCE)) (expect-failure "uses" (m.once))`),
    'FAILURE: uses: expected failure, got result');
});

test('expect-failure: a function as the result is an error, so a success (a thunk must give a value)', () => {
  assert.is(evalLast(`${MODULE} (defun id (x) x) (expect-failure "fn" (id))`), '"Expect failure: Success: fn"');
  assert.is(evalLast(`${MODULE} (defun id (x) x) (expect-failure "fn" "Expected Pact Value" (id))`), '"Expect failure: Success: fn"');
});

test('expect-that does not restore: an error in its condition propagates', () => {
  assert.is(errorOf(`${MODULE} (expect-that "fails" (lambda (x) (enforce false "in condition")) 1)`), 'in condition');
});

test('an evaluation-state snapshot shares the loaded names and scope until they change, then keeps its own', () => {
  // every expect takes a snapshot; pactvm copies the collections only when one changes
  const r = runRepl(`(begin-tx) (module g G (defcap G () true) (defun ok () 1)) (commit-tx) (begin-tx)`);
  const s = r.session, g = s.module('g')!;
  const saved = s.saveEvalState();
  s.noteLoaded(g);
  s.defineTopLevel('ok', g.members.get('ok')!);
  assert.ok(s.isLoaded('g'));
  assert.ok(s.topLevel.has('ok'));
  assert.not.ok(saved.loadedThisTx.has('g'), 'the snapshot was changed');
  assert.not.ok(saved.topLevel.has('ok'), 'the snapshot was changed');
  assert.is(saved.loaded.size, 0);
  s.restoreEvalState(saved);
  assert.not.ok(s.isLoaded('g'));
  assert.not.ok(s.topLevel.has('ok'));
  // restored, the collections are the snapshot's again: a change after it copies them once more
  s.markLoaded('g');
  assert.ok(s.isLoaded('g'));
  assert.not.ok(saved.loadedThisTx.has('g'));
  // a name brought in after an expect's snapshot stays in scope through a later restore
  assert.is(evalLast(`(begin-tx) (module g G (defcap G () true) (defun ok () 1) (defun bad () (enforce false "bad")))
    (commit-tx) (begin-tx) (expect "ok" 1 (g.ok)) (use g) (expect-failure "bad" (bad)) (ok)`), '1');
});

test.run();
