// The REPL native `(typecheck "m")`: a trace line and unit on success; on failure Pact's
// TypecheckingFailure ("static typechecking failed for m", then the rendered typecheck message),
// located at the call.

import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { runRepl } from '../helpers.js';

const good = '(module m g (defcap g () true) (defun f:integer (x:integer) (+ x 1)))\n';
const bad = '(module m g (defcap g () true) (defun f:string (x:integer) (+ x 1)))\n';

test('success: "Typechecking successful for module m" is traced', () => {
  const r = runRepl(`${good}(typecheck "m")`);
  assert.is(r.error, null);
  assert.is(r.traces[r.traces.length - 1], 'Typechecking successful for module m');
});

// (the body's type is a solved variable, so Pact's unifier reports it first)
test('failure: "static typechecking failed for m" and the typecheck message, at the typecheck call', () => {
  const r = runRepl(`${bad}(typecheck "m")`);
  assert.ok(r.error);
  assert.ok(r.error!.message.startsWith('static typechecking failed for m\nCouldnt match type integer with string\nExpected: integer\n'), r.error!.message);
  assert.is(r.error!.span!.startPos.line, 1);
  assert.is(r.error!.recoverable, false);
});

test('expect-failure sees the typecheck failure', () => {
  const r = runRepl(`${bad}(expect-failure "ill-typed" "Couldnt match type" (typecheck "m"))`);
  assert.is(r.error, null);
  assert.equal(r.session.testResults.map(t => t.passed), [true]);
});

test('a namespaced module is named in full', () => {
  const r = runRepl(`(env-data { "k": ["k"] }) (env-sigs [{ "key": "k", "caps": [] }])\n(begin-tx)\n(define-namespace "ns" (read-keyset "k") (read-keyset "k"))\n(namespace "ns")\n${bad}(commit-tx)\n(typecheck "ns.m")`);
  assert.ok(r.error!.message.startsWith('static typechecking failed for ns.m\nCouldnt match type'), r.error!.message);
});

test('an unknown module and an interface are errors, not successes', () => {
  assert.is(runRepl('(typecheck "nope")').error!.message, 'Cannot find module: nope');
  assert.is(runRepl('(interface i (defun f:integer ()))\n(typecheck "i")').error!.message, 'Expected module, found interface: i');
});

test.run();
