// try and enforce-one put Pact's capability state back when they catch an error (Pact's
// restoreFromErrorState: capabilities, call stack, recursion check), and nothing when they succeed.

import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { evalLast, errorOf } from '../helpers.js';

const MODULE = `
(begin-tx)
(env-data {"admin": ["admin"]})
(env-keys ["admin"])
(define-keyset 'admin-ks (read-keyset "admin"))
(module m 'admin-ks
  (defcap PLAIN () true)
  (defcap INNER () true)
  (defcap OUTER () (try 1 2) (compose-capability (INNER)))
  (defcap OUTER-FAILS () (try 1 (let ((c (compose-capability (INNER)))) (enforce false "then fails"))))
  (defcap ONCE () @managed true)
  (defcap NOTE (n:integer) @event true)
  (defcap PAY (amount:integer) @managed amount PAY-mgr true)
  (defun PAY-mgr:integer (have:integer want:integer)
    (enforce (>= have want) (format "over budget: {} left" [have])) (- have want))
  (defun once () (with-capability (ONCE) "used"))
  (defun once-then-fail () (with-capability (ONCE) (enforce false "failed after ONCE")))
  (defun once-then-false () (with-capability (ONCE) false))
  (defun pay (n:integer) (with-capability (PAY n) n))
  (defun pay-then-fail (n:integer) (with-capability (PAY n) (enforce false "failed after PAY")))
  (defun pay-then-false (n:integer) (with-capability (PAY n) false))
  (defun note-then-fail () (with-capability (NOTE 1) (enforce false "failed after NOTE")))
  (defun plain-around-try () (with-capability (PLAIN) (try 1 2)) (require-capability (PLAIN)))
  (defun outer-composes () (with-capability (OUTER) (require-capability (INNER))))
  (defun outer-fails-composes () (with-capability (OUTER-FAILS) (require-capability (INNER))))
  (defun outer-fails-then-outside () (with-capability (OUTER-FAILS) 1) (require-capability (OUTER-FAILS))))
`;

test('try: a managed amount spent by a failing body is available again', () => {
  const src = `${MODULE} (install-capability (m.PAY 10)) (try 0 (m.pay-then-fail 6))`;
  assert.is(evalLast(`${src} (m.pay 6)`), '6');
  assert.is(errorOf(`${src} (m.pay 6) (m.pay 6)`), 'over budget: 4 left');
});

test('try: a one-shot capability used by a failing body can be used again', () => {
  assert.is(evalLast(`${MODULE} (install-capability (m.ONCE)) (try 0 (m.once-then-fail)) (m.once)`), '"used"');
});

test('try: a capability installed by a failing body is not installed afterwards', () => {
  assert.is(errorOf(`${MODULE} (try 0 (let ((i (install-capability (m.ONCE)))) (enforce false "then fails"))) (m.once)`),
    'Managed capability not installed: (m.ONCE)');
});

test('try: a capability granted by test-capability in a failing body is dropped', () => {
  const src = `${MODULE} (commit-tx) (begin-tx)
    (try 0 (let ((g (test-capability (m.PLAIN)))) (enforce false "then fails")))`;
  assert.is(errorOf(`${src} (require-capability (m.PLAIN))`), 'require-capability: not granted: (m.PLAIN)');
});

test('try: module admin acquired by a failing body is dropped', () => {
  const src = `${MODULE} (commit-tx) (begin-tx)
    (try 0 (let ((a (env-module-admin m))) (enforce false "then fails")))`;
  assert.is(errorOf(`${src} (with-capability (m.PLAIN) 1)`),
    'Module admin necessary for operation but has not been acquired:m');
});

test('try: a capability composed by a failing body is no longer composed', () => {
  assert.is(errorOf(`${MODULE} (m.outer-fails-composes)`), 'require-capability: not granted: (m.INNER)');
});

test('try: a defcap body whose try caught a failure is not left in scope after the with-capability', () => {
  assert.is(errorOf(`${MODULE} (m.outer-fails-then-outside)`), 'require-capability: not granted: (m.OUTER-FAILS)');
});

test('try: a body that succeeds keeps what it did (amount spent, capability installed)', () => {
  assert.is(errorOf(`${MODULE} (install-capability (m.PAY 10)) (try 0 (m.pay 6)) (m.pay 6)`), 'over budget: 4 left');
  assert.is(evalLast(`${MODULE} (try 0 (install-capability (m.ONCE))) (m.once)`), '"used"');
});

test('try: a body that succeeds inside with-capability leaves the capability to be released', () => {
  assert.is(errorOf(`${MODULE} (m.plain-around-try)`), 'require-capability: not granted: (m.PLAIN)');
});

test('try: a defcap body that succeeds through a try still composes afterwards', () => {
  assert.is(evalLast(`${MODULE} (m.outer-composes)`), 'true');
});

test('try: events emitted by a failing body are kept (Pact does not restore events)', () => {
  assert.is(evalLast(`${MODULE} (env-events true) (try 0 (m.note-then-fail)) (env-events true)`),
    '[{"module-hash": ' + evalLast(`${MODULE} (at "hash" (describe-module "m"))`) +
    ',"name": "m.NOTE","params": [1]}]');
});

test('enforce-one: a one-shot capability used by a failing alternative is usable by the next', () => {
  assert.is(evalLast(`${MODULE} (install-capability (m.ONCE))
    (enforce-one "none" [(m.once-then-fail) (= (m.once) "used")])`), 'true');
});

test('enforce-one: a managed amount spent by a failing alternative is available to the next', () => {
  assert.is(evalLast(`${MODULE} (install-capability (m.PAY 10))
    (enforce-one "none" [(m.pay-then-fail 6) (= (m.pay 6) 6)])`), 'true');
});

test('enforce-one: an alternative that returns false keeps what it did (the REPL evaluator)', () => {
  assert.is(errorOf(`${MODULE} (install-capability (m.ONCE))
    (enforce-one "none" [(m.once-then-false) (= (m.once) "used")])`), 'none');
  assert.is(errorOf(`${MODULE} (install-capability (m.PAY 10))
    (enforce-one "none" [(m.pay-then-false 6) (m.pay-then-false 6)]) `), 'none');
  assert.is(errorOf(`${MODULE} (install-capability (m.PAY 10))
    (enforce-one "none" [(m.pay-then-false 6) true]) (m.pay 6)`), 'over budget: 4 left');
});

test('enforce-one: when every alternative fails, its message is computed in the state before the last', () => {
  assert.is(errorOf(`${MODULE} (install-capability (m.ONCE))
    (enforce-one (m.once) [(m.once-then-fail) (m.once-then-fail)])`), 'used');
});

test.run();
