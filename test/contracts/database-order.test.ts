// The order in which a database native's checks come, as Pact 5 runs them: the table guard first
// (the calling module or module admin, then the blessed hashes; Runtime/Utils.hs guardTable,
// guardForModuleCall), then for a write the schema check and its size charge (CEK/CoreBuiltin.hs
// write'), and only then the database operation, which read-only and sys-only code refuse (CEK/
// Utils.hs readOnlyEnv, sysOnlyEnv: read-only refuses writes and listing keys, sys-only reads of
// user tables too) and which fails on a table never created (MockPersistence.hs checkTable).

import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { errorOf, evalLast, inTierMode } from '../helpers.js';

const MODULE = `(begin-tx)
(module m g (defcap g () true)
  (defschema s a:integer)
  (deftable t:{s})
  (deftable never-created:{s})
  (defun write-in-try (row:object) (try "caught" (write t "x" row)))
  (defun write-uncreated (row:object) (write never-created "x" row))
  (defun keys-in-try () (try [] (keys t)))
  (defun select-in-try () (try [] (select t (constantly true))))
  (defun fold-in-try () (try [] (fold-db t (lambda (k r) true) (lambda (k r) k))))
  (defun read-in-try () (try {} (read t "k")))
  (defun read-in-enforce () (enforce (= 1 (at 'a (read t "k"))) "no"))
  (defun ins (row:object) (insert t "k" row))
  (defun wri (row:object) (write t "k" row))
  (defun upd (row:object) (update t "k" row)))
(create-table t)
(write t "k" {"a": 1})
(commit-tx)
`;

const DISALLOWED = 'Error during database operation: Operation disallowed in read-only or sys-only mode';
const MISMATCH = 'Attempted insert failed due to schema mismatch. Expected: {"a": integer}, received {"a": "no"}';

test('a write in read-only code: a row that fails the schema fails on the schema, a good one on the purity', () => {
  // neither error is recoverable: `try` does not catch them
  assert.is(errorOf(`${MODULE}(m.write-in-try {"a": "no"})`), MISMATCH);
  assert.is(errorOf(`${MODULE}(m.write-in-try {"a": 1})`), DISALLOWED);
});

test('a write to a table never created: the schema check comes before the table lookup', () => {
  assert.is(errorOf(`${MODULE}(m.write-uncreated {"a": "no"})`), MISMATCH);
  assert.is(errorOf(`${MODULE}(m.write-uncreated {"a": 1})`), 'Error during database operation: Table m_never-created not found');
});

test('every write names the schema mismatch as an insert (Errors.hs WriteValueDidNotMatchSchema)', () => {
  for (const op of ['ins', 'wri', 'upd']) assert.is(errorOf(`${MODULE}(m.${op} {"a": "no"})`), MISMATCH, op);
});

test('listing keys is refused in read-only code (keys, select, fold-db); reading a row is not', () => {
  for (const f of ['keys-in-try', 'select-in-try', 'fold-in-try']) assert.is(errorOf(`${MODULE}(m.${f})`), DISALLOWED, f);
  assert.is(evalLast(`${MODULE}(m.read-in-try)`), '{"a": 1}');
});

test('an enforce condition is read-only, and sys-only before Pact 5.3 (DisablePact53: no user-table reads)', () => {
  assert.is(evalLast(`${MODULE}(m.read-in-enforce)`), 'true');
  assert.is(errorOf(`${MODULE}(env-exec-config ["DisablePact53"])\n(m.read-in-enforce)`), DISALLOWED);
});

test('a sys-only read of another module\'s table fails on the table guard before the purity', () => {
  // a module's constants are evaluated sys-only; n neither owns m.t nor holds m's admin
  const n = '(begin-tx)\n(module n g2 (defcap g2 () true) (defconst X (read m.t "k")))';
  assert.is(errorOf(`${MODULE}${n}`), 'Module admin necessary for operation but has not been acquired:m');
  // m's own constant passes the guard (upgrading m under its governing capability made module
  // admin held before the constants run: Compile.hs evalModuleGovernance) and is refused by the
  // sys-only database
  const own = '(begin-tx)\n(module m g (defcap g () true) (defschema s a:integer) (deftable t:{s}) (defconst Y (read t "k")))';
  assert.is(errorOf(`${MODULE}${own}`), DISALLOWED);
});

