// Contract state (runtime/contracts/state.ts), aimed at the mutants a mutation run left alive: the
// state a commit-tx starts afresh in the middle of a form (Pact's emptyTxState, ReplBuiltin.hs
// commitTx), what try puts back (Direct/Evaluator.hs catchRecoverable: restoreFromErrorState, the
// capability state with module admin), what expect-failure puts back (the whole capability state),
// and the keys managed capabilities are installed under (Evaluator.hs installCap: the token with
// its managed parameter filtered out, compared as a whole).

import { test } from '../deadline.js';
import * as assert from 'uvu/assert';
import { values, failure } from './guard-helpers.js';

const MODULE = `(begin-tx)
(env-data {"ks": {"keys": ["k"], "pred": "keys-all"}})
(module m g
  (defcap g () true)
  (defcap C () true)
  (defschema s a:integer)
  (deftable t:{s})
  (defun chk () (enforce-keyset (read-keyset "ks")))
  (defun use-c () (with-capability (C) (chk)))
  (defcap T (a:integer b:integer amt:integer) @managed amt mgr true)
  (defun mgr (have:integer want:integer) (enforce (>= have want) "over") (- have want))
  (defun use-t (a:integer b:integer n:integer) (with-capability (T a b n) n))
  (defcap A1 () @managed true)
  (defcap A (x:integer) @managed true)
)
(create-table t)
(commit-tx)
`;

test('after a commit-tx inside a form, a scoped signature counts for the capability acquired next', () => {
  // a fresh transaction state has no defcap under evaluation: the keyset is checked against the
  // capabilities in scope, where (m.C) is
  const out = values(`${MODULE}(begin-tx)
(env-sigs [{"key": "k", "caps": [(m.C)]}])
[(commit-tx) (m.use-c)]`);
  assert.is(out[out.length - 1], '["Commit Tx 1" true]');
});

test('after a commit-tx inside a form, the fresh state is impure: keys may run', () => {
  const out = values(`${MODULE}(begin-tx)
[(commit-tx) (acquire-module-admin m) (keys m.t)]`);
  assert.is(out[out.length - 1], '["Commit Tx 1" "Module admin for module m acquired" []]');
});

test('a try that fails keeps module admin acquired before it', () => {
  const out = values(`${MODULE}(begin-tx)
[(acquire-module-admin m) (try 0 (enforce false "no")) (keys m.t)]`);
  assert.is(out[out.length - 1], '["Module admin for module m acquired" 0 []]');
});

test('expect-failure puts back the granted capabilities as they were, tokens and all', () => {
  const out = values(`${MODULE}(begin-tx)
(env-sigs [{"key": "k", "caps": [(m.C)]}])
(test-capability (m.C))
(expect-failure "fails" (enforce false "no"))
(m.chk)`);
  assert.is(out[out.length - 1], 'true');
});

test('managed capabilities whose other arguments differ only in where the digits split are two', () => {
  const out = values(`${MODULE}(begin-tx)
(install-capability (m.T 1 23 10))
(install-capability (m.T 12 3 10))
(m.use-t 12 3 10)
(m.use-t 1 23 10)`);
  assert.equal(out.slice(-4), ['"Installed capability"', '"Installed capability"', '10', '10']);
});

test('a capability without arguments and another named by its prefix with one are installed apart', () => {
  const out = values(`${MODULE}(begin-tx)
(install-capability (m.A1))
(install-capability (m.A 1))`);
  assert.equal(out.slice(-2), ['"Installed capability"', '"Installed capability"']);
  assert.is(failure(`${MODULE}(begin-tx)
(install-capability (m.A1))
(install-capability (m.A1))`), 'Capability already installed: (m.A1)');
});

test.run();
