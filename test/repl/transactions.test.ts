// commit-tx persists and rollback-tx discards: rows, keysets, modules, namespaces; the
// environment (data, signers, gas) survives both (repl.md §1, §3.1).

import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { runRepl, evalLast, errorOf } from '../helpers.js';

const SETUP = `
(env-data { "k": ["admin"] }) (env-keys ["admin"])
(begin-tx)
(define-keyset 'admin-ks (read-keyset "k"))
(module store 'admin-ks
  (defschema row v:integer)
  (deftable rows:{row})
  (defun put (k:string v:integer) (write rows k { "v": v }))
  (defun get:integer (k:string) (at 'v (read rows k))))
(create-table rows)
(commit-tx)
`;

test('a committed write is visible in later transactions', () => {
  assert.is(evalLast(`${SETUP} (begin-tx) (store.put "a" 1) (commit-tx) (begin-tx) (store.get "a")`), '1');
});

test('a rolled-back write is gone, and the committed value before it stays', () => {
  const src = `${SETUP} (begin-tx) (store.put "a" 1) (commit-tx)
    (begin-tx) (store.put "a" 2) (store.put "b" 3) (rollback-tx)
    (begin-tx) (store.get "a")`;
  assert.is(evalLast(src), '1');
  assert.is(errorOf(`${src} (store.get "b")`), 'No value found in table store_rows for key: b');
});

test('a module deployed in a rolled-back transaction does not exist afterwards', () => {
  const r = runRepl(`${SETUP} (begin-tx) (module gone 'admin-ks (defun f () 1)) (rollback-tx) (begin-tx) (gone.f)`);
  assert.match(r.error!.message, 'gone');
  assert.is(evalLast(`${SETUP} (begin-tx) (module kept 'admin-ks (defun f () 7)) (commit-tx) (begin-tx) (kept.f)`), '7');
});

test('keysets and namespaces follow the transaction', () => {
  assert.is(errorOf(`${SETUP} (begin-tx) (define-keyset 'tmp (read-keyset "k")) (rollback-tx) (describe-keyset "tmp")`),
    "Cannot find keyset in database: 'tmp");
  assert.is(errorOf(`${SETUP} (begin-tx) (define-namespace 'ns (read-keyset "k") (read-keyset "k")) (rollback-tx) (namespace 'ns)`),
    'Namespace not found: ns');
});

test('commit and rollback clear imports, capabilities and events but keep the environment', () => {
  const r = runRepl(`${SETUP} (begin-tx) (use store) (commit-tx) (begin-tx) (get "a")`);
  assert.match(r.error!.message, 'Cannot find module:  get');
  assert.is(evalLast(`${SETUP} (env-data {"x": 5}) (begin-tx) (rollback-tx) (read-integer "x")`), '5');
  assert.is(evalLast(`${SETUP} (env-gasmodel "table") (env-gaslimit 100000) (begin-tx) (store.put "a" 1) (rollback-tx) (> (env-gas) 0)`), 'true');
});

test('a transaction id is only consumed by commit', () => {
  const r = runRepl(`(begin-tx) (rollback-tx) (begin-tx) (commit-tx) (begin-tx)`);
  assert.equal(r.traces, ['"Begin Tx 0"', '"Rollback Tx 0"', '"Begin Tx 0"', '"Commit Tx 0"', '"Begin Tx 1"']);
});

test('use: import lists bring in only the named members; hashes must be the current or blessed one', () => {
  assert.is(evalLast(`${SETUP} (begin-tx) (use store [get]) (store.put "a" 4) (get "a")`), '4');
  assert.is(errorOf(`${SETUP} (begin-tx) (use store [get]) (put "a" 4)`), 'Cannot find module:  put');
  assert.is(errorOf(`${SETUP} (begin-tx) (use store [nope])`),
    'Invalid imports, module or interface store does not implement the following members: [ nope ]');
  assert.is(errorOf(`${SETUP} (begin-tx) (use store "abc")`), 'Invalid blessed hash, incorrect format: abc');
  const hash = evalLast(`${SETUP} (at 'hash (describe-module "store"))`);
  // Pact names the module's own hash, not the one asked for
  assert.is(errorOf(`${SETUP} (begin-tx) (use store "DldRwCblQ7Loqy6wYJnaodHl30d3j3eH-qtFzfEv46g")`),
    `Import error for module store , hash not blessed: ${hash.slice(1, -1)}`);
  assert.is(evalLast(`${SETUP} (begin-tx) (use store ${hash} []) "imported nothing"`), '"imported nothing"');
});

test('module admin, once acquired, holds for the rest of its transaction only (the governance is not run again until the next)', () => {
  const ks = '(begin-tx) (env-data {"ks": ["k"]}) (env-keys ["k"]) (define-keyset "ks" (read-keyset "ks")) (module m "ks" (defun f () 1)) (commit-tx)';
  const held = runRepl(`${ks} (begin-tx) (env-keys ["k"]) (acquire-module-admin m) (env-keys []) (acquire-module-admin m)`);
  assert.is(held.error, null, held.error?.message);
  assert.is(held.traces[held.traces.length - 1], '"Module admin for module m acquired"');
  assert.is(errorOf(`${ks} (begin-tx) (env-keys ["k"]) (acquire-module-admin m) (commit-tx) (begin-tx) (env-keys []) (acquire-module-admin m)`),
    'Keyset failure (keys-all): [k...]');
});

test('history natives list committed writes by transaction; rolled-back writes leave no trace', () => {
  const src = `${SETUP} (begin-tx) (store.put "a" 1) (commit-tx) (begin-tx) (store.put "a" 2) (commit-tx)
    (begin-tx) (store.put "a" 9) (rollback-tx) (begin-tx) (acquire-module-admin store)`;
  // the setup's deploy is transaction 0; the two puts are 1 and 2
  assert.is(evalLast(`${src} (txids store.rows 0)`), '[1 2]');
  assert.is(evalLast(`${src} (txlog store.rows 2)`), '[{"key": "a","table": "store_rows","value": {"v": 2}}]');
  assert.is(evalLast(`${src} (keylog store.rows "a" 0)`), '[{"txid": 1,"value": {"v": 1}} {"txid": 2,"value": {"v": 2}}]');
  assert.is(errorOf(`${src} (env-exec-config ["DisableHistoryInTransactionalMode"]) (txids store.rows 0)`),
    'Operation only permitted in local execution mode: txids');
});

test.run();
