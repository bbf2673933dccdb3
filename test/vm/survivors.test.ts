// Cases the mutation run of vm/ (27 Nov) found untested: columns past characters outside the BMP
// and lone surrogates, the runtime's type names, Pact's order of module names, a capability
// token built with a function argument, compose-capability in a defpact a defcap body starts, the
// read-only view of a re-entered module (its lambdas, sys-only), the code after a coverage probe,
// a try left by an unrecoverable error, a native's call site before any, and a global never filled.

import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { SourceFile } from '../../vm/source.js';
import { primType, showType, type PactType } from '../../vm/types.js';
import { compareModuleNames } from '../../vm/values.js';
import { Closure } from '../../vm/values.js';
import { GlobalCell } from '../../vm/chunk.js';
import type { TierMode } from '../../vm/tier.js';
import { read, compileExpression, type NameEnv } from '../../compiler/index.js';
import { ReplSession } from '../../runtime/repl/session.js';
import { CoverageRecorder } from '../../runtime/repl/coverage.js';
import { errorOf, evalLast, runRepl, inTierMode } from '../helpers.js';

/** the column Pact's lexer gives: code points from the line's start (a lone surrogate is one) */
function codePointColumn(text: string, offset: number): number {
  const lineStart = text.lastIndexOf('\n', offset - 1) + 1;
  return Array.from(text.slice(lineStart, offset)).length;
}

test('columns count code points: pairs at every place on a line, surrogate edges, lone halves', () => {
  const units = ['a', '😀', '\uD800\uDC00', '\uDBFF\uDFFF', '\uD7FF', '\uE000', '\uDC00', '\uD800', '\uDBFF', '\uDFFF', '\uDC00\uDC00',
    '\uD800\uE000', '\uDBFF\uFFFF', 'b'];
  const lines = [
    units.join(''),
    '😀' + units.join('x'),
    units.slice().reverse().join(''),
    '\uD800' + '😀' + '\uDC00' + '😀',
  ];
  for (const body of lines) {
    const text = `(+ 1 2)\n${body}\n${body}😀`;
    const file = new SourceFile('t.repl', text);
    for (let offset = 0; offset <= text.length; offset++) {
      const { line, col } = file.position(offset);
      assert.is(col, codePointColumn(text, offset), `offset ${offset} of ${JSON.stringify(body)}`);
      assert.is(line, text.slice(0, offset).split('\n').length - 1);
    }
  }
});

test('primType: keyset is a guard, list and object the unparameterised kinds, unknown names none', () => {
  assert.equal(primType('keyset'), { t: 'prim', name: 'guard' });
  assert.equal(primType('list'), { t: 'anylist' });
  assert.equal(primType('object'), { t: 'anyobject' });
  assert.equal(primType('integer'), { t: 'prim', name: 'integer' });
  assert.is(primType('table'), undefined);
  assert.is(primType('keysets'), undefined);
});

test('showType prints every kind as a runtime typecheck failure names it', () => {
  const cases: [PactType, string][] = [
    [{ t: 'prim', name: 'decimal' }, 'decimal'],
    [{ t: 'list', of: { t: 'prim', name: 'integer' } }, 'list integer'],
    // Pact's Pretty Type: only a TyPrim goes bare after `list` (not guard, its own TyGuard, nor *)
    [{ t: 'list', of: { t: 'list', of: { t: 'any' } } }, 'list (list (*))'],
    [{ t: 'list', of: { t: 'prim', name: 'guard' } }, 'list (guard)'],
    [{ t: 'list', of: { t: 'object', schema: 'r' } }, 'list (object{r})'],
    [{ t: 'anylist' }, 'list'],
    [{ t: 'object', schema: 'm.row' }, 'object{m.row}'],
    [{ t: 'anyobject' }, 'object'],
    [{ t: 'table', schema: 'm.row' }, 'table{m.row}'],
    [{ t: 'modref', interfaces: ['a.i', 'j'] }, 'module{a.i, j}'],
    [{ t: 'any' }, '*'],
  ];
  for (const [ty, text] of cases) assert.is(showType(ty), text);
});

