// Which error a form with several faults reports. Pact desugars a whole form before its renamer
// resolves any name (Desugar.hs: desugarLispTerm, then renameTerm), and the renamer takes an
// application's function before its arguments; pactvm does both in one walk, holding back the
// first name that does not resolve until the form is desugared.

import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { runRepl } from '../helpers.js';

/** The error a one-file script stops with, as `line:col: message`. */
function firstError(script: string): string {
  const r = runRepl(script);
  if (r.error === null) throw new Error(`no error from ${script}`);
  const s = r.error.span!;
  const at = s.file.position(s.start);
  return `${at.line + 1}:${at.col}: ${r.error.message}`; // as pactvm and Pact print it
}

const IFACE = '(interface iface (defun f:integer ()))\n';

const cases: [string, string, string][] = [
  ['an unknown function before its unknown argument', '(foo bar)', '1:1: Cannot find module:  foo'],
  ['an unknown function before an unknown call among its arguments', '(foo (bar))', '1:1: Cannot find module:  foo'],
  ['an unknown function before an interface used as a value (a Pact 4 script\'s env-dynref)',
    `${IFACE}(env-dynref iface coin)`, '2:1: Cannot find module:  env-dynref'],
  ['a function given by a call: that call first', '((foo) (bar))', '1:2: Cannot find module:  foo'],
  ['a lambda in function position: its body before the arguments', '((lambda (x) (nope)) (other))', '1:14: Cannot find module:  nope'],
  ['a native\'s arguments left to right', '(+ (foo) (bar))', '1:4: Cannot find module:  foo'],
  ['a let binding before the body', '(let ((a (foo))) (bar))', '1:10: Cannot find module:  foo'],
  ['a malformed if inside the arguments wins over the unknown function', '(foo (if 1))', '1:5: Desugar syntax failure: if must take three arguments'],
  ['a malformed form later in the same form wins over an earlier unknown name', '(do (foo) (if 1))', '1:10: Desugar syntax failure: if must take three arguments'],
  ['a malformed try in a let body wins over the unknown binding', '(let ((a (foo))) (try 1))', '1:17: Desugar syntax failure: try must take two arguments'],
  ['an unknown member before the unknown function applied to it', '(m.nope (foo))', '1:1: Module m has no such member: nope'],
  ['an interface used as a value alone', `${IFACE}(+ 1 iface)`, '2:5: Invalid Interface attempted to be used as module reference: iface'],
];

const MOD = '(module m g (defcap g () true)';
cases.push(
  ['in a module, a later definition\'s malformed form wins over an earlier unknown name',
    `${MOD} (defun f () (nope)) (defun h () (if 1)))`, '1:63: Desugar syntax failure: if must take three arguments'],
  ['in a module, recursion wins over an unknown name (checked before any name is resolved)',
    `${MOD} (defun f () (nope)) (defun a () (b)) (defun b () (a)))`,
    '1:0: Recursive cycle detected in Module m in the following functions: [a, b]'],
  ['in a module with two unknown names, the first definition\'s', `${MOD} (defun f () (nope)) (defun h () (zap)))`,
    '1:44: Cannot find module:  nope'],
);

for (const [what, script, expected] of cases) {
  test(what, () => assert.is(firstError(script), expected));
}

test('the held-back name does not leak into the next form', () => {
  const first = runRepl('(foo)');
  assert.is(first.error?.message, 'Cannot find module:  foo');
  const next = runRepl('(+ 1 2)', 'test.repl', first.session);
  assert.is(next.error, null);
  assert.equal(next.traces, ['3']);
});

test.run();
