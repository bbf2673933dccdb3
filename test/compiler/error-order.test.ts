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
  ['in a module, recursion wins over an unknown name (checked before any name is resolved), at the cycle\'s first definition',
    `${MOD} (defun f () (nope)) (defun a () (b)) (defun b () (a)))`,
    '1:51: Recursive cycle detected in Module m in the following functions: [a, b]'],
  // Pact renames the definitions in the order of Data.Graph's strongly connected components: each
  // after those it names, unrelated ones by descending name
  ['in a module with two unrelated unknown names, the later name\'s definition first', `${MOD} (defun f () (nope)) (defun h () (zap)))`,
    '1:64: Cannot find module:  zap'],
  ['in a module, a definition after the one it names, whatever their source order',
    `${MOD} (defun b () (a) (nope)) (defun a () (zap)))`, '1:68: Cannot find module:  zap'],
  ['two unrelated cycles: the one whose names come last; inside it, from its smallest name, at that definition',
    `${MOD} (defun z () (y)) (defun y () (z)) (defun q () (p)) (defun p () (q)))`,
    '1:48: Recursive cycle detected in Module m in the following functions: [y, z]'],
  ['a cycle among constants is a module\'s recursion like any other',
    `${MOD} (defconst B A) (defconst A B))`, '1:46: Recursive cycle detected in Module m in the following functions: [A, B]'],
  ['a dynamic call through a definition renamed later is an unbound variable',
    `${MOD} (defun f () 1) (defun h () (f::g)))`, '1:59: Unbound variable f'],
  ['a repeated definition is reported after the names of the definitions renamed before it',
    `${MOD} (defun a () 1) (defun a () (zz)))`, '1:59: Cannot find module:  zz'],
  ['a repeated definition, at the module', `${MOD} (defun a () 1) (defun a () 2))`, '1:0: Duplicate definition: m.a'],
  ['a later definition\'s malformed form wins over a repeated definition',
    `${MOD} (defun a () 1) (defun a () 2) (defpact p () (step-with-rollback 1 2)))`, '1:61: rollbacks aren\'t allowed on the last step in: m.p'],
  ['an empty keyset name is refused before any name', '(module m "" (defun a () (zz)))', '1:0: Invalid keyset name format: '],
  ['an invalid governance is refused before recursion', '(module m g (defcap g (x) true) (defun a () (b)) (defun b () (a)))',
    '1:0: Invalid governance. Must be a 0-argument defcap or a keyset. Found m.g'],
  ['the module\'s imports are handled after the recursion check, at the module',
    `${MOD} (use nope) (defun a () (b)) (defun b () (a)))`, '1:42: Recursive cycle detected in Module m in the following functions: [a, b]'],
  ['a defpact\'s last-step rollback is checked after its steps are desugared, at the defpact',
    `${MOD} (defpact p () (step 1) (step-with-rollback (if 1) 2)))`, '1:74: Desugar syntax failure: if must take three arguments'],
  ['an entity in a step, at the defpact', `${MOD} (defpact p () (step "e" 1) (step (if 1))))`,
    '1:31: Pact 5 does not support entity expressions in defpact m.p. Please ensure your defpact steps have the correct number of expressions'],
  ['an import before the names of the definitions', `${MOD} (defun a () (zz)) (use nope))`, '1:0: Cannot find module:  nope'],
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
