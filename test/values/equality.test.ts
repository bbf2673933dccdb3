// Structural equality of every kind of Pact value (runtime/values/equality.ts) as a table of pairs
// that are equal, that differ in exactly one part, or that are of different kinds; and the
// search for functions inside values. Written to kill the mutants of the values mutation run.

import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { containsCallable, valueEquals } from '../../runtime/values/equality.js';
import {
  CapabilityGuard, CapToken, KeySetGuard, KeySetRefGuard, ModRef, ModuleGuard, NativeFn, PactDecimal,
  PactGuard, PactObject, PactTime, TableRef, UNIT, UserGuard, type Value,
} from '../../vm/values.js';
import { PactError } from '../../vm/errors.js';

const obj = (entries: [string, Value][]) => new PactObject(new Map(entries));
const ks = (keys: string[], pred = 'keys-all') => new KeySetGuard(keys, pred);

// [what, a, b, equal]
const pairs: [string, Value, Value, boolean][] = [
  ['the same integer as number and bigint', 5, 5n, true],
  ['integers that differ', 5, 6n, false],
  ['a bigint and a number', 7n, 7, true],
  ['an integer and a decimal of the same value', 1, new PactDecimal(10n, 1), false],
  ['an integer and a string', 1, '1', false],
  ['two equal strings', 'ab', 'ab', true],
  ['a string and a list', 'a', ['a'], false],
  ['booleans', true, false, false],
  ['decimals with different places but equal value', new PactDecimal(10n, 1), new PactDecimal(1n, 0), true],
  ['decimals that differ', new PactDecimal(11n, 1), new PactDecimal(1n, 0), false],
  ['a decimal and an integer', new PactDecimal(1n, 0), 1, false],
  ['equal lists', [1, 'a', [true]], [1n, 'a', [true]], true],
  ['lists of different length', [1, 2], [1], false],
  ['lists that differ in the last element', [1, 2], [1, 3], false],
  ['a list and an object', [], obj([]), false],
  ['empty lists', [], [], true],
  ['equal objects in another order', obj([['a', 1], ['b', [2]]]), obj([['b', [2n]], ['a', 1]]), true],
  ['objects with a different value', obj([['a', 1]]), obj([['a', 2]]), false],
  ['objects with a different key', obj([['a', 1]]), obj([['b', 1]]), false],
  ['objects of different size', obj([['a', 1]]), obj([['a', 1], ['b', 2]]), false],
  ['an object and a list', obj([]), [], false],
  ['unit and unit', UNIT, UNIT, true],
  ['unit and an empty object', UNIT, obj([]), false],
  ['equal times', new PactTime(5n), new PactTime(5n), true],
  ['times that differ', new PactTime(5n), new PactTime(6n), false],
  ['a time and a decimal', new PactTime(5n), new PactDecimal(5n, 0), false],
  ['equal keysets', ks(['a', 'b']), ks(['a', 'b']), true],
  ['keysets with another predicate', ks(['a']), ks(['a'], 'keys-any'), false],
  ['keysets with another key', ks(['a', 'b']), ks(['a', 'c']), false],
  ['keysets with one key more', ks(['a']), ks(['a', 'b']), false],
  ['keysets with one key less', ks(['a', 'b']), ks(['a']), false],
  ['a keyset and a keyset reference', ks(['a']), new KeySetRefGuard('a'), false],
  ['equal keyset references', new KeySetRefGuard('ns.k'), new KeySetRefGuard('ns.k'), true],
  ['keyset references to other names', new KeySetRefGuard('ns.k'), new KeySetRefGuard('ns.j'), false],
  ['a keyset reference and a module guard', new KeySetRefGuard('m'), new ModuleGuard('m', 'm'), false],
  ['equal user guards', new UserGuard('m.f', [1, 'x']), new UserGuard('m.f', [1n, 'x']), true],
  ['user guards of other functions', new UserGuard('m.f', [1]), new UserGuard('m.g', [1]), false],
  ['user guards with other arguments', new UserGuard('m.f', [1]), new UserGuard('m.f', [2]), false],
  ['a user guard and a capability guard', new UserGuard('m.f', []), new CapabilityGuard('m.f', [], null), false],
  ['equal capability guards', new CapabilityGuard('m.C', [1], 'p'), new CapabilityGuard('m.C', [1], 'p'), true],
  ['capability guards of other names', new CapabilityGuard('m.C', [1], null), new CapabilityGuard('m.D', [1], null), false],
  ['capability guards of other pacts', new CapabilityGuard('m.C', [1], 'p'), new CapabilityGuard('m.C', [1], null), false],
  ['capability guards with other arguments', new CapabilityGuard('m.C', [1], null), new CapabilityGuard('m.C', [2], null), false],
  ['a capability guard and a capability token', new CapabilityGuard('m.C', [], null), new CapToken('m.C', []), false],
  ['equal module guards', new ModuleGuard('m', 'g'), new ModuleGuard('m', 'g'), true],
  ['module guards of other modules', new ModuleGuard('m', 'g'), new ModuleGuard('n', 'g'), false],
  ['module guards of other names', new ModuleGuard('m', 'g'), new ModuleGuard('m', 'h'), false],
  ['a module guard and a pact guard', new ModuleGuard('m', 'g'), new PactGuard('m', 'g'), false],
  ['equal pact guards', new PactGuard('p1', 'g'), new PactGuard('p1', 'g'), true],
  ['pact guards of other pacts', new PactGuard('p1', 'g'), new PactGuard('p2', 'g'), false],
  ['pact guards of other names', new PactGuard('p1', 'g'), new PactGuard('p1', 'h'), false],
  ['a pact guard and a module reference', new PactGuard('m', 'g'), new ModRef('m', []), false],
  ['module references to one module, other interfaces', new ModRef('m', ['i']), new ModRef('m', []), true],
  ['module references to other modules', new ModRef('m', []), new ModRef('n', []), false],
  ['a module reference and a table', new ModRef('m', []), new TableRef('m', 'm', 's'), false],
  ['equal capability tokens', new CapToken('m.C', [1, 'a']), new CapToken('m.C', [1, 'a']), true],
  ['capability tokens of other names', new CapToken('m.C', [1]), new CapToken('m.D', [1]), false],
  ['capability tokens with other arguments', new CapToken('m.C', [1]), new CapToken('m.C', [2]), false],
  ['a capability token and a user guard', new CapToken('m.C', []), new UserGuard('m.C', []), false],
  ['tables of one name', new TableRef('t', 'm', 's'), new TableRef('t', 'n', 'r'), true],
  ['tables of other names', new TableRef('t', 'm', 's'), new TableRef('u', 'm', 's'), false],
  ['a table and a keyset reference', new TableRef('t', 'm', 's'), new KeySetRefGuard('t'), false],
  ['two different natives', new NativeFn(1), new NativeFn(2), false],
];

