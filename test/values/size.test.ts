// Pact's sizeOf estimate (runtime/values/size.ts, gas.md §4) of every kind of value, and the UTF-8
// lengths and name sizes it is built from, at the edges the values mutation run found untested.

import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { countValue, integerSize, measure, qualifiedNameSize, sizeOfValue, utf8Length } from '../../runtime/values/size.js';
import {
  CapabilityGuard, CapToken, KeySetGuard, KeySetRefGuard, ModRef, ModuleGuard, PactDecimal, PactGuard,
  PactObject, PactTime, TableRef, TableSchema, UNIT, UserGuard, type Value,
} from '../../vm/values.js';

const obj = (entries: [string, Value][]) => new PactObject(new Map(entries));

// [value as written, a fresh copy of the value, sizeOf]: fresh, because guard sizes are cached per
// object and a size computed once (say, by an earlier run of this test) would hide a wrong formula
const table: [string, () => Value, number][] = [
  ["5", () => 5, 12],
  ["'ab'", () => 'ab', 10],
  ["''", () => '', 8],
  ["2n ** 64n", () => 2n ** 64n, 12],
  ["-(2n ** 70n)", () => -(2n ** 70n), 12],
  ["2n ** 63n", () => 2n ** 63n, 12],
  ["true", () => true, 5],
  ["new PactDecimal(15n, 1)", () => new PactDecimal(15n, 1), 14],
  ["new PactDecimal(2n ** 80n, 2)", () => new PactDecimal(2n ** 80n, 2), 16],
  ["[]", () => [], 7],
  ["[1, 'a']", () => [1, 'a'], 28],
  ["obj([])", () => obj([]), 7],
  ["obj([['ab', 1], ['c', true]])", () => obj([['ab', 1], ['c', true]]), 37],
  ["UNIT", () => UNIT, 4],
  ["new PactTime(5n)", () => new PactTime(5n), 10],
  ["new ModRef('m', [])", () => new ModRef('m', []), 16],
  ["new ModRef('ns.m', ['i', 'ns.j'])", () => new ModRef('ns.m', ['i', 'ns.j']), 44],
  ["new CapToken('m.C', [1])", () => new CapToken('m.C', [1]), 70],
  ["new CapToken('ns.m.C', [])", () => new CapToken('ns.m.C', []), 64],
  ["new CapToken('C', [])", () => new CapToken('C', []), 57],
  // 2 + 1 + TableName (1 + "t" 5 + ns.m 14) + placeholder hash 16 + Schema (1 + ns.m.s 20 + no fields 5)
  ["new TableRef('ns.m_t', 'ns.m', 's')", () => new TableRef('ns.m_t', 'ns.m', 's'), 65],
  ["new KeySetGuard(['k1', 'k22'], 'keys-all')", () => new KeySetGuard(['k1', 'k22'], 'keys-all'), 25],
  ["new KeySetGuard(['k'], 'keys-any')", () => new KeySetGuard(['k'], 'keys-any'), 17],
  ["new KeySetGuard(['k'], 'keys-2')", () => new KeySetGuard(['k'], 'keys-2'), 17],
  ["new KeySetGuard(['k'], 'ns.m.pred')", () => new KeySetGuard(['k'], 'ns.m.pred'), 42],
  ["new KeySetGuard(['k'], 'mypred')", () => new KeySetGuard(['k'], 'mypred'), 29],
  ["new KeySetRefGuard('ks')", () => new KeySetRefGuard('ks'), 13],
  ["new KeySetRefGuard('ns.ks')", () => new KeySetRefGuard('ns.ks'), 19],
  ["new UserGuard('m.f', [1])", () => new UserGuard('m.f', [1]), 36],
  ["new CapabilityGuard('m.C', [], null)", () => new CapabilityGuard('m.C', [], null), 26],
  ["new CapabilityGuard('m.C', ['x'], 'pid')", () => new CapabilityGuard('m.C', ['x'], 'pid'), 42],
  ["new ModuleGuard('ns.m', 'g')", () => new ModuleGuard('ns.m', 'g'), 24],
  ["new ModuleGuard('m', 'g')", () => new ModuleGuard('m', 'g'), 18],
  ["new PactGuard('pid', 'g')", () => new PactGuard('pid', 'g'), 17],
];

for (const [what, make, size] of table) {
  test(`sizeOf ${what} is ${size}`, () => {
    const value = make();
    assert.is(sizeOfValue(value), size);
    assert.is(sizeOfValue(value), size, 'the same again (guards are cached)');
  });
}

test('UTF-8 length: 1, 2, 3 and 4 bytes either side of each boundary', () => {
  const cases: [string, number][] = [
    ['a', 1], ['\u007f', 1], ['\u0080', 2], ['\u07ff', 2], ['\u0800', 3], ['\ud7ff', 3], ['\ud83d\ude00', 4],
    ['\udbff\udfff', 4], ['\ud800\udc00', 4], ['\ud7ff\udc00', 6], ['\udc00', 3], ['\ue000', 3], ['\uffff', 3], ['a\ud83d\ude00b', 6], ['', 0],
  ];
  for (const [s, n] of cases) assert.is(utf8Length(s), n, JSON.stringify(s));
});

test('integer size: 8 bytes up to 64 bits, then a byte per 8 bits', () => {
  assert.is(integerSize(0), 8);
  assert.is(integerSize(2 ** 53 - 1), 8);
  assert.is(integerSize(2n ** 63n), 8);
  assert.is(integerSize(2n ** 71n), 9);
  assert.is(integerSize(2n ** 79n), 10);
  assert.is(integerSize(-(2n ** 100n)), 12);
});

test('qualified name sizes: bare, module-qualified and namespaced', () => {
  assert.is(qualifiedNameSize('f'), 13);
  assert.is(qualifiedNameSize('fg'), 14);
  assert.is(qualifiedNameSize('m.f'), 14);
  assert.is(qualifiedNameSize('ns.m.f'), 20);
});

// ---- the byte budget (gas.md §4.1; SizeOf.hs countBytes: `when (newTotal > lim)`) ----------

test('a walk stops at the first piece past the budget; reaching the budget exactly is within it', () => {
  // "abcd" counts 2 (PactValue), 2 (Literal), 8 (Text): a budget of 4 is met by the first two
  // pieces and passed only by the text, so the count reported is the whole 12
  assert.is(measure(countValue, 'abcd', 4), 12);
  assert.is(measure(countValue, 'abcd', 3), 4);
  assert.is(measure(countValue, 'abcd', 12), 12);
  assert.is(measure(countValue, 'abcd'), 12);
});

test('a table value\'s schema fields are walked in the order of their names, however declared', () => {
  const prim = (name: 'string' | 'integer') => ({ t: 'prim' as const, name });
  const fields = (order: [string, ReturnType<typeof prim> | { t: 'list'; of: ReturnType<typeof prim> }][]) =>
    new TableRef('m_t', 'm', 's', null, new TableSchema('m.s', new Map(order)));
  const a = fields([['zz', prim('string')], ['a', { t: 'list', of: prim('integer') }]]);
  const b = fields([['a', { t: 'list', of: prim('integer') }], ['zz', prim('string')]]);
  const whole = sizeOfValue(a);
  assert.is(sizeOfValue(b), whole);
  // the fields' pieces differ in size, so walking them in another order would stop elsewhere
  for (let limit = 0; limit <= whole; limit++) assert.is(measure(countValue, a, limit), measure(countValue, b, limit), `budget ${limit}`);
});

test.run();

