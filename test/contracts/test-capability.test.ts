// test-capability and the capability stack as Pact 5 keeps them (Repl/Runtime/ReplBuiltin.hs and
// Direct/ReplBuiltin.hs testCapability; Evaluator.hs evalCap, installCap, popCap): an unmanaged
// capability is acquired and its slot is never popped, so it stays in scope until the transaction
// ends; any other kind is installed first (an @event capability cannot be, an installed one not
// twice), its body runs once without manager or event, and it does not stay (an auto-managed one
// is used up). with-capability pops the top slot when its body returns, whichever slot that is.

import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { errorOf, evalLast, logLines, meteredAfter, runRepl } from '../helpers.js';

const MODULE = `(begin-tx)
(module m g (defcap g () true)
  (defcap U:bool (a:integer) true)
  (defcap OTHER:bool () true)
  (defcap E:bool (a:integer) @event true)
  (defcap AU:bool (a:integer) @managed true)
  (defcap MA:bool (a:integer) @managed a mgr (enforce (> a 0) "positive"))
  (defun mgr:integer (have:integer want:integer) (- have want))
  (defun req-u () (require-capability (U 1)))
  (defun req-other () (require-capability (OTHER)))
  (defun emit-e () (emit-event (E 1))))
`;

test('an unmanaged capability tested stays in scope in later forms, until the transaction ends', () => {
  const r = runRepl(`${MODULE}(test-capability (m.U 1))\n(m.req-u)\n(commit-tx)\n(begin-tx)\n(m.req-u)`);
  assert.is(r.traces[r.traces.length - 3], 'true');
  assert.is(r.error?.message, 'require-capability: not granted: (m.U 1)');
});

test('an @event capability cannot be tested: it is not installable', () => {
  assert.is(errorOf(`${MODULE}(test-capability (m.E 1))`), 'Install capability error: capability is not managed and cannot be installed: m.E');
  // an execution error (try cannot catch it), and no event
  assert.is(evalLast(`${MODULE}(expect-failure "no" (test-capability (m.E 1)))\n(env-events true)`), '[]');
});

test('testing an auto-managed capability uses it up', () => {
  assert.is(errorOf(`${MODULE}(test-capability (m.AU 1))\n(with-capability (m.AU 1) 1)`), 'One-shot managed capability used more than once');
});

test('a managed capability is installed by the test, so it cannot be tested or installed again', () => {
  assert.is(errorOf(`${MODULE}(install-capability (m.MA 5))\n(test-capability (m.MA 5))`), 'Capability already installed: (m.MA 5)');
  assert.is(errorOf(`${MODULE}(test-capability (m.MA 5))\n(install-capability (m.MA 5))`), 'Capability already installed: (m.MA 5)');
  // its body ran (and failed) with the tested arguments
  assert.is(errorOf(`${MODULE}(test-capability (m.MA 0))`), 'positive');
  // and it is not left in scope
  assert.is(errorOf(`${MODULE}(test-capability (m.MA 5))\n(require-capability (m.MA 5))`), 'require-capability: not granted: (m.MA 5)');
});

test('require-capability counts the slot test-capability left on the stack (CapOpRequire 100 each)', () => {
  const m = meteredAfter(`${MODULE}(test-capability (m.U 1))`, '(m.req-u)');
  assert.ok(logLines(m).includes('GCapOp (CapOpRequire 1): 100'), logLines(m).join('\n'));
});

test('expect-failure inside with-capability puts the stack back, and the slot is still popped after', () => {
  const src = `${MODULE}(with-capability (m.U 1) (expect-failure "f" (enforce false "x")))\n(m.req-u)`;
  assert.is(errorOf(src), 'require-capability: not granted: (m.U 1)');
});

test('with-capability pops the top slot: a capability tested inside it stays in its place', () => {
  // the test's slot is on top when the body returns, so it is the one popped
  const src = `${MODULE}(with-capability (m.U 1) (test-capability (m.OTHER)))`;
  assert.is(evalLast(`${src}\n(m.req-u)`), 'true');
  assert.is(errorOf(`${src}\n(m.req-other)`), 'require-capability: not granted: (m.OTHER)');
});

test('emit-event from another module names the calling module (Runtime/Utils.hs emitEvent)', () => {
  const n = `(module n g2 (defcap g2 () true) (defun emit () (emit-event (m.E 1))))\n`;
  assert.is(errorOf(`${MODULE}${n}(n.emit)`), 'Emitted event does not match module: n');
  // outside any module, the event's own module is named
  assert.is(errorOf(`${MODULE}(emit-event (m.E 1))`), 'Emitted event does not match module: m');
});

test.run();
