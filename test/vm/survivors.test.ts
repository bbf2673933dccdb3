// Cases the mutation run of vm/ (27 Nov) found untested: columns past characters outside the BMP
// and lone surrogates, the runtime's type names, Pact's order of module names, and a capability
// token built with a function argument.

import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { SourceFile } from '../../vm/source.js';
import { primType, showType, type PactType } from '../../vm/types.js';
import { compareModuleNames } from '../../vm/values.js';
import { errorOf, evalLast } from '../helpers.js';

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

test.run();
