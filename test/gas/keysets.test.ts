// Keyset gas under the table model: define-keyset writes the keyset at GWrite(sizeOf KeySet)
// (Evaluator.hs defineKeySet'; KeySet{keys: Set, pred: KSPredicate}, a custom predicate being a
// ParsedTyName, a qualified name or a bare one); enforce-guard and keyset-ref-guard of a keyset
// name parse it at StrOpParse (CoreBuiltin.hs coreEnforceGuard, keysetRefGuard).

import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { logLines, meteredAfter } from '../helpers.js';

/** The gas log (`label: milligas`) of `call` under the table model, after `setup` ran unmetered. */
function logOf(setup: string, call: string): string[] {
  const m = meteredAfter(setup, call);
  if (m.error) throw new Error(`unexpected error: ${m.error.message}`);
  return logLines(m);
}

// KeySet: 1 + keys (5 + each text, UTF-8 + 4) + predicate (2, and for a custom one 2 + the name:
// a bare name is Text; a qualified one QualifiedName{name, ModuleName{name, Maybe namespace}})
const keysets: [string, string, number][] = [
  ['keys-all, one key', '["k1"]', 1 + (5 + 6) + 2],
  ['keys-any, two keys', '{"keys": ["k1", "k22"], "pred": "keys-any"}', 1 + (5 + 6 + 7) + 2],
  ['a bare predicate', '{"keys": ["k1"], "pred": "my-pred"}', 1 + (5 + 6) + (2 + 2 + 11)],
  ['a module\'s predicate', '{"keys": ["k1"], "pred": "m.pred"}', 1 + (5 + 6) + (2 + 2 + (1 + 8 + (1 + 5 + 2)))],
  ['a namespaced predicate', '{"keys": ["k1"], "pred": "ns.m.pred"}', 1 + (5 + 6) + (2 + 2 + (1 + 8 + (1 + 5 + (2 + 6))))],
];
for (const [what, data, bytes] of keysets) {
  test(`define-keyset writes sizeOf the keyset: ${what}`, () => {
    const log = logOf(`(env-data {"k": ${data}})`, '(define-keyset "ks" (read-keyset "k"))');
    assert.is(log[log.length - 1], `GWrite ${bytes}: ${200 * bytes}`);
  });
}

test('enforce-guard and keyset-ref-guard of a keyset name parse it first (StrOpParse, 5 per character + 1)', () => {
  const setup = '(env-data {"k": ["k1"]})\n(env-keys ["k1"])\n(define-keyset "ks" (read-keyset "k"))';
  for (const call of ['(enforce-guard "ks")', '(keyset-ref-guard "ks")']) {
    assert.ok(logOf(setup, call).includes('GStrOp (StrOpParse 2): 11'), call);
  }
});

test.run();
