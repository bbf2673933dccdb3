// enforce-verifier and verify-spv (natives.md §9).

import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { errorOf, runRepl } from '../helpers.js';
import { corpusTest, pactTest } from '../corpus.js';

corpusTest('pact-5 verifiers.repl: in scope only while one of the granted caps is being evaluated', () => {
  const r = runRepl(pactTest('verifiers.repl'), 'verifiers.repl');
  assert.is(r.error, null);
  assert.ok(r.session.testResults.length > 0);
  for (const t of r.session.testResults) assert.ok(t.passed, t.message);
});

const MODULE = `(module m G (defcap G () true)
  (defcap V () (enforce-verifier "HL"))
  (defun in-defun () (enforce-verifier "HL"))
  (defun run () (with-capability (V) 1)))`;

test('errors: outside a defcap, not in the transaction, not in scope', () => {
  assert.is(errorOf('(enforce-verifier "HL")'),
    'native execution failure, enforce-verifier failed with message: native must be called within a defcap body');
  assert.is(errorOf(`${MODULE} (m.in-defun)`),
    'native execution failure, enforce-verifier failed with message: native must be called within a defcap body');
  assert.is(errorOf(`${MODULE} (m.run)`), 'Verifier failure HL: not in transaction');
  assert.is(errorOf(`${MODULE} (env-verifiers [{"name": "HL", "caps": [(m.G)]}]) (m.run)`), 'Verifier failure HL: not in scope');
  const r = runRepl(`${MODULE} (env-verifiers [{"name": "HL", "caps": [(m.V)]}]) (m.run)`);
  assert.is(r.error, null);
  assert.is(r.traces[r.traces.length - 1], '1');
});

test('verify-spv: the REPL has no SPV support', () => {
  assert.is(errorOf('(verify-spv "TXOUT" {"proof": "x"})'), 'SPV verification failure: SPV verification not supported');
  assert.is(errorOf('(verify-spv "TXOUT" 1)'),
    'Type error: failed to call native function verify-spv with argument(s) of type(s): string, integer');
});

test.run();
