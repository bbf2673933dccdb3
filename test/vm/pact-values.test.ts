// Where Pact needs a Pact value, a function fails as "Expected Pact Value" (Direct/Evaluator.hs).
// Applying a function (`applyLam`): a
// defun's, defpact's or capability's arguments all, before any of their types is checked; the
// arguments a partial application supplies, one after the other with its type; a lambda's
// arguments when it is applied whole are not checked (natives hand functions to lambdas).

import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { evalLast, errorOf, inTierMode } from '../helpers.js';

const NOT_A_VALUE = 'Expected Pact Value, got closure or table reference';
const MODULE = `(module m g (defcap g () true)
  (defun f (x) 1)
  (defun typed (a:integer b) 1)
  (defun three (a b c) 1)
  (defun calls-f () (f (lambda (y) y)))
  (defpact p (a:integer b) (step 1))
  (defcap c (a:integer b) true))
`;

test('a defun takes no function as an argument, before its types are checked, also from module code', () => {
  for (const mode of ['off', 'always'] as const) inTierMode(mode, () => {
    assert.is(errorOf(`${MODULE}(m.f (lambda (y) y))`), NOT_A_VALUE, mode);
    assert.is(errorOf(`${MODULE}(m.f m.f)`), NOT_A_VALUE, mode);
    assert.is(errorOf(`${MODULE}(m.calls-f)`), NOT_A_VALUE, mode);
    // the second argument is the function, the first the wrong type: the value check comes first
    assert.is(errorOf(`${MODULE}(m.typed "a" (lambda (y) y))`), NOT_A_VALUE, mode);
    assert.is(errorOf(`${MODULE}(m.typed "a" 1)`), 'Runtime typecheck failure, argument is string , but expected type integer', mode);
    // a capability token is a value; the defcap itself is a function
    assert.is(evalLast(`${MODULE}(m.f (m.g))`), '1', mode);
    assert.is(errorOf(`${MODULE}(m.f m.g)`), NOT_A_VALUE, mode);
  });
});

test('a defpact and a capability take no function either, before any type is checked', () => {
  assert.is(errorOf(`${MODULE}(m.p "a" (lambda (y) y))`), NOT_A_VALUE);
  assert.is(errorOf(`${MODULE}(m.c "a" (lambda (y) y))`), NOT_A_VALUE);
  assert.is(errorOf(`${MODULE}(m.c "a" 1)`), 'Runtime typecheck failure, argument is string , but expected type integer');
});

test('a partial application checks each argument it supplies: value, then type, in order', () => {
  assert.is(errorOf(`${MODULE}(fold (m.three (lambda (y) y)) 0 [1])`), NOT_A_VALUE);
  assert.is(errorOf(`${MODULE}(fold ((lambda (a b c) a) (lambda (y) y)) 0 [1])`), NOT_A_VALUE);
  assert.is(errorOf(`${MODULE}(map (m.typed "a") [(lambda (y) y)])`), NOT_A_VALUE);
  // supplied in order: the wrong type comes first here
  assert.is(errorOf(`${MODULE}(fold ((lambda (a:integer b c) a) "a") 0 [1])`),
    'Runtime typecheck failure, argument is string , but expected type integer');
});

test('a lambda applied whole takes functions (map hands them over)', () => {
  assert.is(evalLast('((lambda (f x) (f x)) (lambda (y) (* 2 y)) 4)'), '8');
  assert.is(evalLast('(let ((twice (lambda (f x) (f (f x))))) (twice (lambda (y) (+ 1 y)) 0))'), '2');
  assert.is(evalLast('(let ((twice (lambda (f x) (f (f x))))) (twice identity [1 2]))'), '[1 2]');
});

test('a function where a bool, a string or a capability is needed is no Pact value (enforceBool, enforceString, enforceCapToken)', () => {
  const fn = '(lambda (y) y)';
  for (const src of [`(if ${fn} 1 2)`, `(and true ${fn})`, `(or ${fn} true)`, `(enforce ${fn} "m")`,
    `(enforce false ${fn})`, `(error ${fn})`, `(with-capability ${fn} 1)`, `(enforce-one "m" [${fn}])`,
    `(enforce-one ${fn} [false])`, `(cond (${fn} 1) 2)`, `(filter (lambda (x) ${fn}) [1])`,
    `(where "a" (lambda (x) ${fn}) {"a": 1})`, `(and? (lambda (x) true) (lambda (x) ${fn}) 1)`]) {
    for (const mode of ['off', 'always'] as const) inTierMode(mode, () => assert.is(errorOf(src), NOT_A_VALUE, `${mode} ${src}`));
  }
  // any other value is named
  assert.is(errorOf('(if 1 1 2)'), 'expected bool value, got 1');
  assert.is(errorOf('(error 1)'), 'expected string value, got: 1');
  assert.is(errorOf('(with-capability 1 1)'), 'expected capability token value, got: 1');
});

test('a defun, a defcap body and a defpact step return Pact values only, checked before a declared type (evalWithStackFrame)', () => {
  const fn = '(lambda (y) y)';
  for (const mode of ['off', 'always'] as const) inTierMode(mode, () => {
    assert.is(errorOf(`(module r g (defcap g () true) (defun k () ${fn}) (defun j () (let ((f (k))) 1))) (r.j)`), NOT_A_VALUE, mode);
    assert.is(errorOf(`(module r g (defcap g () true) (defun k:integer () ${fn})) (r.k)`), NOT_A_VALUE, mode);
    assert.is(errorOf(`(module r g (defcap g () true) (defcap c () ${fn}) (defun j () (with-capability (c) 1))) (r.j)`), NOT_A_VALUE, mode);
    assert.is(errorOf(`(module r g (defcap g () true) (defpact p () (step ${fn}))) (r.p)`), NOT_A_VALUE, mode);
  });
  // a defpact's declared type is not checked against its steps (its frame carries no type)
  assert.is(evalLast('(module r g (defcap g () true) (defpact p:string () (step 1))) (r.p)'), '1');
});

test('a let binding a function is not typechecked against its annotation (maybeTCType sees values only)', () => {
  for (const mode of ['off', 'always'] as const) inTierMode(mode, () => {
    assert.is(evalLast('(let ((f:integer (lambda (x) x))) (f 2))'), '2', mode);
    assert.is(errorOf('(let ((x:integer "a")) x)'), 'Runtime typecheck failure, argument is string , but expected type integer', mode);
  });
});

test('natives that hand back what a function returned need a Pact value: bind, with-read, with-default-read, fold-db, compose', () => {
  const fn = '(lambda (x) x)';
  const table = `(module t g (defcap g () true) (defschema s v:integer) (deftable tbl:{s}))
(create-table t.tbl) (insert t.tbl "a" {"v": 1})
`;
  for (const src of [`(bind {"a": 1} {"a" := a} ${fn})`, `${table}(with-read t.tbl "a" {"v" := v} ${fn})`,
    `${table}(with-default-read t.tbl "z" {"v": 0} {"v" := v} ${fn})`, `${table}(fold-db t.tbl (lambda (k o) true) (lambda (k o) ${fn}))`,
    `(compose (lambda (x) ${fn}) (lambda (f) 1) 1)`, `(compose (lambda (x) x) (lambda (y) ${fn}) 1)`,
    `(let ((r (bind {"a": 1} {"a" := a} ${fn}))) 1)`]) {
    assert.is(errorOf(src), NOT_A_VALUE, src);
  }
});

test.run();
