// Keyset predicates at their boundaries (language.md §7.2): for a keyset of four keys, each
// predicate with 0..4 of them signed, and the exact failure text when it does not hold.

import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { runRepl } from '../helpers.js';

const KEYS = ['alice', 'bob', 'carol', 'dave'];
const MODULE = `(begin-tx)
(module preds G (defcap G () true)
  (defun majority:bool (count:integer matched:integer) (> (* 2 matched) count)))
(commit-tx)`;

/** Enforce a keyset of KEYS under `pred` with the first `signed` keys signing. */
function enforce(pred: string, signed: number, keys = KEYS): string | null {
  const data = JSON.stringify({ ks: { keys, pred } });
  const sigs = keys.slice(0, signed).map(k => `{"key": "${k}", "caps": []}`).join(' ');
  const r = runRepl(`${MODULE} (env-data ${data}) (env-sigs [${sigs}]) (enforce-keyset (read-keyset "ks"))`);
  if (r.error) return r.error.message;
  assert.is(r.traces[r.traces.length - 1], 'true');
  return null;
}

const failure = (pred: string, keys = KEYS) => `Keyset failure (${pred}): [${[...keys].sort().map(k => k.slice(0, 8) + '...').join(', ')}]`;

/** predicate → whether it holds with 0, 1, 2, 3, 4 of the four keys signed. */
const TABLE: [string, boolean[]][] = [
  ['keys-all', [false, false, false, false, true]],
  ['keys-any', [false, true, true, true, true]],
  ['keys-2', [false, false, true, true, true]],
  // a native applied as (pred count matched)
  ['<=', [false, false, false, false, true]],
  ['>', [true, true, true, true, false]],
  // a defun applied as (pred count matched): more than half signed
  ['preds.majority', [false, false, false, true, true]],
];

for (const [pred, holds] of TABLE) {
  test(`${pred}: holds or fails for each number of signatures`, () => {
    holds.forEach((ok, signed) => {
      assert.is(enforce(pred, signed), ok ? null : failure(pred), `${pred} with ${signed} signed`);
    });
  });
}

test('keys-2 needs two signatures even when the keyset has fewer keys', () => {
  assert.is(enforce('keys-2', 1, ['alice']), failure('keys-2', ['alice']));
  assert.is(enforce('keys-2', 2, ['alice', 'bob']), null);
  assert.is(enforce('keys-all', 1, ['alice']), null);
});

test('signatures of keys outside the keyset do not count', () => {
  const r = runRepl(`(env-data {"ks": {"keys": ["alice", "bob"], "pred": "keys-2"}})
    (env-sigs [{"key": "alice", "caps": []} {"key": "mallory", "caps": []}]) (enforce-keyset (read-keyset "ks"))`);
  assert.is(r.error?.message, failure('keys-2', ['alice', 'bob']));
});

test('a keyset without a predicate is keys-all', () => {
  const r = runRepl('(env-data {"ks": {"keys": ["alice", "bob"]}}) (env-sigs [{"key": "alice", "caps": []}]) (enforce-keyset (read-keyset "ks"))');
  assert.is(r.error?.message, failure('keys-all', ['alice', 'bob']));
});

test.run();