test("module names order by bare name, then namespace with the root first (Pact's ModuleName Ord)", () => {
  const sign = (a: string, b: string) => Math.sign(compareModuleNames(a, b));
  assert.is(sign('coin', 'coin'), 0);
  assert.is(sign('ns.coin', 'ns.coin'), 0);
  assert.is(sign('coin', 'ns.coin'), -1, 'root before a namespace');
  assert.is(sign('ns.coin', 'coin'), 1);
  assert.is(sign('zeta', 'a.zeta'), -1, 'root first, whatever the namespace');
  assert.is(sign('b.coin', 'a.coin'), 1, 'namespaces compared when the names tie');
  assert.is(sign('a.coin', 'b.coin'), -1);
  assert.is(sign('z.abc', 'a.abd'), -1, 'the bare name first');
  assert.is(sign('x.y.m', 'x.m'), 1, 'the namespace is all before the last dot');
  const sorted = ['zz.a', 'b', 'a.b', 'a', 'c.a', 'ab'].sort(compareModuleNames);
  assert.equal(sorted, ['a', 'c.a', 'zz.a', 'ab', 'b', 'a.b']);
});

test('a capability token with a function argument is refused as Pact refuses a closure value', () => {
  const module = '(module m G (defcap G () true) (defcap C (f) true) (defun tok () (C (lambda (x) x))) (defun run () (with-capability (C (lambda (x) x)) 1)))';
  assert.is(errorOf(`${module} (m.tok)`), 'Expected Pact Value, got closure or table reference');
  assert.is(errorOf(`${module} (m.run)`), 'Expected Pact Value, got closure or table reference');
});

test('with-capability and install-capability are refused in all a defcap body calls; compose-capability only in a defcap frame', () => {
  const module = `(module m G (defcap G () true) (defcap OTHER () true) (defcap AUTO () @managed true)
    (defun wc () (with-capability (OTHER) 1))
    (defun ic () (install-capability (AUTO)))
    (defun cc () (compose-capability (OTHER)))
    (defcap C () (wc) true)
    (defcap I () (ic) true)
    (defcap K () (cc) true)
    (defcap L () (map (lambda (x) (compose-capability (OTHER))) [1]) true)
    (defun run () (with-capability (C) 1))
    (defun run-i () (with-capability (I) 1))
    (defun run-k () (with-capability (K) 1))
    (defun run-l () (with-capability (L) 1)))`;
  // Pact evaluates a defcap body "in cap" (CEK's ceInCap) and a defun looked up there inherits it
  assert.is(errorOf(`${module} (m.run)`), 'Form illegal within defcap with-capability');
  assert.is(errorOf(`${module} (m.run-i)`), 'Form illegal within defcap install-capability');
  // compose-capability asks for a defcap on top of the stack of defun/defcap/defpact frames
  assert.is(errorOf(`${module} (m.run-k)`), 'native execution failure, compose-capability failed with message: native must be called within a defcap body');
  assert.is(evalLast(`${module} (m.run-l)`), '1', 'a lambda pushes no frame: the defcap is on top');
  assert.is(evalLast(`${module} (m.wc)`), '1', 'outside any defcap');
});

test('a defpact that a defcap body starts is the top frame: compose-capability in its step is refused', () => {
  // Pact's applyPact runs the step under an SFDefPact stack frame, and enforceStackTopIsDefcap
  // looks only at the top frame
  const module = `(module m G (defcap G () true) (defcap INNER () true)
    (defcap OUTER () (p) true)
    (defpact p () (step (compose-capability (INNER))))
    (defun run () (with-capability (OUTER) 1)))`;
  assert.is(errorOf(`${module} (m.run)`), 'native execution failure, compose-capability failed with message: native must be called within a defcap body');
});

const RUNNER = `(begin-tx)
(interface callback (defun call-back:string (k:string)))
(interface runner (defun run-it:string (cb:module{callback})))
(module n g (defcap g () true) (implements runner)
  (defun run-it:string (cb:module{callback}) (cb::call-back "k")))
`;

test("a module re-entered through a module reference runs read-only in its functions and in the lambdas they make", () => {
  // Pact makes a defun's frame read-only when its module is in the environment's re-entrant set
  // (evalWithStackFrame); a lambda keeps the environment it was made in. A defun takes no
  // function as argument (applyLam's enforcePactValue), so no lambda of the outer call gets in.
  const module = (body: string) => `(module m g (defcap g () true) (implements callback)
  (defschema row v:integer) (deftable t:{row})
  (defun call-back:string (k:string) ${body})
  (defun go:string (r:module{runner} me:module{callback}) (r::run-it me)))
(create-table t)
`;
  const readOnly = 'Error during database operation: Operation disallowed in read-only or sys-only mode';
  const direct = '(write t k {"v": 2})', viaLambda = '(at 0 (map (lambda (x) (write t x {"v": 1})) [k]))';
  assert.is(errorOf(`${RUNNER}${module(direct)}(m.go n m)`), readOnly);
  assert.is(errorOf(`${RUNNER}${module(viaLambda)}(m.go n m)`), readOnly);
  // not re-entered: n calls m from the top level
  assert.is(evalLast(`${RUNNER}${module(viaLambda)}(n.run-it m) (read m.t "k")`), '{"v": 1}');
  // a lambda is refused as a defun's argument
  assert.is(errorOf(`${RUNNER}${module(direct)}(n.run-it (lambda (k) k))`), 'Expected Pact Value, got closure or table reference');
});

