// Reading keysets from message data as Pact's readKeyset' does: which predicates read, and when
// key formats are enforced (read-keyset only, with the whole keyset in the error).

import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { evalLast, errorOf, runRepl } from '../helpers.js';

const data = (pred: string) => `(env-data {"k": {"keys": ["abc"], "pred": ${JSON.stringify(pred)}}})\n`;

test('the built-in predicates and bare or qualified names read', () => {
  assert.is(evalLast(`${data('keys-any')}(read-keyset "k")`), 'KeySet {keys: [abc],pred: keys-any}');
  assert.is(evalLast(`${data('my-pred')}(read-keyset "k")`), 'KeySet {keys: [abc],pred: my-pred}');
  assert.is(evalLast(`${data('ns.mod.pred')}(read-keyset "k")`), 'KeySet {keys: [abc],pred: ns.mod.pred}');
  assert.is(evalLast('(env-data {"k": {"keys": ["abc"]}})\n(read-keyset "k")'), 'KeySet {keys: [abc],pred: keys-all}');
});

test('a keyset value in the data reads as itself', () => {
  assert.is(evalLast('(env-data {"a": ["x", "y"]})\n(env-data {"k": (read-keyset "a")})\n(read-keyset "k")'),
    'KeySet {keys: [x, y],pred: keys-all}');
});

test('any other predicate text makes the read fail, recoverably', () => {
  for (const pred of ['', 'two words', 'a.b.c.d', '1abc']) {
    assert.is(errorOf(`${data(pred)}(read-keyset "k")`), 'read-keyset failure', pred);
  }
  assert.is(evalLast(`${data('')}(try "caught" (read-keyset "k"))`), '"caught"');
});

test('EnforceKeyFormats checks read-keyset, unrecoverably, and not define-keyset from data', () => {
  const enforce = '(env-exec-config ["EnforceKeyFormats"])\n';
  const r = runRepl(`(env-data {"k": ["abc", "b"]})\n${enforce}(try 1 (read-keyset "k"))`);
  assert.is(r.error?.message, 'Invalid keyset format: KeySet {keys: [abc, b],pred: keys-all}');
  assert.is(evalLast(`(env-data {"k": ["abc"]})\n${enforce}(define-keyset "k")`), '"Keyset write success"');
});

test.run();
