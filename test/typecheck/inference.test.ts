// What the typechecker infers for each construct: literals and natives, generalisation and type
// classes, let, lambdas and partial application, objects and rows, database natives with binding
// forms, defcaps and with-capability, defpacts step by step, defconsts, tables, module references.

import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { typesOf, mod } from './tc-helpers.js';

test('annotated arguments and natives: (+ a b) on integers is integer -> integer -> integer', () => {
  assert.equal(typesOf(mod('(defun add (a:integer b:integer) (+ a b))')), { add: '(-> integer (-> integer integer))' });
});

test('time, guard and keyset (a guard) annotations, bool and decimal results', () => {
  assert.equal(typesOf(mod(`
    (defun later (t:time ks:keyset) (enforce-guard ks) (add-time t 1.5))
    (defun same (a:guard b:guard) (= a b))
    (defun ratio (a:integer) (/ (dec a) 2.0))`)), {
    later: '(-> time (-> guard time))', same: '(-> guard (-> guard bool))', ratio: '(-> integer decimal)',
  });
});

test('an unannotated function is generalised, with the type classes its natives need', () => {
  assert.equal(typesOf(mod('(defun id (x) x) (defun absolute (x) (abs x)) (defun use-both () (+ (abs -1.0) (id 2.0)))')), {
    'id': 'forall v0:TYPE. (-> \'v0 \'v0)',
    'absolute': "forall v0:TYPE. (Num{'v0}) => (-> 'v0 'v0)",
    'use-both': '(=> decimal)',
  });
});

test('let: the bound value\'s type flows into the body; an annotation is checked', () => {
  assert.equal(typesOf(mod('(defun f () (let ((x:string "a") (n 1)) (+ (length x) n)))')), { f: '(=> integer)' });
});

test('lambdas and partial application of natives and user functions', () => {
  assert.equal(typesOf(mod(`
    (defun applied () ((lambda (a b) (+ a b)) 1 2))
    (defun partial () (let ((inc (+ 1))) (inc 2)))
    (defun mapped () (map (+ 1) [1 2 3]))
    (defun folded (xs:[integer]) (fold (+) 0 xs))`)), {
    applied: '(=> integer)', partial: '(=> integer)', mapped: '(=> [integer])', folded: '(-> [integer] integer)',
  });
});

test('objects are row-polymorphic: (at "a" o) needs a row with field a', () => {
  assert.equal(typesOf(mod('(defun get-a (o) (at "a" o)) (defun use-it () (get-a {"a": 1, "b": "x"}))')), {
    'get-a': "forall v0:ROW v1:TYPE. (a:'v1 ≼ 'v0) => (-> object{'v0} 'v1)",
    'use-it': '(=> integer)',
  });
});

test('object literals, + on objects and remove compute their rows', () => {
  assert.equal(typesOf(mod(`
    (defun merged () (+ {"a": 1} {"b": "x"}))
    (defun removed () (remove "a" {"a": 1, "b": true}))`)), {
    merged: '(=> object{a:integer b:string})', removed: '(=> object{b:bool})',
  });
});

test('tables, bind, with-read, with-default-read, write and update against a schema', () => {
  assert.equal(typesOf(mod(`
    (defschema s a:integer b:string)
    (deftable tb:{s})
    (defun r1 (k:string) (with-read tb k {"a" := a} (+ a 1)))
    (defun r2 (k:string) (with-default-read tb k {"a": 0, "b": ""} {"b" := b} b))
    (defun r3 (o:object{s}) (bind o {"b" := x} x))
    (defun w (k:string) (write tb k {"a": 1, "b": "x"}))
    (defun u (k:string) (update tb k {"a": 2}))`)), {
    tb: 'table{a:integer b:string}', r1: '(-> string integer)', r2: '(-> string string)',
    r3: '(-> object{a:integer b:string} string)', w: '(-> string string)', u: '(-> string string)',
  });
});

test('defcaps are functions to cap-token; with-capability has its body\'s type', () => {
  assert.equal(typesOf(mod(`
    (defcap C (x:integer) true)
    (defcap EVENT (s:string) @event true)
    (defun f (x:integer) (with-capability (C x) (+ x 1)))`)), {
    C: '(-> integer cap-token)', EVENT: '(-> string cap-token)', f: '(-> integer integer)',
  });
});

test('a defpact has one type per step; resume sees the previous step\'s yield', () => {
  assert.equal(typesOf(mod('(defpact p (x:string) (step (yield {"v": x})) (step (resume {"v" := v} (length v))))')), {
    p: 'step 0: (-> string object{v:string}); step 1: (-> string integer)',
  });
});

test('defconsts have the type of their value, tables of their schema', () => {
  assert.equal(typesOf(mod('(defconst N 1) (defconst L ["a"]) (defconst O {"k": 1.0}) (defschema s m:[integer]) (deftable tb:{s})')), {
    N: 'integer', L: '[string]', O: 'object{k:decimal}', tb: 'table{m:[integer]}',
  });
});

test('module references: a module may be passed where one of its interfaces is required, and m::f has the interface\'s type', () => {
  const src = `(interface i (defun f:integer (x:integer)))
(module impl g (defcap g () true) (implements i) (defun f:integer (x:integer) x))
${mod('(defun call (m:module{i}) (m::f 1)) (defun call-impl () (call impl))')}`;
  assert.equal(typesOf(src), { 'call': '(-> module{i} integer)', 'call-impl': '(=> integer)' });
});

test('definitions of other modules are typechecked with the module that uses them', () => {
  const src = `(module lib g (defcap g () true) (defun twice (x) (* 2 x)))
${mod('(defun four () (lib.twice 2))')}`;
  assert.equal(typesOf(src), { four: '(=> integer)' });
});

test.run();
