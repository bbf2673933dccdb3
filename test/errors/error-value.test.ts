// A Pact error as a JS value: it behaves as an Error everywhere pactvm and its users look, costs no
// V8 stack capture (scripts catch them by the thousand), and renders a costly message only when read.

import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { PactError, userError } from '../../vm/errors.js';
import { runRepl } from '../helpers.js';

test('a Pact error is an Error with its kind, message and span', () => {
  const span = { file: 'x.repl', start: { line: 1, col: 2 }, end: { line: 1, col: 5 } } as unknown as PactError['span'];
  const e = new PactError('user', 'no', span);
  assert.ok(e instanceof Error);
  assert.ok(e instanceof PactError);
  assert.is(e.message, 'no');
  assert.is(e.kind, 'user');
  assert.is(e.span, span);
  assert.is(e.recoverable, true);
  assert.is(new PactError('exec', 'x').recoverable, false);
  assert.is(String(e), 'Error: no');
});

test('only an internal error (a pactvm bug) carries a JS stack; the others show their first line', () => {
  // a string all the same: uvu formats a failing test's error from it, and silently stopped the
  // whole file (exit code 0) when a test threw an error whose stack was undefined
  assert.is(new PactError('user', 'caught by try').stack, 'Error: caught by try');
  assert.is(new PactError('exec', 'shown to the user').stack, 'Error: shown to the user');
  assert.is(userError(() => 'made late').stack, 'Error: made late');
  const bug = new PactError('internal', 'invariant broken');
  assert.type(bug.stack, 'string');
  assert.match(bug.stack!, /invariant broken/);
  assert.match(bug.stack!, /error-value\.test\.js/);
});

test('a lazy message is made once, when first read', () => {
  let made = 0;
  const e = userError(() => { made++; return 'Keyset failure (keys-all): [abc...]'; });
  assert.is(made, 0);
  assert.is(e.message, 'Keyset failure (keys-all): [abc...]');
  assert.is(e.message, 'Keyset failure (keys-all): [abc...]');
  assert.is(made, 1);
});

test('failing guards caught by try render nothing, and their texts are unchanged when shown', () => {
  const r = runRepl(`
(env-data {"ks": {"keys": ["abcdef0123456789"], "pred": "keys-all"}})
(module m g
  (defcap g () true)
  (defcap C (a:integer) true)
  (defun cap-guard () (create-capability-guard (C 1)))
  (defun need () (require-capability (C 2))))
(expect "a failing keyset guard inside try gives the default" false (try false (enforce-guard (read-keyset "ks"))))
(expect "a failing capability guard inside try gives the default" false (try false (enforce-guard (m.cap-guard))))
(expect-failure "keyset text" "Keyset failure (keys-all): [abcdef01...]" (enforce-guard (read-keyset "ks")))
(expect-failure "capability guard text" "Capability not acquired: CapabilityGuard {name: m.C,args: [1],pactId: }" (enforce-guard (m.cap-guard)))
(expect-failure "require-capability text" "require-capability: not granted: (m.C 2)" (m.need))
`);
  assert.is(r.error, null);
  const verdicts = r.traces.filter(t => /^"Expect/.test(t));
  assert.is(verdicts.length, 5);
  for (const v of verdicts) assert.not.match(v, /FAILURE/);
});

test.run();
