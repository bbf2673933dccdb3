// REPL-level definitions among the top-level names, as Pact keeps them in one map (loToplevel):
// - a defun names itself in its body, as renameReplDefun puts the name in scope before the body:
//   the definition loads, and a call that recurses fails Pact's runtime recursion check, naming
//   the function in the module `#repl`;
// - a REPL definition replaces any name in scope (`M.insert`), a deployed module's members replace
//   any (`M.union newTopLevel`), and a `use` adds only names not yet in scope (handleImport puts
//   the current names first in its `M.union`); at a transaction's end only REPL definitions stay,
//   and loading a .pact file empties the names, REPL definitions too (loadFile).

import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { mkdtempSync, writeFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runRepl, evalLast } from '../helpers.js';

const FACT = '(defun fact (n) (if (= n 0) 1 (* n (fact (- n 1)))))\n';

test('a recursive REPL defun loads, and runs while it does not recurse', () => {
  const r = runRepl(`${FACT}(fact 0)`);
  assert.is(r.error, null);
  assert.equal(r.traces, ['Loaded repl defun fact', '1']);
});

test('a call that recurses is a runtime error that expect-failure catches', () => {
  const r = runRepl(`${FACT}(fact 3)`);
  assert.is(r.error!.message, 'Recursion detected by the runtime. Recursing in function: #repl.fact');
  assert.is(evalLast(`${FACT}(expect-failure "recursion" "Recursing in function: #repl.fact" (fact 3))`), '"Expect failure: Success: recursion"');
});

test('a defun defined again refers to its new self, not to the one it replaces', () => {
  const r = runRepl('(defun f () 1)\n(defun f () (+ 1 (f)))\n(f)');
  assert.is(r.error!.message, 'Recursion detected by the runtime. Recursing in function: #repl.f');
});

test('a definition that fails to compile leaves the earlier one in place', () => {
  const r = runRepl('(defun f () 1)\n(defun f () (g))');
  assert.is(r.error!.message, 'Cannot find module:  g');
  // the session goes on, as the interactive REPL's does after an error
  const after = runRepl('(f)', 'more.repl', r.session);
  assert.is(after.error, null);
  assert.equal(after.traces, ['1']);
});

const TWO_MODULES = '(begin-tx)\n(module m G (defcap G () true) (defun f () 1))\n' +
  '(module n G (defcap G () true) (defun f () 2))\n(commit-tx)\n';

test('of two uses naming the same function, the first stays', () => {
  assert.is(evalLast(`${TWO_MODULES}(use m)\n(use n)\n(f)`), '1');
  assert.is(evalLast(`${TWO_MODULES}(use n)\n(use m)\n(f)`), '2');
});

test('a use does not replace a REPL definition', () => {
  assert.is(evalLast(`${TWO_MODULES}(defun f () 0)\n(use m)\n(f)`), '0');
});

test('a REPL definition replaces a module member in scope, and outlives the transaction', () => {
  const r = runRepl('(begin-tx)\n(module m G (defcap G () true) (defun f () 1))\n(f)\n(defun f () 2)\n(f)\n(commit-tx)\n(f)');
  assert.is(r.error, null);
  assert.equal(r.traces.filter(t => /^\d$/.test(t)), ['1', '2', '2']);
});

test("a module deployed after a REPL definition hides it until the transaction's end", () => {
  const r = runRepl('(defun f () 0)\n(begin-tx)\n(module m G (defcap G () true) (defun f () 1))\n(f)\n(commit-tx)\n(f)');
  assert.is(r.error, null);
  assert.equal(r.traces.filter(t => /^\d$/.test(t)), ['1', '0']);
});

test('loading a .pact file takes REPL definitions out of scope, loading a .repl file does not', () => {
  const dir = mkdtempSync(join(tmpdir(), 'pactvm-repl-defuns-'));
  try {
    writeFileSync(join(dir, 'lib.pact'), '(+ 1 2)\n');
    const script = join(dir, 'main.repl');
    const before = '(defun f () 1)\n(defun g () (f))\n(load "lib.pact")\n';
    const r = runRepl(`${before}(f)`, script);
    assert.is(r.error!.message, 'Cannot find module:  f');
    assert.is(r.error!.span!.file.name, script);
    assert.is(runRepl(`${before}(g)`, script).error!.message, 'Cannot find module:  g');
    // a REPL file loaded keeps them
    writeFileSync(join(dir, 'lib.repl'), '(+ 1 2)\n');
    assert.is(evalLast(`(defun f () 1)\n(load "${join(dir, 'lib.repl')}")\n(f)`), '1');
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test.run();
