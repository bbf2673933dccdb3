// Namespaces (runtime/contracts/namespaces.ts): what a smart namespace policy's manager answers
// when it answers with a function. Expectations follow Pact 5's direct evaluator (the REPL's):
// Direct/CoreBuiltin.hs coreDefineNamespace applies the manager, then enforceBool
// (Direct/Evaluator.hs): a closure is no Pact value, ExpectedPactValue, an execution error.

import { test } from '../deadline.js';
import * as assert from 'uvu/assert';
import { runRepl } from '../helpers.js';

const POLICY = `(env-data {"user": ["u"], "admin": ["a"]})
(begin-tx)
(module mgr G
  (defcap G () true)
  (defun lam-answer (ns guard) (lambda (x) x)))
(commit-tx)
(env-namespace-policy true (mgr.lam-answer))
`;

test('a namespace manager answering with a lambda: ExpectedPactValue, which try does not catch', () => {
  for (const call of ['(define-namespace "new" (read-keyset "user") (read-keyset "admin"))',
    '(try 0 (define-namespace "new" (read-keyset "user") (read-keyset "admin")))']) {
    const r = runRepl(`${POLICY}${call}`);
    assert.is(r.error?.message, 'Expected Pact Value, got closure or table reference', call);
    assert.is(r.error?.kind, 'exec');
  }
});

test.run();
