// The database natives (create-table, insert/write/update, read and its overloads, with-read,
// with-default-read, keys, select, fold-db, describe-table) and the table guard, aimed at the
// mutants a mutation run of runtime/contracts/database.ts left alive. Expectations follow Pact 5:
// CEK/CoreBuiltin.hs (createTable, write', dbRead, dbWithDefaultRead, dbSelect, foldDb,
// dbDescribeTable, enforceTopLevelOnly), CEK/Evaluator.hs (the SelectC and FoldDbFilterC frames),
// CEK/Utils.hs (argsError), Runtime/Utils.hs (guardTable, enforceBlessedHashes, checkSchema,
// checkPartialSchema), Persistence/MockPersistence.hs, Errors.hs for the texts, and leftpad.repl.

import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { logLines, meteredAfter, runRepl } from '../helpers.js';

const MODULE = `(begin-tx)
(module m g
  (defcap g () true)
  (defschema s a:integer b:string)
  (deftable t:{s})
  (deftable t2:{s})
  (defun ins (k a b) (insert t k {"a": a, "b": b}))
  (defun make-t2 () (create-table t2))
  (defun describe () (describe-table t))
)
(create-table t)
(m.ins "x" 1 "one")
(m.ins "y" 2 "two")
(m.ins "z" 3 "three")
(commit-tx)
`;
/** A new transaction holding module admin of m, so that the top level may use its tables. */
const ADMIN = '(begin-tx)\n(acquire-module-admin m)\n';

const moduleTraces = runRepl(MODULE).traces.length;
/** The rendered value of the last top-level form of `script`, run after MODULE. */
function last(script: string): string {
  const r = runRepl(MODULE + script);
  if (r.error) throw new Error(`unexpected error: ${r.error.message}`);
  return r.traces.slice(moduleTraces).slice(-1)[0];
}
/** The message of the error `script` raises, run after MODULE. */
function failure(script: string): string {
  const r = runRepl(MODULE + script);
  if (!r.error) throw new Error(`expected an error, got ${r.traces.slice(moduleTraces).join(' | ')}`);
  return r.error.message;
}

const ROW_X = '{"a": 1,"b": "one"}';

// ---- argument errors: argsError names the native (coreBuiltinToText) and the argument kinds ----

const typeError = (n: string, kinds: string) =>
  `Type error: failed to call native function ${n} with argument(s) of type(s): ${kinds}`;

const badArgs: [string, string, string][] = [
  ['(create-table 1)', 'create-table', 'integer'],
  ['(describe-table 1)', 'describe-table', 'integer'],
  ['(insert 1 "k" {})', 'insert', 'integer, string, object'],
  ['(insert m.t 1 {})', 'insert', 'table, integer, object'],
  ['(insert m.t "k" 1)', 'insert', 'table, string, integer'],
  ['(write 1 "k" {})', 'write', 'integer, string, object'],
  ['(update m.t "k" 1)', 'update', 'table, string, integer'],
  ['(read 1 "k")', 'read', 'integer, string'],
  ['(read m.t 1)', 'read', 'table, integer'],
  ['(read m.t "k" 1)', 'read-with-fields', 'table, string, integer'],
  ['(read 1 "k" ["a"])', 'read-with-fields', 'integer, string, list'],
  ['(read m.t 1 ["a"])', 'read-with-fields', 'table, integer, list'],
  ['(with-read 1 "k" (lambda (r) r))', 'with-read', 'integer, string, closure'],
  ['(with-read m.t 1 (lambda (r) r))', 'with-read', 'table, integer, closure'],
  ['(with-default-read 1 "k" {} (lambda (r) r))', 'with-default-read', 'integer, string, object, closure'],
  ['(with-default-read m.t 1 {} (lambda (r) r))', 'with-default-read', 'table, integer, object, closure'],
  ['(with-default-read m.t "k" 1 (lambda (r) r))', 'with-default-read', 'table, string, integer, closure'],
  ['(with-default-read m.t "k" {"a": 1} 1)', 'with-default-read', 'table, string, object, integer'],
  ['(keys 1)', 'keys', 'integer'],
  ['(select 1 (lambda (r) true))', 'select', 'integer, closure'],
  ['(select 1 ["a"] (lambda (r) true))', 'select-with-fields', 'integer, list, closure'],
  ['(fold-db 1 (lambda (k r) true) (lambda (k r) k))', 'fold-db', 'integer, closure, closure'],
];
for (const [call, native, kinds] of badArgs) {
  test(`argument kinds: ${call}`, () => {
    assert.is(failure(ADMIN + call), typeError(native, kinds));
  });
}

// ---- the table guard (guardTable) -------------------------------------------------------------

test('another module\'s table needs module admin (guardForModuleCall)', () => {
  assert.is(failure('(read m.t "x")'), 'Module admin necessary for operation but has not been acquired:m');
});

