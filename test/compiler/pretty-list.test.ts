// Lists in Pact's error texts are `pretty` of a list (prettyprinter's `align . list`) laid out at
// width 80: flat while the whole line fits, else one item per line aligned under the bracket.

import { test } from '../deadline.js';
import * as assert from 'uvu/assert';
import { withPrettyList } from '../../compiler/errors.js';
import { errorOf } from '../helpers.js';

test('a list that ends its line at column 80 or before stays flat', () => {
  const prefix = 'p'.repeat(74);
  assert.is(withPrettyList(prefix, ['a', 'b']), `${prefix}[a, b]`); // 74 + 6 = 80
  assert.is(withPrettyList('x: ', []), 'x: []');
});

test('one column more breaks it: "[ " and " ]", later items on lines of their own under the bracket', () => {
  const prefix = 'p'.repeat(75);
  assert.is(withPrettyList(prefix, ['a', 'b']), `${prefix}[ a\n${' '.repeat(75)}, b ]`);
  assert.is(withPrettyList(prefix, ['a', 'b', 'c']), `${prefix}[ a\n${' '.repeat(75)}, b\n${' '.repeat(75)}, c ]`);
  // a single item that does not fit keeps the broken brackets
  assert.is(withPrettyList('p'.repeat(80), ['a']), `${'p'.repeat(80)}[ a ]`);
  assert.is(withPrettyList('p'.repeat(77), ['a']), `${'p'.repeat(77)}[a]`);
});

test('columns are counted in characters, not UTF-16 units', () => {
  const prefix = '😊'.repeat(74);
  assert.is(withPrettyList(prefix, ['a', 'b']), `${prefix}[a, b]`);
});

test('a recursive cycle lists its functions flat while they fit, else broken', () => {
  const cycle = (f: string, g: string) => errorOf(`(module m g (defcap g () true) (defun ${f} () (${g})) (defun ${g} () (${f})))`);
  // "Recursive cycle detected in Module m in the following functions: " is 65 columns
  assert.is(cycle('f', 'h'), 'Recursive cycle detected in Module m in the following functions: [f, h]');
  assert.is(cycle('ffffff', 'hhhhh'), 'Recursive cycle detected in Module m in the following functions: [ffffff, hhhhh]');
  assert.is(cycle('ffffff', 'hhhhhh'),
    `Recursive cycle detected in Module m in the following functions: [ ffffff\n${' '.repeat(65)}, hhhhhh ]`);
});

test.run();