test('a module re-entered while user guards run sys-only (DisablePact53) stays sys-only: reading its table fails', () => {
  // Pact's readOnlyEnv leaves a sys-only environment as it is
  const src = `(env-exec-config ["DisablePact53"])
(begin-tx)
(interface iface (defun f:bool ()))
(module m g (defcap g () true)
  (defschema row v:integer) (deftable t:{row})
  (defun h:bool () (with-default-read t "k" {"v": 0} {"v" := v} (= v 0)))
  (defun check:bool (r:module{iface}) (r::f))
  (defun make-guard:guard (r:module{iface}) (create-user-guard (check r))))
(create-table t)
(module n g (defcap g () true) (implements iface)
  (defun f:bool () (m.h)))
`;
  assert.is(errorOf(`${src}(enforce-guard (m.make-guard n))`), 'Error during database operation: Operation disallowed in read-only or sys-only mode');
  assert.is(evalLast(`${src.replace('["DisablePact53"]', '[]')}(enforce-guard (m.make-guard n))`), 'true', 'read-only from Pact 5.3 on: the read is allowed');
});

test('with coverage on, the code after each probe runs as without: a list whose items start new lines', () => {
  const s = runRepl('', 'setup.repl').session;
  s.coverage = new CoverageRecorder();
  const r = runRepl(`(module cov G (defcap G () true)
  (defun items (n:integer)
    [n
     (+ n 1)
     "three"]))
[(cov.items 1) (cov.items 2)]`, 'cov.repl', s);
  assert.is(r.error, null);
  assert.is(r.traces.pop(), '[[1 2 "three"] [2 3 "three"]]');
  assert.equal({ ...s.coverage.report()['cov.repl'].lines }, { 1: 0, 3: 2, 4: 2, 5: 2 });
});

test('a try whose frame an unrecoverable error leaves is gone: a later error in the same expression is not caught by it', () => {
  // expect-failure applies its thunk (whose try cannot catch an index error) and catches the error
  // itself; the enforce after it runs in a frame at the thunk's depth, and must fail as it would alone
  const r = runRepl('[(expect-failure "index" (try 0 (at 5 [1]))) ((lambda (x) (enforce x "boom")) false)]');
  assert.is(r.error?.message, 'boom');
  assert.is(r.error?.span?.range(), 'test.repl:0:58-0:76');
  assert.is(evalLast('[(expect-failure "index" (try 0 (at 5 [1]))) (try 9 ((lambda (x) (enforce x "boom")) false))]'),
    '["Expect failure: Success: index" 9]');
});

test('a native applied before any Pact code ran has no call site', () => {
  const s = new ReplSession();
  assert.is(s.vm.callSite(), null);
  runRepl('(+ 1 (length "ab"))', 'site.repl', s);
  assert.is(s.vm.callSite()?.range(), 'site.repl:0:5-0:18');
});

test('a global read before its cell is filled fails as an unbound variable, interpreted or tiered', () => {
  // no Pact program reaches it (the compiler orders definitions and refuses names without a value):
  // the machine's own guard, for a name environment that hands out an empty cell
  const env: NameEnv = {
    replNatives: false,
    lookupTopLevel: n => (n === 'later' ? new GlobalCell('later', 'defun', null) : undefined),
    lookupMember: () => undefined,
    lookupModRef: () => undefined,
  };
  const proto = compileExpression(read(new SourceFile('g.repl', '(+ 1 (later))'))[0], env);
  for (const mode of ['off', 'always'] as TierMode[]) {
    inTierMode(mode, () => {
      const s = new ReplSession();
      assert.throws(() => s.vm.call(new Closure(proto, []), []), (e: Error) => e.message === 'Unbound variable later', mode);
    });
  }
});

test.run();
