// Installing a compiled module: its cells filled, its constants evaluated after the whole module
// compiled (Pact's order), its hash from Pact's IR of the one syntax tree the text was parsed into.

import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { filesLexed } from '../../compiler/index.js';
import { Closure, TableRef } from '../../vm/values.js';
import { runRepl } from '../helpers.js';
import { loadedEntries } from '../../runtime/contracts/modules.js';

const BANK = `(module bank GOV
  (defcap GOV () true)
  (defcap PAY (amount:decimal) @managed amount PAY-mgr true)
  (defun PAY-mgr:decimal (managed:decimal requested:decimal) (- managed requested))
  (defschema account balance:decimal)
  (deftable accounts:{account})
  (defconst RATE (* BASE 2))
  (defconst BASE 21)
  (defun rate () RATE)
  (defpact trip () (step-with-rollback 1 0) (step 2)))`;

test('a script with a module is lexed once: the compiler and the Pact-IR mirror share its syntax tree', () => {
  const before = filesLexed();
  const r = runRepl(`${BANK}\n(describe-module "bank")`);
  assert.is(r.error, null);
  assert.is(filesLexed() - before, 1);
  const m = r.session.module('bank')!;
  // the mirror built Pact's IR of every definition from that tree
  assert.equal([...m.summary.members.keys()].sort(), ['BASE', 'GOV', 'PAY', 'PAY-mgr', 'RATE', 'account', 'accounts', 'rate', 'trip']);
});

test('installing fills every cell: closures and tables carry the module hash, constants their values', () => {
  const r = runRepl(`${BANK}\n(bank.rate)`);
  assert.is(r.error, null);
  assert.is(r.traces[1], '42');
  const m = r.session.module('bank')!;
  const rate = m.members.get('rate')!.value;
  assert.ok(rate instanceof Closure && rate.proto.moduleHash === m.hash);
  const table = m.members.get('accounts')!.value;
  assert.ok(table instanceof TableRef && table.moduleHash === m.hash && table.name === 'bank_accounts');
  assert.is(m.members.get('BASE')!.value, 21);
  assert.is(m.defcaps.get('PAY')!.closure, m.members.get('PAY')!.value);
  assert.equal(m.defcaps.get('PAY')!.meta, { kind: 'managed', param: 0, manager: 'bank.PAY-mgr' });
  assert.is(m.defpacts.get('trip')!.steps[0].exec, m.members.get('trip')!.value);
  assert.equal(m.defpacts.get('trip')!.steps.map(s => s.rollback !== null), [true, false]);
});

test('the whole module compiles before any constant is evaluated, as Pact desugars and renames before ConstEval', () => {
  const later = runRepl(`(module m g (defcap g () true)
  (defconst A (/ 1 0))
  (defconst B (if)))`);
  assert.is(later.error?.message, 'Desugar syntax failure: if must take three arguments');
  const cycle = runRepl(`(module m g (defcap g () true)
  (defconst A (/ 1 0))
  (defun f () (h)) (defun h () (f)))`);
  assert.is(cycle.error?.message, 'Recursive cycle detected in Module m in the following functions: [f, h]');
  // Pact's renamer (our Pact-IR mirror) checks `implements` before the constants run too
  const source = `(interface i (defun f:integer ()))
(module m g (implements i) (defcap g () true) (defconst A (/ 1 0)))`;
  const implementing = runRepl(source);
  assert.is(implementing.error?.message, 'Interface member not implemented, module m does not implement interface i member: f');
  assert.is(implementing.error?.span?.start, source.indexOf('(module'), 'reported at the module form');
  // with the module's code sound, the constant's own failure is what is reported
  assert.is(runRepl('(module m g (defcap g () true) (defconst A (/ 1 0)))').error?.message, 'Arithmetic exception: div by zero');
});

test('a constant that is a function is refused at its expression', () => {
  const r = runRepl('(module m g (defcap g () true) (defun f () 1) (defconst K f))');
  assert.is(r.error?.message, 'Program encountered an unhandled raised error: Evaluation did not reduce to a value');
  assert.is(r.error?.span?.file.text.slice(r.error.span.start, r.error.span.end), 'f');
});

test('a module\'s "all loaded" entries are made once and shared by every transaction that reads it', () => {
  const r = runRepl(`(begin-tx)
(module a g (defcap g () true) (defun f1 () 1) (defun f2 () 2))
(module b g (defcap g () true) (defun h () (a.f1)))
(commit-tx)`);
  assert.is(r.error, null);
  const b = r.session.module('b')!;
  const own = loadedEntries(b, false), stored = loadedEntries(b, true);
  assert.equal(own.map(e => e.key), [`b.h.{${b.hash}}`, `b.g.{${b.hash}}`]);
  // read back, b brings the definition of a it depends on
  assert.equal(stored.map(e => e.key).slice(2), [`a.f1.{${r.session.module('a')!.hash}}`]);
  assert.is(loadedEntries(b, false), own, 'the same entries, not made again');
  assert.is(loadedEntries(b, true), stored);
});

test.run();