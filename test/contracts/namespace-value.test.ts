// The active namespace is the value `(namespace …)` read (Pact's loNamespace): installing a module
// (Compile.hs enforceNamespaceInstall) and defining a keyset under RequireKeysetNs
// (defineKeySet') enforce the user guard it had then, even if the namespace was redefined since.

import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { errorOf, evalLast } from '../helpers.js';

const REDEFINED = `(env-data {"u1": ["u1"], "u2": ["u2"], "adm": ["adm"]})
(env-keys ["u1", "adm"])
(begin-tx)
(define-namespace "ns" (read-keyset "u1") (read-keyset "adm"))
(namespace "ns")
(define-namespace "ns" (read-keyset "u2") (read-keyset "adm"))
(env-keys ["u2"])
`;

test('a module install enforces the user guard the namespace had when it was entered', () => {
  assert.is(errorOf(`${REDEFINED}(module m g (defcap g () true) (defun f () 1))`), 'Keyset failure (keys-all): [u1...]');
  // entering it again reads the new guard
  assert.match(evalLast(`${REDEFINED}(namespace "ns")\n(module m g (defcap g () true) (defun f () 1))`), /^Loaded module ns\.m, hash /);
});

test('so does a keyset definition under RequireKeysetNs', () => {
  const src = `${REDEFINED}(env-exec-config ["RequireKeysetNs"])\n(define-keyset "ns.ks" (read-keyset "u2"))`;
  assert.is(errorOf(src), 'Keyset failure (keys-all): [u1...]');
  assert.is(evalLast(src.replace('(env-exec-config', '(namespace "ns")\n(env-exec-config')), '"Keyset write success"');
});

test.run();
