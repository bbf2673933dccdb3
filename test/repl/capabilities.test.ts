// Capabilities and keysets (language.md §6–7): acquisition, managed caps, scoped signatures,
// events, and the exact failure messages scripts match.

import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { evalLast, errorOf } from '../helpers.js';

const MODULE = `
(env-data {"admin": ["admin"], "alice": ["alice"]})
(env-keys ["admin"])
(define-keyset 'admin-ks (read-keyset "admin"))
(module caps 'admin-ks
  (defcap PLAIN () true)
  (defcap GUARDED (k:string) (enforce-keyset (read-keyset k)))
  (defcap EVENTFUL (n:integer) @event true)
  (defcap ONCE () @managed true)
  (defcap PAY (who:string amount:decimal) @managed amount PAY-mgr (enforce-keyset (read-keyset who)))
  (defun PAY-mgr:decimal (have:decimal want:decimal)
    (enforce (>= have want) "over budget") (- have want))
  (defun plain () (with-capability (PLAIN) (require-capability (PLAIN))))
  (defun needs-plain () (require-capability (PLAIN)))
  (defun guarded (k:string) (with-capability (GUARDED k) true))
  (defun eventful (n:integer) (with-capability (EVENTFUL n) n))
  (defun once () (with-capability (ONCE) true))
  (defun pay (who:string amount:decimal) (with-capability (PAY who amount) amount)))
`;

test('with-capability grants the capability for its body only', () => {
  assert.is(evalLast(`${MODULE} (caps.plain)`), 'true');
  assert.is(errorOf(`${MODULE} (caps.needs-plain)`), 'require-capability: not granted: (caps.PLAIN)');
});

test('a capability body that fails denies the capability', () => {
  assert.is(errorOf(`${MODULE} (env-keys []) (caps.guarded "alice")`), 'Keyset failure (keys-all): [alice...]');
  assert.is(evalLast(`${MODULE} (env-keys ["alice"]) (caps.guarded "alice")`), 'true');
});

test('outside its module a capability needs module admin', () => {
  // deploying grants module admin until the transaction state is reset by a commit
  assert.is(evalLast(`${MODULE} (with-capability (caps.PLAIN) 1)`), '1');
  assert.is(errorOf(`${MODULE} (begin-tx) (commit-tx) (begin-tx) (with-capability (caps.PLAIN) 1)`),
    'Module admin necessary for operation but has not been acquired:caps');
});

test('@event capabilities emit an event with their arguments', () => {
  assert.is(evalLast(`${MODULE} (caps.eventful 7) (map (at "name") (env-events true))`), '["caps.EVENTFUL"]');
  assert.is(evalLast(`${MODULE} (caps.eventful 7) (at "params" (at 0 (env-events false)))`), '[7]');
});

test('auto-managed capabilities need installing and are one-shot', () => {
  assert.is(errorOf(`${MODULE} (caps.once)`), 'Managed capability not installed: (caps.ONCE)');
  assert.is(evalLast(`${MODULE} (install-capability (caps.ONCE))`), '"Installed capability"');
  assert.is(errorOf(`${MODULE} (install-capability (caps.ONCE)) (caps.once) (caps.once)`),
    'One-shot managed capability used more than once');
  assert.is(errorOf(`${MODULE} (install-capability (caps.ONCE)) (install-capability (caps.ONCE))`),
    'Capability already installed: (caps.ONCE)');
  assert.is(errorOf(`${MODULE} (install-capability (caps.PLAIN))`),
    'Install capability error: capability is not managed and cannot be installed: caps.PLAIN');
});

test('a signature scoped to a managed capability installs it, and the manager spends it down', () => {
  const signed = `${MODULE} (env-sigs [{"key": "alice", "caps": [(caps.PAY "alice" 10.0)]}])`;
  assert.is(evalLast(`${signed} (caps.pay "alice" 4.0) (caps.pay "alice" 6.0)`), '6.0');
  assert.is(errorOf(`${signed} (caps.pay "alice" 4.0) (caps.pay "alice" 7.0)`), 'over budget');
});