test('AllowReadInLocal lets reads bypass the guard, not writes (checkLocalBypass)', () => {
  const flag = '(env-exec-config ["AllowReadInLocal"])\n';
  assert.is(last(`${flag}(read m.t "x")`), ROW_X);
  assert.is(failure(`${flag}(write m.t "x" {"a": 1, "b": "one"})`), 'Module admin necessary for operation but has not been acquired:m');
});

test('a table reference from a module version not blessed: HashNotBlessed (leftpad.repl)', () => {
  const script = `(begin-tx)
(define-keyset 'k (sig-keyset))
(module impure 'k
  (defconst VERSION 1)
  (defschema foo-schema value:integer)
  (deftable foo:{foo-schema})
  (defun ins (k v) (insert foo k v)))
(create-table foo)
(commit-tx)
(begin-tx)
(use impure)
(module dep 'k
  (defun dep-impure (k v) (ins k { "value": v })))
(commit-tx)
(begin-tx)
(module impure 'k
  (defconst VERSION 2)
  (defschema foo-schema value:integer)
  (deftable foo:{foo-schema})
  (defun ins (k v) (insert foo k v)))
(commit-tx)
(dep.dep-impure "b" 1)`;
  // the blessed hash leftpad.repl names is the first version's
  assert.is(runRepl(script).error?.message,
    'Execution aborted, hash not blessed for module impure: GJs2NrH3KhRHB6dk-P_QVc0Hsl6gF3PE1HPlIKRyYO0');
});

// ---- create-table, describe-table ---------------------------------------------------------------

test('create-table returns "TableCreated"; creating it again is a DbOpFailure (TableAlreadyExists)', () => {
  assert.is(last(`${ADMIN}(create-table m.t2)`), '"TableCreated"');
  assert.is(failure(`${ADMIN}(create-table m.t2)\n(create-table m.t2)`),
    'Error during database operation: Table m_t2 already exists');
});

test('create-table and describe-table are top-level only: NativeIsTopLevelOnly', () => {
  assert.is(failure(`${ADMIN}(m.make-t2)`), 'Top-level call used in module create-table');
  assert.is(failure(`${ADMIN}(m.describe)`), 'Top-level call used in module describe-table');
});

// ---- writes: checkSchema for insert and write, checkPartialSchema for update ------------------

test('insert needs every field of the schema; update takes a part of it', () => {
  assert.is(failure(`${ADMIN}(insert m.t "w" {"a": 5})`),
    'Attempted insert failed due to schema mismatch. Expected: {"a": integer,"b": string}, received {"a": 5}');
  assert.is(last(`${ADMIN}(update m.t "x" {"a": 5})\n(read m.t "x")`), '{"a": 5,"b": "one"}');
});

// ---- reads ------------------------------------------------------------------------------------

test('read with an empty field list reads the whole row (dbRead: V.null li)', () => {
  assert.is(last(`${ADMIN}(read m.t "x" [])`), ROW_X);
});

test('read with fields keeps those the row has (M.restrictKeys)', () => {
  assert.is(last(`${ADMIN}(read m.t "x" ["a" "nope"])`), '{"a": 1}');
});

test('select with an empty field list selects rows with no fields (selectRead: restrictKeys)', () => {
  assert.is(last(`${ADMIN}(select m.t [] (lambda (r) true))`), '[{} {} {}]');
});

test('fold-db keeps the rows its query accepts', () => {
  assert.is(last(`${ADMIN}(fold-db m.t (lambda (k r) (!= k "y")) (lambda (k r) k))`), '["x" "z"]');
});

test('a select or fold-db query that is not a bool: ExpectedBoolValue', () => {
  assert.is(failure(`${ADMIN}(select m.t (lambda (r) 1))`), 'expected bool value, got 1');
  assert.is(failure(`${ADMIN}(fold-db m.t (lambda (k r) 1) (lambda (k r) k))`), 'expected bool value, got 1');
});

// ---- gas (table model): GRead of the row's size when with-default-read finds it -----------------

/** The gas log lines about database bytes of `call`, metered, after MODULE and ADMIN ran unmetered. */
function dbGas(call: string): string[] {
  const m = meteredAfter(MODULE + ADMIN, call);
  if (m.error) throw new Error(`unexpected error: ${m.error.message}`);
  return logLines(m).filter(l => /^G(Read|Write) /.test(l));
}

test('gas: with-default-read pays GRead of the row it finds, as read does, and nothing for the default', () => {
  const read = dbGas('(read m.t "x")');
  assert.is(read.length, 1);
  const [, bytes, cost] = /^GRead (\d+): (\d+)$/.exec(read[0])!;
  assert.is(Number(cost), 100 * Number(bytes)); // GRead bytes: bytes * _gcPerByteReadCost
  assert.equal(dbGas('(with-default-read m.t "x" {"a": 0, "b": ""} (lambda (r) r))'), read);
  assert.equal(dbGas('(with-default-read m.t "nope" {"a": 0, "b": ""} (lambda (r) r))'), []);
});

test.run();
