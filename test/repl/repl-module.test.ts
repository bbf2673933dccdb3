// Code a REPL defun runs has a calling module: Pact's frame for a REPL defun names the
// pseudo-module #repl (Repl/Compile.hs replModuleName), and findCallingModule reads the top frame.

import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { runRepl, errorOf } from '../helpers.js';

const MODULE = '(module m g (defcap g () true) (defcap E (a:integer) @event true))\n';

test('create-module-guard in a REPL defun guards the pseudo-module #repl; at top level it still fails', () => {
  const r = runRepl(MODULE + '(defun mg () (create-module-guard "x"))\n(mg)');
  assert.is(r.error, null);
  assert.is(r.traces[r.traces.length - 1], 'ModuleGuard {module: #repl,name: x}');
  assert.is(errorOf(MODULE + '(create-module-guard "x")'), 'native execution failure, create-module-guard failed with message: create-module-guard: must call within module');
});

test('such a guard passes while any REPL defun runs, and is otherwise #repl\'s module admin, which no module has', () => {
  const src = MODULE + '(defun mg () (create-module-guard "x"))\n(defun check (g) (enforce-guard g))\n';
  const r = runRepl(src + '(check (mg))');
  assert.is(r.error, null);
  assert.is(r.traces[r.traces.length - 1], 'true');
  assert.is(errorOf(src + '(enforce-guard (mg))'), 'Cannot find module: #repl');
});

test('an event emitted from a REPL defun names #repl as the module it does not match', () => {
  assert.is(errorOf(MODULE + '(defun ev () (emit-event (m.E 1)))\n(ev)'), 'Emitted event does not match module: #repl');
  // at top level, the event's own module is named (no calling module)
  assert.is(errorOf(MODULE + '(emit-event (m.E 1))'), 'Emitted event does not match module: m');
});

test.run();
