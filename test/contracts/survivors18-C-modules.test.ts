// Installing modules (runtime/contracts/modules.ts), aimed at the mutants the 18th mutation run left
// alive: a keyset governance name Pact's renamer refuses (Desugar.hs resolveGov:
// InvalidKeysetNameFormat), a table typed by the module's own schema when a `use` imports one of
// the same name (the renamer finds the module's own definitions first), the REPL-native check that
// runs on the evaluated module, where a defconst is a value (Repl/Compile.hs checkReplNativesEnabled),
// and what a module's constants leave behind once evaluated (ConstEval runs them sys-only).

import { test } from '../deadline.js';
import * as assert from 'uvu/assert';
import { runRepl } from '../helpers.js';
import { last, failure, values } from './guard-helpers.js';

test('a module governed by the keyset name "" is refused (InvalidKeysetNameFormat)', () => {
  // parseAnyKeysetName refuses only the empty name; the error text is Errors.hs's pretty form
  assert.is(failure('(begin-tx) (module m "" (defun f () 1))'), 'Invalid keyset name format: ');
  // a valid name passes the same check: the module is installed
  assert.match(last('(env-data {"ks": ["k"]}) (env-keys ["k"]) (begin-tx) (define-keyset "ks" (read-keyset "ks")) (module m "ks" (defun f () 1)) (m.f)'), '1');
});

test('a deftable naming a bare schema uses the module\'s own schema, not an imported one of the same name', () => {
  const out = values(`(begin-tx)
(module lib g (defcap g () true) (defschema s a:integer))
(module m g (defcap g () true)
  (use lib)
  (defschema s b:string)
  (deftable t:{s})
  (defun w () (write t "k" {"b": "x"}))
  (defun r () (read t "k")))
(create-table t)
(m.w)
(m.r)`);
  assert.equal(out.slice(-2), ['"Write succeeded"', '{"b": "x"}']);
});

test('a table typed by an imported schema (no own schema of that name) uses the imported fields', () => {
  const r = runRepl(`(begin-tx)
(module lib g (defcap g () true) (defschema s a:integer))
(module m g (defcap g () true)
  (use lib)
  (deftable t:{s})
  (defun w () (write t "k" {"b": "x"})))
(create-table t)
(m.w)`);
  // WriteValueDidNotMatchSchema, as Errors.hs renders it
  assert.is(r.error?.message, 'Attempted insert failed due to schema mismatch. Expected: {"a": integer}, received {"b": "x"}');
});

test('a defconst that calls a REPL native is allowed in module code (the check sees its value)', () => {
  // checkReplNativesEnabled traverses the module after ConstEval: an evaluated constant has no term
  const out = values(`(env-enable-repl-natives false)
(env-data {"x": 5})
(begin-tx)
(module m g (defcap g () true) (defconst C (env-data {"x": 7})) (defun f () (read-integer "x")))
(m.f)`);
  assert.is(out[out.length - 1], '7');
  // a defun that calls one is refused
  assert.is(failure('(env-enable-repl-natives false) (begin-tx) (module m g (defcap g () true) (defun f () (env-data {})))'),
    'Program encountered an unhandled raised error: repl native disallowed in module code. If you want to use this, enable them with (env-enable-repl-natives true)');
});

test('after a module\'s constants were evaluated, the same transaction may write its tables', () => {
  const out = values(`(begin-tx)
(module m g (defcap g () true) (defschema s a:integer) (deftable t:{s}) (defconst C 1)
  (defun w () (write t "k" {"a": C})) (defun r () (at "a" (read t "k"))))
(create-table t)
(m.w)
(m.r)`);
  assert.equal(out.slice(-2), ['"Write succeeded"', '1']);
});

test('a module that leaves an interface member unimplemented fails at the module form (checkImplements\' info)', () => {
  // Desugar.hs renameModule passes the module's own info to checkImplements: NotImplemented is located there
  const r = runRepl('(begin-tx)\n(interface i (defun f:integer ()))\n(module m g (defcap g () true) (implements i) (defun h () 1))', 'impl.repl');
  assert.is(r.error?.message, 'Interface member not implemented, module m does not implement interface i member: f');
  const s = r.error!.span;
  assert.ok(s, 'the error has a location');
  assert.is(`${s!.startPos.line + 1}:${s!.startPos.col}`, '3:0');
});

test.run();
