// Programs the typechecker rejects, with Pact's rendered messages: mismatched types and schemas,
// unresolvable type classes, row operations on computed labels, untyped annotations, generic
// constants, modref subsumption, dynamic calls, defpacts, and constructs it does not check.

import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { errorOf, mod } from './tc-helpers.js';

test('a type mismatch shows both types and where each comes from', () => {
  assert.is(errorOf('(module t g (defcap g () true) (defun f () (+ 1 "a")))'), [
    'Couldnt match type integer with string',
    'Expected: integer',
    ' 1 | (module t g (defcap g () true) (defun f () (+ 1 "a")))',
    '   |                                            ^^^^^^^^^',
    '',
    'Actual: string',
    ' 1 | (module t g (defcap g () true) (defun f () (+ 1 "a")))',
    '   |                                            ^^^^^^^^^',
    '',
  ].join('\n'));
});

test('a return annotation is checked against the body', () => {
  const msg = errorOf('(module t g (defcap g () true) (defun f:integer (x:integer) (if (> x 1) "big" x)))');
  assert.ok(msg.startsWith('Couldnt match type integer with string\nExpected: integer\n'), msg);
});

test('a let annotation is checked against the bound value', () => {
  const msg = errorOf(mod('(defun f () (let ((x:string 1)) x))'));
  assert.ok(msg.startsWith('Couldnt match type string with integer\nExpected: string\n'), msg);
});

test('a row mismatch is a schema mismatch: write needs the whole row', () => {
  const msg = errorOf(mod('(defschema s a:integer b:string) (deftable tb:{s}) (defun w (k:string) (write tb k {"a": 1}))'));
  assert.ok(msg.startsWith('Couldnt match schema a:integer b:string with a:integer\nExpected: a:integer b:string\n'), msg);
});

test('with-capability needs a capability token', () => {
  const msg = errorOf(mod('(defun bad () (with-capability {"a": 1} 1))'));
  assert.ok(msg.startsWith('Couldnt match type object{a:integer} with cap-token\n'), msg);
});

test('a type class with no instance: the constraint, where it arose, and the definition', () => {
  assert.is(errorOf('(module t g (defcap g () true) (defun f () (abs "a")))'), [
    'Expected numeric type integer or decimal, got string',
    ' 1 | (module t g (defcap g () true) (defun f () (abs "a")))',
    '   |                                            ^^^^^^^^^',
    'at',
    ' 1 | (module t g (defcap g () true) (defun f () (abs "a")))',
    '   |                                ^^^^^^^^^^^^^^^^^^^^^^',
    '',
  ].join('\n'));
});

test('format needs values it can show: a lambda is not one', () => {
  const msg = errorOf(mod('(defun f () (format "{}" [(lambda (x) x)]))'));
  // variables are numbered across the module in Pact's order (stronglyConnCompR: unrelated
  // definitions by descending name), so g's unannotated result took a_0
  assert.ok(msg.startsWith('Type (-> \'unbound("a_2",2) \'unbound("a_2",2)) can\'t be converted to a string\n'), msg);
});

test('calling a function with too few arguments is a type error', () => {
  const msg = errorOf(mod('(defun f (x:integer) x) (defun bad:integer () (f))'));
  assert.ok(msg.startsWith('Couldnt match type (=> \'unbound("a_2",2)) with (-> integer integer)\n'), msg);
});

test('row operations need literal labels', () => {
  assert.ok(errorOf(mod('(defun f (k o) (remove k o))')).startsWith(
    'Cannot statically determine the type of the following operation: remove. Calculated field labels are not supported in types\n'));
});

test('untyped lists and objects in annotations are not supported', () => {
  assert.ok(errorOf(mod('(defun f (x:object) x)')).startsWith(
    'Static typechecking unsupported for type: object. If you are using the type list or object, consider moving to typed lists (e.g [integer]) or to typed objects (e.g for some (defschema my-schema balance:integer), object{my-schema})\n'));
});

test('a constant must have a known type', () => {
  assert.ok(errorOf(mod('(defconst X [])')).startsWith('Generic type [\'unbound("a_1",1)] is not allowed in this position\n'));
});

test('resume needs a yield in an earlier step; defpact arguments need annotations', () => {
  assert.ok(errorOf(mod('(defpact p () (step (resume {"a" := a} a)))')).startsWith(
    'Cannot statically determine the type of the following operation: resume.'));
  assert.ok(errorOf(mod('(defpact p (x) (step x))')).startsWith('Argument x requires type annotation\n'));
});

test('a defpact called from a step it does not have cannot be typed', () => {
  assert.match(errorOf(mod('(defpact p1 () (step 1)) (defpact p2 () (step 1) (step (p1)))')),
    /^t\.p1\.\{[A-Za-z0-9_-]{43}\} does not have a step 1, so we cannot infer the type if invoked at that step\n/);
});

test('of two definitions with errors, the one Pact checks first: each after those it names, unrelated ones by descending name', () => {
  // unrelated: b (the later name) is checked first
  assert.ok(errorOf(mod('(defun a () (+ 1 "x")) (defun b () (+ 2 "y"))')).includes('\n   |                                    ^^^^^^^^^\n'));
  // b names a: a is checked first
  const dep = errorOf(mod('(defun a () (+ 1 "x")) (defun b () (a) (+ 2 "y"))'));
  assert.ok(dep.includes('\n   |             ^^^^^^^^^\n'), dep);
});

test('a type left unsolved inside a definition is Pact\'s invariant error', () => {
  assert.ok(errorOf(mod('(defun f () (length []))')).startsWith(
    'Typechecker invariant error! Please report this to the Pact team @kadena: Unbound type variable:  a_3 in type [\'unbound("a_3",3)]\n'));
});

test('a module reference must implement every interface the type asks for', () => {
  const src = `(interface i (defun f:integer (x:integer)))
(interface j (defun h:integer (x:integer)))
(module impl g (defcap g () true) (implements i) (defun f:integer (x:integer) x))
${mod('(defun call (m:module{i, j}) (m::f 1)) (defun call-impl () (call impl))')}`;
  assert.ok(errorOf(src).startsWith('Module impl does not implement the requested interfaces:  \n'));
});

test('a dynamic call must name a function of one of the interfaces', () => {
  const src = `(interface i (defun f:integer (x:integer)))
${mod('(defun call (m:module{i}) (m::nope 1))')}`;
  assert.ok(errorOf(src).startsWith(
    'Cannot statically determine the type of the call m::nope. None of the following interfaces implements function nope: i\n'));
});

test('REPL-only natives in module code are reported as not supported, never passed', () => {
  const msg = errorOf(`(env-enable-repl-natives true)\n${mod('(defun f () (env-sigs []))')}`);
  assert.ok(msg.startsWith('not supported by the typechecker: REPL-only native env-sigs\n'), msg);
});

test.run();
