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

test('more than 255 decimal places is a parse error', () => {
  assert.throws(() => parseOne('1.' + '0'.repeat(256)), /Precision overflow \(>=255 decimal places\):  256 decimals/);
});

test.run();