test('a signature scoped to another capability does not satisfy a keyset', () => {
  assert.is(errorOf(`${MODULE} (env-sigs [{"key": "alice", "caps": [(caps.PLAIN)]}]) (caps.guarded "alice")`),
    'Keyset failure (keys-all): [alice...]');
});

test("the seed's `any` wildcard signs for every key once opted in (decisions.md)", () => {
  assert.is(errorOf(`${MODULE} (env-sigs [{"key": "any", "caps": []}]) (caps.guarded "alice")`),
    'Keyset failure (keys-all): [alice...]');
  assert.is(evalLast(`${MODULE} (env-exec-config ["AnyKeyWildcard"]) (env-sigs [{"key": "any", "caps": []}]) (caps.guarded "alice")`), 'true');
});

test('keyset predicates: keys-any, keys-2, a native and a custom defun', () => {
  const data = `(env-data {"any": {"keys": ["a", "b"], "pred": "keys-any"}, "two": {"keys": ["a", "b", "c"], "pred": "keys-2"},
    "gt": {"keys": ["a", "b"], "pred": ">="}})`;
  assert.is(evalLast(`${data} (env-keys ["b"]) (enforce-keyset (read-keyset "any"))`), 'true');
  assert.is(errorOf(`${data} (env-keys ["b"]) (enforce-keyset (read-keyset "two"))`), 'Keyset failure (keys-2): [a..., b..., c...]');
  assert.is(evalLast(`${data} (env-keys ["a" "b"]) (enforce-keyset (read-keyset "gt"))`), 'true');
});

test('try does not catch execution errors, only recoverable ones like keyset failures', () => {
  assert.is(evalLast(`${MODULE} (env-keys []) (try "denied" (caps.guarded "alice"))`), '"denied"');
});

// Pact evaluates a capability body in a stack frame without a declared type (CEK evalCap), so a
// defcap's `:bool` is for the static typechecker only; kadenaswap's TRANSFER:bool ends in a write.
const LOOSE = `
(module loose G
  (defcap G () true)
  (defcap PLAIN:bool () (identity "not a bool"))
  (defcap EVENT:bool () @event (identity "event"))
  (defcap ONCE:bool () @managed (identity "once"))
  (defcap PAY:bool (amount:integer) @managed amount PAY-mgr (identity "pay"))
  (defcap OUTER:integer () (compose-capability (PLAIN)) (identity "outer"))
  (defcap TYPED:bool (n:integer) true)
  (defun PAY-mgr:integer (have:integer want:integer) (if (= want 2) "not an integer" have))
  (defun plain:bool () (with-capability (PLAIN) (require-capability (PLAIN)))))
(env-sigs [{"key": "k", "caps": [(loose.ONCE), (loose.PAY 1), (loose.PAY 2)]}])
`;

test("a defcap's result type is not checked at run time, its argument types and its manager's result are", () => {
  assert.is(evalLast(`${LOOSE} (loose.plain)`), 'true');
  assert.is(evalLast(`${LOOSE} (with-capability (loose.EVENT) 1)`), '1');
  assert.is(evalLast(`${LOOSE} (with-capability (loose.ONCE) 2)`), '2');
  assert.is(evalLast(`${LOOSE} (with-capability (loose.PAY 1) 3)`), '3');
  assert.is(evalLast(`${LOOSE} (with-capability (loose.OUTER) (require-capability (loose.PLAIN)))`), 'true');
  assert.is(evalLast(`${LOOSE} (typeof (test-capability (loose.PLAIN)))`), '"unit"');
  assert.is(errorOf(`${LOOSE} (with-capability (loose.TYPED "a") 1)`),
    'Runtime typecheck failure, argument is string , but expected type integer');
  assert.is(errorOf(`${LOOSE} (with-capability (loose.PAY 2) 4)`),
    'Runtime typecheck failure, argument is string , but expected type integer');
});

test.run();
