// Tests written against surviving mutants of the values mutation run (stryker/verdicts/values.txt
// lists which ones they kill).

import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { moduleNameMatch, nameMatch, qualifiedNameParts } from '../../runtime/values/token-names.js';
import { valueEquals } from '../../runtime/values/equality.js';
import { MAX_VALUE_NESTING } from '../../vm/limits.js';
import type { Value } from '../../vm/values.js';

test('token names: digits 0 and 9 continue an identifier', () => {
  assert.is(nameMatch('a0', 0), 2);
  assert.is(nameMatch('b9', 0), 2);
  assert.is(nameMatch('x09.y90', 0), 7);
  assert.equal(qualifiedNameParts('m0.f9'), ['m0', 'f9']);
});

test('token names: true and false are reserved', () => {
  assert.is(nameMatch('true', 0), -1);
  assert.is(nameMatch('false', 0), -1);
  assert.is(nameMatch('falsey', 0), 6);
  assert.is(qualifiedNameParts('m.false'), null);
  assert.is(moduleNameMatch('false', 0), -1);
});

test('token names: no name gives -1', () => {
  assert.is(nameMatch('', 0), -1);
  assert.is(nameMatch('1a', 0), -1);
  assert.is(moduleNameMatch('', 0), -1);
  assert.is(moduleNameMatch('.a', 0), -1);
  assert.is(moduleNameMatch('ns . m x', 0), 7);
});

test('token names: a qualified name has at least two parts', () => {
  assert.is(qualifiedNameParts('abc'), null);
  assert.equal(qualifiedNameParts('a.b'), ['a', 'b']);
  assert.equal(qualifiedNameParts('a.b.c'), ['a', 'b', 'c']);
  assert.is(qualifiedNameParts('a.b.c.d'), null);
});

const nest = (leaf: Value, levels: number): Value => {
  let v = leaf;
  for (let i = 0; i < levels; i++) v = [v];
  return v;
};

test('equality: unequal primitives just past the nesting limit are unequal, not too deep', () => {
  // the innermost list is at depth MAX_VALUE_NESTING, its element at MAX_VALUE_NESTING + 1
  assert.is(valueEquals(nest('a', MAX_VALUE_NESTING + 1), nest('b', MAX_VALUE_NESTING + 1)), false);
  assert.is(valueEquals(nest(true, MAX_VALUE_NESTING + 1), nest(false, MAX_VALUE_NESTING + 1)), false);
  // a primitive against a list there, either way round
  assert.is(valueEquals(nest('a', MAX_VALUE_NESTING + 1), nest([], MAX_VALUE_NESTING + 1)), false);
  assert.is(valueEquals(nest([], MAX_VALUE_NESTING + 1), nest('a', MAX_VALUE_NESTING + 1)), false);
});

test.run();
