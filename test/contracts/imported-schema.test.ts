// A deftable's bare schema name resolves as any bare name in a module does (Pact's renameDefTable →
// resolveName → resolveBare): the module's own schema first, else one it imported with `use`.

import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { errorOf, evalLast } from '../helpers.js';

const MODULES = `(begin-tx)
(module libA g (defcap g () true) (defschema s a:integer))
(module user5 g (defcap g () true)
  (use libA)
  (deftable t:{s})
  (defun ty () (typeof t))
  (defun w (row:object) (write t "k" row)))
(create-table user5.t)
`;

test('a table of an imported schema has that schema: its type names it, writes are checked against it', () => {
  assert.is(evalLast(`${MODULES}(user5.ty)`), '"table{libA.s}"');
  assert.is(evalLast(`${MODULES}(user5.w {"a": 1})`), '"Write succeeded"');
  assert.is(errorOf(`${MODULES}(user5.w {"b": 1})`),
    'Attempted insert failed due to schema mismatch. Expected: {"a": integer}, received {"b": 1}');
});

test.run();
