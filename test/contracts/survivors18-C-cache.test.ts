// The compile cache of a contract loaded again (runtime/contracts/module-cache.ts): a module whose
// table is typed by a schema it imports with `use`, loaded from the same file by two sessions,
// behaves in the second as a fresh compile does (Pact has no such cache: each load renames the
// module, and resolveBare finds the bare schema name among the module's imports).

import { test } from '../deadline.js';
import * as assert from 'uvu/assert';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runRepl } from '../helpers.js';

const dir = mkdtempSync(join(tmpdir(), 'pactvm-surv18-cache-'));
const file = (name: string, text: string) => { const p = join(dir, name); writeFileSync(p, text); return p; };

const LIB = file('lib.pact', '(module lib g (defcap g () true) (defschema s a:integer))');
const SHOP = file('shop.pact', `(module shop g (defcap g () true)
  (use lib)
  (deftable t:{s})
  (defun good () (write t "k" {"a": 1}))
  (defun bad () (write t "j" {"b": "x"}))
  (defun r () (at "a" (read t "k"))))
(create-table t)`);

const SCRIPT = `(begin-tx)
(load "${LIB}")
(load "${SHOP}")
(commit-tx)
(shop.good)
(shop.r)
(shop.bad)`;

test('a reused compile keeps the imported schema of its table: the second session checks writes against it', () => {
  for (const name of ['first.repl', 'second.repl']) {
    const r = runRepl(SCRIPT, join(dir, name));
    assert.equal(r.traces.slice(-2), ['"Write succeeded"', '1'], name);
    // WriteValueDidNotMatchSchema against lib.s's fields
    assert.is(r.error?.message, 'Attempted insert failed due to schema mismatch. Expected: {"a": integer}, received {"b": "x"}', name);
  }
});

test.after(() => rmSync(dir, { recursive: true, force: true }));
test.run();