test('the second tier narrows the same way: a pure body read-only, an enforce condition sys-only under DisablePact53', () => {
  // every function tiered at its first call: READ_ONLY_BEGIN's operand as its template reads it
  inTierMode('always', () => {
    assert.is(evalLast(`${MODULE}(m.read-in-enforce)`), 'true');
    assert.is(errorOf(`${MODULE}(env-exec-config ["DisablePact53"])\n(m.read-in-enforce)`), DISALLOWED);
    // a pure body stays read-only whatever the flag: reads are fine
    const withPure = MODULE.replace('(defun read-in-try ', '(defun read-in-pure () (pure (read t "k")))\n  (defun read-in-try ');
    assert.is(evalLast(`${withPure}(env-exec-config ["DisablePact53"])\n(m.read-in-pure)`), '{"a": 1}');
  });
});

test('fold-db reads its keys first, then each row when reached, running its query and consumer before the next (foldDb)', () => {
  const rows = `(begin-tx)
(module f g (defcap g () true) (defschema s v:integer) (deftable t:{s}))
(create-table t) (insert t "a" {"v": 1}) (insert t "b" {"v": 2})
`;
  // the consumer of row a fails before the query of row b runs
  assert.is(errorOf(`${rows}(fold-db t (lambda (k o) (if (= k "b") (enforce false "query b") true)) (lambda (k o) (enforce false (+ "consumer " k))))`),
    'consumer a');
  // row b is read after a's consumer wrote it; a row written under a new key is not visited
  assert.is(evalLast(`${rows}(fold-db t (lambda (k o) true) (lambda (k o) (update t "b" {"v": 10}) (write t "c" {"v": 3}) (at "v" o)))`), '[1 10]');
  assert.is(errorOf(`${rows}(fold-db t 1 (lambda (k o) k))`),
    'Type error: failed to call native function fold-db with argument(s) of type(s): table, integer, closure');
});

test('keys, select and fold-db list rows in code-point order, as Pact\'s Text keys sort (not UTF-16 order)', () => {
  const rows = `(begin-tx)
(module f g (defcap g () true) (defschema s v:integer) (deftable t:{s}))
(create-table t) (insert t "\u{10000}" {"v": 1}) (insert t "\uffff" {"v": 2}) (insert t "a" {"v": 3})
`;
  assert.is(evalLast(`${rows}(map (length) (keys t))`), '[1 1 1]');
  assert.is(evalLast(`${rows}(keys t)`), '["a" "\uffff" "\u{10000}"]');
  assert.is(evalLast(`${rows}(map (at "v") (select t (constantly true)))`), '[3 2 1]');
  assert.is(evalLast(`${rows}(fold-db t (lambda (k o) true) (lambda (k o) (at "v" o)))`), '[3 2 1]');
});

test('select reads each row when it reaches it: a write by its predicate to a later row is seen', () => {
  const rows = `(begin-tx)
(module f g (defcap g () true) (defschema s v:integer) (deftable t:{s}))
(create-table t) (insert t "a" {"v": 1}) (insert t "b" {"v": 2})
`;
  assert.is(evalLast(`${rows}(map (at "v") (select t (lambda (o) (update t "b" {"v": 20}) true)))`), '[1 20]');
  assert.is(errorOf(`${rows}(select t 1)`), 'Type error: failed to call native function select with argument(s) of type(s): table, integer');
  assert.is(errorOf(`${rows}(select t ["v"] 1)`),
    'Type error: failed to call native function select-with-fields with argument(s) of type(s): table, list, integer');
});

test.run();
