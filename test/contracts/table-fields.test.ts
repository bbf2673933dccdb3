// A schema field of type table{s} holds a table value whose own schema (the one it carries) has the
// same fields and types as s, whatever it is called (Pact's gassedRuntimeTypecheck of PTable:
// gassedTypecheckSchemas on `_tvSchema tv`).

import { test } from '../deadline.js';
import * as assert from 'uvu/assert';
import { errorOf, evalLast } from '../helpers.js';

const MODULE = `(begin-tx)
(module m g (defcap g () true)
  (defschema inner a:integer)
  (defschema same a:integer)
  (defschema other b:integer)
  (defschema wider a:integer c:string)
  (defschema holder tt:table{inner})
  (deftable ti:{inner}) (deftable ts:{same}) (deftable to:{other}) (deftable tw:{wider})
  (deftable h:{holder})
  (defun put (k:string row:object) (insert h k row)))
(create-table h)
`;

test('a table of the named schema, or of one with the same fields under another name, fits', () => {
  assert.is(evalLast(`${MODULE}(m.put "a" {"tt": m.ti})`), '"Write succeeded"');
  assert.is(evalLast(`${MODULE}(m.put "b" {"tt": m.ts})`), '"Write succeeded"');
});

test('a table whose schema has other fields, or more of them, is refused', () => {
  const refused = (t: string) =>
    `Attempted insert failed due to schema mismatch. Expected: {"tt": table{m.inner}}, received {"tt": m_${t}}`; // a table value prints as Pact's renderTableName
  assert.is(errorOf(`${MODULE}(m.put "c" {"tt": m.to})`), refused('to'));
  assert.is(errorOf(`${MODULE}(m.put "d" {"tt": m.tw})`), refused('tw'));
});

test.run();
