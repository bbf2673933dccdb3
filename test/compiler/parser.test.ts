// The parser groups brackets and compound tokens (language.md §2).

import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { SourceFile, read } from '../../compiler/index.js';
import { showSyntax } from '../../compiler/syntax.js';
import { decDigits } from '../../runtime/values/numbers.js';

const parseOne = (text: string) => read(new SourceFile('t.repl', text))[0];

test('decimals keep their written scale', () => {
  const d = parseOne('1.50');
  assert.is(d.t, 'dec');
  if (d.t === 'dec') { assert.is(d.value.mantissa, 150n); assert.is(d.value.places, 2); assert.is(decDigits(d.value), '1.50'); }
  const n = parseOne('-0.001');
  if (n.t === 'dec') assert.is(decDigits(n.value), '-0.001');
});

test('integers beyond 2^53 are BigInt', () => {
  const i = parseOne('123456789012345678901234567890');
  assert.is(i.t === 'int' && i.value, 123456789012345678901234567890n);
  const s = parseOne('42');
  assert.is(s.t === 'int' && s.value, 42);
});

test('qualified and dynamic names', () => {
  const q = parseOne('ns.mod.fn');
  assert.equal(q.t === 'name' && q.parts, ['ns', 'mod', 'fn']);
  const d = parseOne('m::f');
  assert.equal(d.t === 'dyn' && [d.ref, d.member], ['m', 'f']);
});

test('nested forms round-trip through showSyntax', () => {
  assert.is(showSyntax(parseOne('(let ((x 1)) [x, 2] {"a": x})')), '(let ((x 1)) [x , 2] {"a" : x})');
});

test('each form holds exactly its own items, however deeply forms nest beside each other', () => {
  const forms = read(new SourceFile('t.repl', '(a (b (c d) e) [f {"g": h}] i) (j) k ()'));
  assert.is(forms.map(showSyntax).join(' | '), '(a (b (c d) e) [f {"g" : h}] i) | (j) | k | ()');
  const outer = forms[0];
  assert.ok(outer.t === 'paren');
  if (outer.t === 'paren') {
    assert.is(outer.items.length, 4);
    const inner = outer.items[1];
    assert.ok(inner.t === 'paren' && inner.items.length === 3);
  }
  const empty = forms[3];
  assert.ok(empty.t === 'paren' && empty.items.length === 0);
});

test('a one-part name shares its parts with the same name elsewhere in the file; qualified names do not', () => {
  const [a1, a2, b, q1, q2] = read(new SourceFile('t.repl', 'a a b m.a m.a'));
  assert.ok(a1.t === 'name' && a2.t === 'name' && b.t === 'name' && q1.t === 'name' && q2.t === 'name');
  if (a1.t === 'name' && a2.t === 'name' && b.t === 'name' && q1.t === 'name' && q2.t === 'name') {
    assert.ok(a1.parts === a2.parts);
    assert.equal(a1.parts, ['a']);
    assert.ok(a1.parts !== b.parts);
    assert.equal(q1.parts, ['m', 'a']);
    assert.ok(q1.parts !== q2.parts);
  }
});

test('more than 255 decimal places is a parse error', () => {
  assert.throws(() => parseOne('1.' + '0'.repeat(256)), /Precision overflow \(>=255 decimal places\):  256 decimals/);
});

test.run();
