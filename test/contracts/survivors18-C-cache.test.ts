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

// Each run writes its files into a folder of its own and removes it after: the in-process mutation
// runner runs a test many times in one process (a folder made once and removed by test.after was
// gone from the second run on).
function freshFiles(dir: string): string {
  const file = (name: string, text: string) => { const p = join(dir, name); writeFileSync(p, text); return p; };
  const lib = file('lib.pact', '(module lib g (defcap g () true) (defschema s a:integer))');
  const shop = file('shop.pact', `(module shop g (defcap g () true)
  (use lib)
  (deftable t:{s})
  (defun good () (write t "k" {"a": 1}))
  (defun bad () (write t "j" {"b": "x"}))
  (defun r () (at "a" (read t "k"))))
(create-table t)`);
  return `(begin-tx)
(load "${lib}")
(load "${shop}")
(commit-tx)
(shop.good)
(shop.r)
(shop.bad)`;
}

test('a reused compile keeps the imported schema of its table: the second session checks writes against it', () => {
  const dir = mkdtempSync(join(tmpdir(), 'pactvm-surv18-cache-'));
  try {
    const script = freshFiles(dir);
    for (const name of ['first.repl', 'second.repl']) {
      const r = runRepl(script, join(dir, name));
      assert.equal(r.traces.slice(-2), ['"Write succeeded"', '1'], name);
      // WriteValueDidNotMatchSchema against lib.s's fields
      assert.is(r.error?.message, 'Attempted insert failed due to schema mismatch. Expected: {"a": integer}, received {"b": "x"}', name);
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test.run();
