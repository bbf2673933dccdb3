// The warnings Pact 5 prints after a form that used a deprecated guard (Environment/Types.hs
// PactWarning; Direct/CoreBuiltin.hs createModuleGuard, createDefPactGuard; Direct/Evaluator.hs
// enforceGuard): making a module or pact guard, and enforcing a module guard.

import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { runRepl } from '../helpers.js';
import { ReplSession } from '../../runtime/repl/session.js';
import { runSource } from '../../runtime/repl/script.js';
import { SourceFile } from '../../compiler/index.js';

const MODULE_GUARD = 'Warning: Using deprecated native create-module-guard: Module guards have been deprecated and will be removed in a future release, please switch to capability guards';
const ENFORCED = 'Warning: Module guard enforce detected. Module guards are known to be unsafe, and will be removed in a future version of pact';
const PACT_GUARD = 'Warning: Using deprecated native create-pact-guard: Pact guards have been deprecated and will be removed in a future release, please switch to capability guards';

test('creating a module guard warns once per creation; enforcing one warns too', () => {
  const r = runRepl(`(begin-tx)
(module m g (defcap g () true)
  (defun mk () (create-module-guard "x"))
  (defun chk () (enforce-guard (mk))))
(m.mk)
(m.chk)`);
  assert.is(r.error, null);
  assert.equal(r.prints, [MODULE_GUARD, MODULE_GUARD, ENFORCED]);
});

test('creating a pact guard warns, even where it then fails outside a defpact', () => {
  const r = runRepl(`(begin-tx)
(module m g (defcap g () true)
  (defpact p () (step (create-pact-guard "a")))
  (defun outside () (create-pact-guard "a")))
(m.p)
(commit-tx)
(begin-tx)
(expect-failure "no pact" (m.outside))`);
  assert.is(r.error, null);
  assert.equal(r.prints.filter(p => p.startsWith('Warning')), [PACT_GUARD, PACT_GUARD]);
});

test('a form keeps at most 100 warnings (newDefaultWarningStack), in the order they came; the next form starts afresh', () => {
  const r = runRepl(`(module m g (defcap g () true)
  (defun mk () (create-module-guard "x"))
  (defun many (n) (map (lambda (i) (enforce-guard (mk))) (enumerate 1 n))))
(m.many 80)
(m.many 2)`);
  assert.is(r.error, null);
  const pair = [MODULE_GUARD, ENFORCED];
  assert.equal(r.prints, [...Array.from({ length: 50 }, () => pair).flat(), ...pair, ...pair]);
});

test('with --trace, a warning is printed at the call that raised it, before the form\'s own display (emitWarnings, then displayValue)', () => {
  const s = new ReplSession();
  const lines: string[] = [];
  s.out = {
    print: (t, span) => lines.push(`${span ? span.range() : 'none'}:Print: ${t}`),
    trace: (t, span) => lines.push(`${span ? span.range() : 'none'}:Trace: ${t}`),
  };
  runSource(s, new SourceFile('w.repl', '(module m g (defcap g () true) (defun mg () (create-module-guard "x")))\n(m.mg)'));
  assert.equal(lines.slice(1), [
    `w.repl:0:44-0:69:Print: ${MODULE_GUARD}`,
    'w.repl:1:0-1:6:Trace: ModuleGuard {module: m,name: x}',
  ]);
});

test.run();
