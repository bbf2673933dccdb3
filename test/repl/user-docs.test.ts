// A top-level form that is only the name of a definition shows the definition's docs instead of
// running (Compile.hs RUserDoc; UserDocs.hs functionDocs; ParseTree.hs defDocs).

import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { runRepl } from '../helpers.js';

const MODULE = `(module m g (defcap g () true)
  (defun f:integer () @doc "doc of f" 1)
  (defun plain (x) "a docstring" x)
  (defun modelled () @model [(property true)] @doc "after a model" 1)
  (defconst K 1 "doc of K")
  (defconst T:object{s} {"a": 1} @doc "typed K")
  (defconst U:integer 2)
  (defschema s "doc of s" a:integer)
  (deftable tbl:{s} "doc of tbl")
  (defcap c:bool (x:integer) @doc "doc of c" @event true)
  (defpact p () @doc "doc of p" (step 1))
  (defun nodoc () 1))
`;

test('a bare definition name displays its qualified name and doc, for every kind of definition', () => {
  const r = runRepl(`${MODULE}m.f m.plain m.modelled m.K m.T m.U m.tbl m.c m.p m.nodoc`);
  assert.is(r.error, null);
  assert.equal(r.traces.slice(1), [
    'm.f\nDocs:\ndoc of f', 'm.plain\nDocs:\na docstring', 'm.modelled\nDocs:\nafter a model', 'm.K\nDocs:\ndoc of K',
    'm.T\nDocs:\ntyped K', 'm.U\nDocs:\n', 'm.tbl\nDocs:\ndoc of tbl', 'm.c\nDocs:\ndoc of c',
    'm.p\nDocs:\ndoc of p', 'm.nodoc\nDocs:\n']);
});

test('a name brought in by use, a REPL defun and a namespaced module are shown the same way; anything more evaluates', () => {
  const r = runRepl(`${MODULE}(use m) f (defun r () 2) r (m.f) m (+ m.K 1)`);
  assert.is(r.error, null);
  assert.equal(r.traces.slice(1), ['Loaded imports from m', 'm.f\nDocs:\ndoc of f', 'Loaded repl defun r', '#repl.r\nDocs:\n', '1', 'm', '2']);
  const ns = runRepl(`(env-data {"ks": ["k"]}) (env-keys ["k"]) (begin-tx)
(define-namespace "ns" (read-keyset "ks") (read-keyset "ks")) (namespace "ns")
(module n g (defcap g () true) (defun h () "in ns" 1)) ns.n.h n.h`);
  assert.is(ns.error, null);
  assert.equal(ns.traces.slice(-2), ['ns.n.h\nDocs:\nin ns', 'ns.n.h\nDocs:\nin ns']);
});

test('a bare name that is a function no longer fails as a top-level closure; one the renamer refuses still fails', () => {
  assert.is(runRepl(`${MODULE}m.nodoc`).error, null);
  // a schema is compiled (and refused) before any doc is shown
  assert.is(runRepl(`${MODULE}m.s`).error?.message, 'Invalid definition in term variable position: s');
});

test.run();
