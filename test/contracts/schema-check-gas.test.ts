// What a database write's schema check charges under the table model (Runtime/Utils.hs):
// insert and write check the row as an object against the schema (checkSchema =
// gassedTypecheckObj: a tick per field when the sizes agree, then each field's own check, nested
// lists and objects charged as they are walked, stopping at the first mismatch); update
// (checkPartialSchema) charges a tick per field given, then, if the schema names every field,
// checks the row against the schema cut down to those fields, charging the ticks again.

import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { logLines, meteredAfter } from '../helpers.js';

const MODULE = `(begin-tx)
(module m g (defcap g () true)
  (defschema s a:integer b:[integer])
  (deftable t:{s})
  (defun w (k:string row:object) (write t k row))
  (defun i (k:string row:object) (insert t k row))
  (defun u (k:string row:object) (update t k row)))
(create-table t)
(m.w "k" {"a": 1, "b": []})
(commit-tx)`;

/** The type-check charges (`GAConstant`), the write, and the error, if any, of `call` under the
 *  table model. */
function checks(call: string): { charges: string[]; error: string | null } {
  const m = meteredAfter(MODULE, call);
  return {
    charges: logLines(m).filter(e => e.startsWith('GAConstant') || e.startsWith('GWrite')),
    error: m.error ? m.error.message : null,
  };
}

// the row's bytes: 5 + (1 + 5 + 12) + (1 + 5 + (2 + 5 + 3 · 12)) = 72; an update's {"b": [1 2]}: 42
test('write: a tick per field, then a tick per element of a typed list field', () => {
  assert.equal(checks('(m.w "k" {"a": 1, "b": [1 2 3]})'), {
    charges: ['GAConstant (MilliGas 50): 50', 'GAConstant (MilliGas 75): 75', 'GWrite 72: 14400'],
    error: null,
  });
});

test('insert: the walk goes in field order and stops at the first mismatch (b\'s list never walked)', () => {
  const r = checks('(m.i "k2" {"a": "x", "b": [1 2 3]})');
  assert.equal(r.charges, ['GAConstant (MilliGas 50): 50']);
  assert.match(r.error!, /^Attempted insert failed due to schema mismatch/);
  // a row of another size is refused with no charge
  const small = checks('(m.i "k2" {"a": 1})');
  assert.equal(small.charges, []);
  assert.match(small.error!, /^Attempted insert failed due to schema mismatch/);
});

test('update: a tick per given field, then again for the cut-down schema, then nested elements', () => {
  assert.equal(checks('(m.u "k" {"b": [1 2]})').charges, [
    'GAConstant (MilliGas 25): 25', 'GAConstant (MilliGas 25): 25', 'GAConstant (MilliGas 50): 50', 'GWrite 42: 8400',
  ]);
});

test('update: a field the schema lacks fails after the first charge only', () => {
  const r = checks('(m.u "k" {"a": 2, "c": 1})');
  assert.equal(r.charges, ['GAConstant (MilliGas 50): 50']);
  assert.match(r.error!, /^Attempted insert failed due to schema mismatch/); // Pact's text for every write
});

test.run();
