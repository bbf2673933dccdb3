// The database natives (runtime/contracts/database.ts), aimed at the mutants a mutation run left
// alive: create-table refused in read-only code (Pact's createTable runs _pdbCreateUserTable on
// the read-only database of try: dbOpDisallowed), and the history natives txids, txlog and keylog.
// Pact 5 has no history natives; language.md §11 keeps them (seed behaviour, Pact 4's documented
// semantics: txids lists the txids at or after the one given, keylog a key's updates at or after
// it), argument errors follow Pact's argsError text, and the local-only flag names the native.

import { test } from '../deadline.js';
import * as assert from 'uvu/assert';
import { runRepl } from '../helpers.js';

const SETUP = `(begin-tx)
(module store g
  (defcap g () true)
  (defschema row v:integer)
  (deftable rows:{row})
  (deftable more:{row})
  (defun put (k:string v:integer) (write rows k {"v": v})))
(create-table rows)
(commit-tx)
(begin-tx) (store.put "a" 1) (store.put "b" 5) (commit-tx)
(begin-tx) (store.put "a" 2) (commit-tx)
(begin-tx) (store.put "b" 6) (commit-tx)
(begin-tx) (acquire-module-admin store)
`;
const n0 = runRepl(SETUP).traces.length;
function last(script: string): string {
  const r = runRepl(SETUP + script);
  if (r.error) throw new Error(`unexpected error: ${r.error.message}`);
  return r.traces.slice(n0).slice(-1)[0];
}
function failure(script: string): string {
  const r = runRepl(SETUP + script);
  if (!r.error) throw new Error(`expected an error, got ${r.traces.slice(n0).join(' | ')}`);
  return r.error.message;
}
const typeError = (n: string, kinds: string) =>
  `Type error: failed to call native function ${n} with argument(s) of type(s): ${kinds}`;

test('create-table inside try is refused: the read-only database', () => {
  assert.is(failure('(try 1 (create-table store.more))'),
    'Error during database operation: Operation disallowed in read-only or sys-only mode');
});

test('txids: the transactions at or after the one given', () => {
  // writes: 1 (a, b), 2 (a), 3 (b)
  assert.is(last('(txids store.rows 0)'), '[1 2 3]');
  assert.is(last('(txids store.rows 2)'), '[2 3]');
  assert.is(last('(txids store.rows 4)'), '[]');
});

test('keylog: one key\'s updates at or after the transaction given', () => {
  assert.is(last('(keylog store.rows "a" 0)'), '[{"txid": 1,"value": {"v": 1}} {"txid": 2,"value": {"v": 2}}]');
  assert.is(last('(keylog store.rows "a" 2)'), '[{"txid": 2,"value": {"v": 2}}]');
  assert.is(last('(keylog store.rows "b" 2)'), '[{"txid": 3,"value": {"v": 6}}]');
  assert.is(last('(keylog store.rows "a" 3)'), '[]');
});

test('history natives: argument errors name the native', () => {
  assert.is(failure('(txids 1 0)'), typeError('txids', 'integer, integer'));
  assert.is(failure('(txids store.rows "x")'), typeError('txids', 'table, string'));
  assert.is(failure('(txlog 1 0)'), typeError('txlog', 'integer, integer'));
  assert.is(failure('(txlog store.rows "x")'), typeError('txlog', 'table, string'));
  assert.is(failure('(keylog 1 "a" 0)'), typeError('keylog', 'integer, string, integer'));
  assert.is(failure('(keylog store.rows 1 0)'), typeError('keylog', 'table, integer, integer'));
  assert.is(failure('(keylog store.rows "a" "x")'), typeError('keylog', 'table, string, string'));
});

test('history natives are local-only under DisableHistoryInTransactionalMode, naming the native', () => {
  const flag = '(env-exec-config ["DisableHistoryInTransactionalMode"])';
  assert.is(failure(`${flag} (txlog store.rows 1)`), 'Operation only permitted in local execution mode: txlog');
  assert.is(failure(`${flag} (keylog store.rows "a" 0)`), 'Operation only permitted in local execution mode: keylog');
});

test.run();
