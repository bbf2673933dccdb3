// Keyset predicates and the schemas a table value carries, aimed at the mutants a mutation run of
// runtime/contracts/keysets.ts and table-schema.ts left alive: keys-any needs at least one
// signature (Direct/Evaluator.hs isKeysetInSigs: KeysAny -> atLeast 1), and a write checks nested
// object{…} fields, alone or in lists, against the schemas they name (CoreBuiltin.hs write':
// checkSchema over the table value's Schema, whose nested types are checked in turn).

import { test } from '../deadline.js';
import * as assert from 'uvu/assert';
import { last, failure } from './guard-helpers.js';

test('keys-any: one signature passes, none fails', () => {
  const data = '(env-data {"ks": {"keys": ["k1", "k2"], "pred": "keys-any"}})';
  assert.is(last(`${data}(env-sigs [{"key": "k2", "caps": []}])(enforce-keyset (read-keyset "ks"))`), 'true');
  assert.is(failure(`${data}(env-sigs [])(enforce-keyset (read-keyset "ks"))`), 'Keyset failure (keys-any): [k1..., k2...]');
  assert.is(failure(`${data}(env-sigs [{"key": "k3", "caps": []}])(enforce-keyset (read-keyset "ks"))`),
    'Keyset failure (keys-any): [k1..., k2...]');
});

const MODULE = `(begin-tx)
(module m g
  (defcap g () true)
  (defschema inner a:integer)
  (defschema outer o:object{inner} l:[object{inner}])
  (deftable t:{outer})
  (defun ins (k:string row:object) (insert t k row))
)
(create-table t)
`;
const MISMATCH = 'Attempted insert failed due to schema mismatch.';

test('a row whose nested objects fit their schemas is written', () => {
  assert.is(last(`${MODULE}(m.ins "x" {"o": {"a": 1}, "l": [{"a": 2} {"a": 3}]})`), '"Write succeeded"');
});

test('a nested object of the wrong type is refused', () => {
  const e = failure(`${MODULE}(m.ins "x" {"o": {"a": "one"}, "l": []})`);
  assert.ok(e?.startsWith(MISMATCH), e ?? 'no error');
});

test('an object of the wrong type inside a list field is refused', () => {
  const e = failure(`${MODULE}(m.ins "x" {"o": {"a": 1}, "l": [{"a": 2} {"b": 3}]})`);
  assert.ok(e?.startsWith(MISMATCH), e ?? 'no error');
});

test.run();