for (const [what, a, b, equal] of pairs) {
  test(`${what}: ${equal ? 'equal' : 'not equal'}, both ways`, () => {
    assert.is(valueEquals(a, b), equal);
    assert.is(valueEquals(b, a), equal);
  });
}

function nested(depth: number, make: (inner: Value) => Value): Value {
  let v: Value = 1;
  for (let i = 0; i < depth; i++) v = make(v);
  return v;
}

test('equality refuses values nested deeper than the limit, lists and objects alike, and allows the limit', () => {
  for (const make of [(x: Value) => [x], (x: Value) => obj([['k', x]])]) {
    assert.is(valueEquals(nested(1001, make), nested(1001, make)), true);
    assert.throws(() => valueEquals(nested(1003, make), nested(1003, make)), (e: unknown) => e instanceof PactError);
  }
});

test('the nesting limit also counts the arguments of user guards, capability guards and capability tokens', () => {
  const makers: ((x: Value) => Value)[] = [
    x => new UserGuard('m.f', [x]), x => new CapabilityGuard('m.C', [x], null), x => new CapToken('m.C', [x]),
  ];
  for (const make of makers) {
    assert.is(valueEquals(nested(400, make), nested(400, make)), true);
    assert.throws(() => valueEquals(nested(1003, make), nested(1003, make)), (e: unknown) => e instanceof PactError);
  }
});

test('containsCallable finds a function in a list or an object at any depth, and nothing in plain data', () => {
  const fn = new NativeFn(3);
  assert.is(containsCallable(fn), true);
  assert.is(containsCallable([1, [2, fn]]), true);
  assert.is(containsCallable([fn, 1]), true);
  assert.is(containsCallable(obj([['a', 1], ['b', obj([['c', fn]])]])), true);
  assert.is(containsCallable(obj([['a', fn], ['b', 1]])), true);
  assert.is(containsCallable([1, 'a', obj([['a', [true]]])]), false);
  assert.is(containsCallable(obj([])), false);
  assert.is(containsCallable(5), false);
  assert.is(containsCallable('f'), false);
  assert.is(containsCallable(new UserGuard('m.f', [])), false);
  assert.is(containsCallable(nested(1001, x => [x])), false);
  assert.throws(() => containsCallable(nested(1003, x => [x])), (e: unknown) => e instanceof PactError);
  assert.throws(() => containsCallable(nested(1003, x => obj([['k', x]]))), (e: unknown) => e instanceof PactError);
});

test.run();
