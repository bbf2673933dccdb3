// A schema that names itself, directly or through another, is a cycle Pact's renamer refuses
// (RecursionDetected) whether or not a table uses it: the table's schema, resolved while the module
// is installed, must not recurse forever first.

import { test } from '../deadline.js';
import * as assert from 'uvu/assert';
import { errorOf } from '../helpers.js';

const cycle = (defs: string) => errorOf(`(module m g (defcap g () true) ${defs})`);

test('a self-referencing schema is refused with Pact\'s text, with or without a table of it', () => {
  const text = 'Recursive cycle detected in Module m in the following functions: [s]';
  assert.is(cycle('(defschema s a:object{s})'), text);
  assert.is(cycle('(defschema s a:object{s}) (deftable t:{s})'), text);
  assert.is(cycle('(defschema s a:[object{s}]) (deftable t:{s})'), text);
});

test('a cycle through two schemas and a list is refused too when a table uses it', () => {
  assert.is(cycle('(defschema s a:object{s2}) (defschema s2 b:[object{s}]) (deftable t:{s})'),
    'Recursive cycle detected in Module m in the following functions: [s, s2]');
});

// Pact's Pretty Type writes a list of objects as `list (object{…})`
test('a schema used twice without a cycle is resolved for each use', () => {
  assert.is(errorOf(`(begin-tx) (module m g (defcap g () true)
  (defschema inner x:integer) (defschema s a:object{inner} b:[object{inner}]) (deftable t:{s})
  (defun put () (insert t "k" {"a": {"x": 1}, "b": [{"x": "no"}]})))
(create-table t) (m.put)`), 'Attempted insert failed due to schema mismatch. Expected: {"a": object{m.inner},"b": list (object{m.inner})}, received {"a": {"x": 1},"b": [{"x": "no"}]}');
});

test.run();
