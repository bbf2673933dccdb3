// A schema named in a type in top-level code (a `let`, a lambda, a binding, a REPL defun or
// defconst) is resolved as Pact's renamer resolves it (Desugar.hs renameType / resolveSchema):
// through the local binders, the top-level names (a `use`, a module deployed in this
// transaction, REPL definitions), then as a module; a qualified name as a module member. A name
// it cannot resolve fails the form before it runs, at the term that holds the type, in Pact's
// order. Before, such a type went unchecked (any object passed), or matched a schema of that name
// in any module.

import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { runRepl, errorOf, evalLast } from '../helpers.js';

const MODULE = '(begin-tx)\n(module m G (defcap G () true) (defschema s a:integer) (defun f:integer () 1))\n';
const DEPLOYED = `${MODULE}(commit-tx)\n`;
/** the error's message and where it starts (line:column, both from 0) */
const failure = (text: string): string => {
  const e = runRepl(text).error;
  if (!e) throw new Error('expected an error');
  return `${e.message} @${e.span!.startPos.line}:${e.span!.startPos.col}`;
};

test('no such name: a module of that name is looked for, at the let', () => {
  assert.is(failure('(let ((x:object{zz} {"a": 1})) x)'), 'Cannot find module:  zz @0:0');
  // found nowhere, and the form never ran: expect-failure does not catch it
  assert.is(failure('(+ 1 2)\n(expect-failure "no" (let ((x:object{zz} {"a": 1})) x))'), 'Cannot find module:  zz @1:21');
});

test('in a namespace, the name is read as a module of that namespace (a runtime read)', () => {
  const ns = '(env-data { "k": ["k"] }) (env-sigs [{ "key": "k", "caps": [] }])\n' +
    '(define-namespace "ns" (read-keyset "k") (read-keyset "k"))\n(namespace "ns")\n';
  assert.is(failure(`${ns}(let ((x:object{zz} {"a": 1})) x)`), 'Cannot find module: ns.zz @3:0');
});

test('a module deployed in this transaction lends its schemas; after the transaction only a use or a full name does', () => {
  assert.is(failure(`${MODULE}(let ((x:object{s} {"a": "one"})) x)`),
    'Runtime typecheck failure, argument is object , but expected type object{m.s} @2:7');
  assert.is(failure(`${DEPLOYED}(let ((x:object{s} {"a": 1})) x)`), 'Cannot find module:  s @3:0');
  assert.is(evalLast(`${DEPLOYED}(use m)\n(let ((x:object{s} {"a": 1})) x)`), '{"a": 1}');
  assert.is(failure(`${DEPLOYED}(let ((x:object{m.s} {"a": "one"})) x)`),
    'Runtime typecheck failure, argument is object , but expected type object{m.s} @3:7');
});

test('a name that is no schema: a module, a local, a function, an interface', () => {
  assert.is(failure(`${DEPLOYED}(let ((x:object{m} {"a": 1})) x)`), 'Unbound type variable m @3:0');
  assert.is(failure(`${DEPLOYED}(use m)\n(let ((x:object{f} {"a": 1})) x)`), 'Invalid def in defschema position: f is not a valid schema @4:0');
  assert.is(failure(`${DEPLOYED}(use m)\n(let ((s 1)) (let ((x:object{s} {"a": 1})) x))`), 'Unbound type variable s @4:13');
  assert.is(failure(`${DEPLOYED}(let ((x:object{m.f} {"a": 1})) x)`), 'Invalid def in defschema position: f is not a valid schema @3:0');
  assert.is(failure(`${DEPLOYED}(let ((x:object{m.nope} {"a": 1})) x)`), 'Module m has no such member: nope @3:0');
  assert.is(failure('(let ((x:object{nomod.s} {"a": 1})) x)'), 'Module nomod has no such member: s @0:0');
  assert.is(failure('(begin-tx)\n(interface i (defun g:integer ()))\n(commit-tx)\n(let ((x:object{i} {"a": 1})) x)'),
    'Invalid Interface attempted to be used as module reference: i @3:0');
});

test("Pact's order: a let's type before its value, a lambda's body before its parameters' types", () => {
  assert.is(failure('(let ((x:object{zz} (nope))) x)'), 'Cannot find module:  zz @0:0');
  assert.is(failure('(let ((x (nope)) (y:object{zz} {})) y)'), 'Cannot find module:  nope @0:10');
  assert.is(failure('(lambda (x:object{zz}) (nope))'), 'Cannot find module:  nope @0:24');
  assert.is(failure('(lambda (x:object{zz}) x)'), 'Cannot find module:  zz @0:0');
  // a syntax error anywhere in the form still wins
  assert.is(errorOf('(let ((x:object{zz} {"a": 1})) (bind {"a": 1} {"a" := y}))'), 'Bind expression lacks an accompanying body');
  assert.is(errorOf('(defun g (a:object{zz}) (bind {"a": 1} {"a" := y}))'), 'Bind expression lacks an accompanying body');
});

test('a binding form, at the application holding it (toAppExprList gives the Binding its info)', () => {
  assert.is(failure('(bind {"a": 1} {"a" := x:object{zz}} x)'), 'Cannot find module:  zz @0:0');
});

test('REPL definitions: at the definition, the arguments before the result, before the body', () => {
  assert.is(failure('(defun g:object{yy} (a:object{zz}) (nope))'), 'Cannot find module:  zz @0:0');
  assert.is(failure('(defun g:object{yy} (a:integer) (nope))'), 'Cannot find module:  yy @0:0');
  assert.is(failure('(defconst K:object{zz} {"a": 1})'), 'Cannot find module:  zz @0:0');
  assert.is(evalLast(`${DEPLOYED}(use m)\n(defun g:object{s} () {"a": 1})\n(g)`), '{"a": 1}');
});

test('module{…} in top-level code names interfaces only (resolveInterfaceName)', () => {
  const iface = '(begin-tx)\n(interface i (defun g:integer ()))\n(commit-tx)\n';
  assert.is(evalLast(`${iface}(let ((f (lambda (r:module{i}) r))) 2)`), '2');
  assert.is(failure(`${DEPLOYED}(let ((f (lambda (r:module{m}) r))) 2)`), 'Invalid Interface attempted to be used as module reference: m @3:9');
  assert.is(failure(`${iface}(let ((f (lambda (r:module{i, nope}) r))) 2)`), 'Cannot find module:  nope @3:9');
});

test('module code is unchanged: its schemas resolve inside it, an unknown one fails at the definition', () => {
  assert.is(failure('(begin-tx)\n(module m G (defcap G () true) (defun g (x:object{zz}) x))'), 'Cannot find module:  zz @1:31');
});

test.run();
