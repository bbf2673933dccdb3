// static-redeploy as the REPL's evaluator runs it (Direct/CoreBuiltin.hs coreStaticRedeploy): the
// name is parsed as a module name first, then the module is read by that name as written, with no
// fallback to the active namespace (getModuleData).

import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { errorOf, runRepl } from '../helpers.js';

const IN_NAMESPACE = `(env-data {"k": ["k"]})
(env-keys ["k"])
(begin-tx)
(define-namespace "ns" (read-keyset "k") (read-keyset "k"))
(namespace "ns")
(module m g (defcap g () true) (defun f () 1))
`;

test('a name that is not a module name is refused before any lookup', () => {
  for (const name of ['a.b.c', '']) {
    assert.is(errorOf(`(static-redeploy "${name}")`), 'native execution failure, static-redeploy failed with message: invalid module name format', name);
  }
});

test('the module is read by the name as written: the active namespace is not tried', () => {
  assert.is(errorOf(`${IN_NAMESPACE}(static-redeploy "m")`), 'Cannot find module: m');
  assert.is(runRepl(`${IN_NAMESPACE}(static-redeploy "ns.m")`).error, null);
});

test.run();
