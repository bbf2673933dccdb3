// Code of an older module version, still running after an upgrade that blessed its hash, writes
// through the table value it was built with, and Pact checks a row against that value's schema
// (CEK/CoreBuiltin.hs write': `_tvSchema tv`), not the module's current one.

import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { errorOf, evalLast, runRepl } from '../helpers.js';

const V1 = `(begin-tx)
(module m g (defcap g () true)
  (defschema s a:integer)
  (deftable t:{s})
  (defun ins (k:string row:object) (insert t k row)))
(create-table t)
(module n g2 (defcap g2 () true)
  (defun go (k:string row:object) (m.ins k row)))
(commit-tx)
`;
const v2 = (hash: string) => `(begin-tx)
(module m g (defcap g () true)
  (bless "${hash}")
  (defschema s a:integer b:string)
  (deftable t:{s})
  (defun ins (k:string row:object) (insert t k row)))
`;

test('old code writes rows of its own schema version', () => {
  const hash = runRepl(`${V1}(at 'hash (describe-module "m"))`).traces.pop()!.slice(1, -1);
  assert.is(evalLast(`${V1}${v2(hash)}(n.go "x" {"a": 1})`), '"Write succeeded"');
  assert.is(errorOf(`${V1}${v2(hash)}(n.go "x" {"a": 1, "b": "new"})`),
    'Attempted insert failed due to schema mismatch. Expected: {"a": integer}, received {"a": 1,"b": "new"}');
  // the new version's own code checks the new schema
  assert.is(errorOf(`${V1}${v2(hash)}(m.ins "y" {"a": 1})`),
    'Attempted insert failed due to schema mismatch. Expected: {"a": integer,"b": string}, received {"a": 1}');
});

test('an empty schema is a schema too: old code of a version whose schema had no fields writes {}', () => {
  const v1 = V1.replace('(defschema s a:integer)', '(defschema s)');
  const hash = runRepl(`${v1}(at 'hash (describe-module "m"))`).traces.pop()!.slice(1, -1);
  const upgraded = `${v1}${v2(hash)}`;
  assert.is(evalLast(`${upgraded}(n.go "x" {})`), '"Write succeeded"');
  assert.is(errorOf(`${upgraded}(n.go "x" {"a": 1})`),
    'Attempted insert failed due to schema mismatch. Expected: {}, received {"a": 1}');
  assert.is(errorOf(`${upgraded}(m.ins "y" {})`),
    'Attempted insert failed due to schema mismatch. Expected: {"a": integer,"b": string}, received {}');
});

test.run();
