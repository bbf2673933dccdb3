// Runtime type checks (runtime/values/type-checks.ts, language.md §9): every primitive type
// against one value of each kind, typed lists and schema'd objects and tables with their charges
// (a machine tick, 25 milligas in the table model, per element or field, gas.md §3.2), and module references by interface.

import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { typecheck, type SchemaLookup } from '../../runtime/values/type-checks.js';
import { resolveTableSchema } from '../../runtime/contracts/table-schema.js';
import type { PactType } from '../../vm/types.js';
import {
  KeySetGuard, ModRef, PactDecimal, PactObject, PactTime, TableRef, UNIT, UserGuard, type Value,
} from '../../vm/values.js';

const obj = (entries: [string, Value][]) => new PactObject(new Map(entries));
const prim = (name: 'integer' | 'decimal' | 'bool' | 'string' | 'time' | 'unit' | 'guard'): PactType => ({ t: 'prim', name });
const INT: PactType = prim('integer');
const STR: PactType = prim('string');

const schemas: SchemaLookup = {
  schemaFields: (name) => ({
    'm.person': new Map<string, PactType>([['name', STR], ['age', INT]]),
    'm.other': new Map<string, PactType>([['name', STR], ['age', STR]]),
    'm.small': new Map<string, PactType>([['name', STR]]),
    'm.person2': new Map<string, PactType>([['name', STR], ['age', INT]]),
  } as Record<string, Map<string, PactType>>)[name],
};

/** A table value as the runtime makes it: carrying its schema, resolved through `lookup`. */
const table = (schema: string, lookup: SchemaLookup) =>
  new TableRef('t', 'm', schema, null, resolveTableSchema(`m.${schema}`, n => lookup.schemaFields(n)));

const values: [string, Value][] = [
  ['integer', 1], ['big integer', 2n ** 70n], ['decimal', new PactDecimal(15n, 1)], ['string', 's'], ['bool', false],
  ['unit', UNIT], ['time', new PactTime(0n)], ['keyset', new KeySetGuard(['k'], 'keys-all')], ['user guard', new UserGuard('m.f', [])],
  ['list', [1]], ['object', obj([])],
];
const accepts: Record<string, string[]> = {
  integer: ['integer', 'big integer'], decimal: ['decimal'], string: ['string'], bool: ['bool'], unit: ['unit'],
  time: ['time'], guard: ['keyset', 'user guard'],
};

test('each primitive type accepts exactly its own kind of value; * accepts all', () => {
  for (const [type, ok] of Object.entries(accepts)) {
    for (const [kind, v] of values) assert.is(typecheck(v, prim(type as 'integer'), schemas), ok.includes(kind), `${kind} : ${type}`);
  }
  for (const [kind, v] of values) assert.is(typecheck(v, { t: 'any' }, schemas), true, `${kind} : *`);
  for (const [kind, v] of values) assert.is(typecheck(v, { t: 'anylist' }, schemas), kind === 'list', `${kind} : list`);
  for (const [kind, v] of values) assert.is(typecheck(v, { t: 'anyobject' }, schemas), kind === 'object', `${kind} : object`);
});

test('a typed list checks every element and charges 25 per element', () => {
  const charges: number[] = [];
  const charge = (ticks: number) => { charges.push(25 * ticks); }; // the table model's tick: 25 mG
  assert.is(typecheck([1, 2, 3], { t: 'list', of: INT }, schemas, charge), true);
  assert.is(typecheck([1, 's'], { t: 'list', of: INT }, schemas, charge), false);
  assert.is(typecheck(['s', 1], { t: 'list', of: INT }, schemas, charge), false);
  assert.is(typecheck([], { t: 'list', of: INT }, schemas, charge), true);
  assert.is(typecheck(obj([]), { t: 'list', of: INT }, schemas, charge), false);
  assert.equal(charges, [75, 50, 50, 0]);
  assert.is(typecheck([[1], [2]], { t: 'list', of: { t: 'list', of: INT } }, schemas), true);
  assert.is(typecheck([[1], ['x']], { t: 'list', of: { t: 'list', of: INT } }, schemas), false);
});

test('a schema\'d object needs exactly the schema\'s fields with their types; 25 per field', () => {
  const charges: number[] = [];
  const charge = (ticks: number) => { charges.push(25 * ticks); }; // the table model's tick: 25 mG
  const person: PactType = { t: 'object', schema: 'm.person' };
  assert.is(typecheck(obj([['name', 'a'], ['age', 3]]), person, schemas, charge), true);
  assert.is(typecheck(obj([['name', 'a'], ['age', 's']]), person, schemas, charge), false);
  assert.is(typecheck(obj([['name', 'a']]), person, schemas, charge), false);
  assert.is(typecheck(obj([['name', 'a'], ['years', 3]]), person, schemas, charge), false);
  assert.is(typecheck(obj([['name', 'a'], ['age', 3], ['x', 1]]), person, schemas, charge), false);
  assert.is(typecheck([1], person, schemas, charge), false);
  assert.equal(charges, [50, 50, 50]);
  assert.is(typecheck(obj([['anything', 1]]), { t: 'object', schema: 'm.unknown' }, schemas), true);
});

test('a table matches a schema with the same fields and types, charging 25 per field when sizes agree', () => {
  const charges: number[] = [];
  const charge = (ticks: number) => { charges.push(25 * ticks); }; // the table model's tick: 25 mG
  const want: PactType = { t: 'table', schema: 'm.person' };
  assert.is(typecheck(table('person2', schemas), want, schemas, charge), true);
  assert.is(typecheck(table('other', schemas), want, schemas, charge), false);
  assert.is(typecheck(table('small', schemas), want, schemas, charge), false);
  // the table's own schema decides, not its name: one with no fields does not fit (no charge:
  // the sizes differ)
  assert.is(typecheck(table('unknown', schemas), want, schemas, charge), false);
  assert.is(typecheck(obj([]), want, schemas, charge), false);
  assert.equal(charges, [50, 50]);
});

test('object fields are checked in Pact\'s field order and the check stops at the first bad one (later charges never happen)', () => {
  const lists: SchemaLookup = {
    schemaFields: (name) => ({
      // declared b-then-a: Pact still walks a before b
      'm.ba': new Map<string, PactType>([['b', { t: 'list', of: INT }], ['a', STR]]),
      'm.ac': new Map<string, PactType>([['a', { t: 'list', of: INT }], ['c', { t: 'list', of: INT }]]),
    } as Record<string, Map<string, PactType>>)[name],
  };
  const charges: number[] = [];
  const charge = (ticks: number) => { charges.push(25 * ticks); }; // the table model's tick: 25 mG
  assert.is(typecheck(obj([['b', [1, 2, 3]], ['a', 1]]), { t: 'object', schema: 'm.ba' }, lists, charge), false);
  assert.equal(charges, [50], 'a fails first: b\'s list is never walked');
  charges.length = 0;
  assert.is(typecheck(obj([['b', [1, 2, 3]], ['a', 's']]), { t: 'object', schema: 'm.ba' }, lists, charge), true);
  assert.equal(charges, [50, 75]);
  charges.length = 0;
  // {a, b} against {a, c}: a is checked (and charged), the walk stops where b meets c
  assert.is(typecheck(obj([['a', [1, 2]], ['b', [1]]]), { t: 'object', schema: 'm.ac' }, lists, charge), false);
  assert.equal(charges, [50, 50]);
  charges.length = 0;
  // {0, c} against {a, c}: the names differ at once, nothing else is checked
  assert.is(typecheck(obj([['0', [1, 2]], ['c', [1]]]), { t: 'object', schema: 'm.ac' }, lists, charge), false);
  assert.equal(charges, [50]);
});

test('a table\'s schema is compared field by field, nested schemas by their fields whatever their names, 25 per field at each level', () => {
  const nested: SchemaLookup = {
    schemaFields: (name) => ({
      'm.row': new Map<string, PactType>([['o', { t: 'object', schema: 'm.inner' }], ['n', INT]]),
      'm.row2': new Map<string, PactType>([['n', INT], ['o', { t: 'object', schema: 'm.inner2' }]]),
      'm.row3': new Map<string, PactType>([['n', INT], ['o', { t: 'object', schema: 'm.other' }]]),
      'm.rowm': new Map<string, PactType>([['n', INT], ['o', { t: 'modref', interfaces: ['i', 'ns.j'] }]]),
      'm.rowm2': new Map<string, PactType>([['n', INT], ['o', { t: 'modref', interfaces: ['i'] }]]),
      'm.inner': new Map<string, PactType>([['x', STR]]),
      'm.inner2': new Map<string, PactType>([['x', STR]]),
      'm.other': new Map<string, PactType>([['y', STR]]),
    } as Record<string, Map<string, PactType>>)[name],
  };
  const charges: number[] = [];
  const charge = (ticks: number) => { charges.push(25 * ticks); }; // the table model's tick: 25 mG
  assert.is(typecheck(table('row2', nested), { t: 'table', schema: 'm.row' }, nested, charge), true);
  assert.equal(charges, [50, 25]);
  charges.length = 0;
  assert.is(typecheck(table('row3', nested), { t: 'table', schema: 'm.row' }, nested, charge), false);
  assert.equal(charges, [50, 25]);
  assert.is(typecheck(table('rowm', nested), { t: 'table', schema: 'm.rowm' }, nested), true);
  // a module reference type in a schema must name the same interface set, not a subset
  assert.is(typecheck(table('rowm2', nested), { t: 'table', schema: 'm.rowm' }, nested), false);
});

test('a module reference matches when it implements every interface (full names; more are fine)', () => {
  const ref = new ModRef('ns.m', ['ns.i', 'ns.j']);
  assert.is(typecheck(ref, { t: 'modref', interfaces: ['ns.i'] }, schemas), true);
  assert.is(typecheck(ref, { t: 'modref', interfaces: ['ns.i', 'ns.j'] }, schemas), true);
  assert.is(typecheck(ref, { t: 'modref', interfaces: ['ns.i', 'ns.k'] }, schemas), false);
  assert.is(typecheck(ref, { t: 'modref', interfaces: ['s.i'] }, schemas), false);
  // the compiler resolves bare names: a bare one here is the root namespace's interface
  assert.is(typecheck(ref, { t: 'modref', interfaces: ['i'] }, schemas), false);
  assert.is(typecheck(ref, { t: 'modref', interfaces: ['i', 'j'] }, schemas), false);
  assert.is(typecheck(ref, { t: 'modref', interfaces: [] }, schemas), true);
  assert.is(typecheck('ns.m', { t: 'modref', interfaces: [] }, schemas), false);
  const charges: number[] = [];
  const many = new ModRef('m', Array.from({ length: 10 }, (_, i) => `i${i}`));
  assert.is(typecheck(many, { t: 'modref', interfaces: ['i9'] }, schemas, ticks => { charges.push(ticks); }), true);
  assert.is(typecheck(new ModRef('m', Array.from({ length: 9 }, (_, i) => `i${i}`)), { t: 'modref', interfaces: [] }, schemas, ticks => { charges.push(ticks); }), true);
  assert.equal(charges, [10], 'a tick per interface from ten on');
});

test('a value that is not an object fails an object type even when the schema is unknown; checks run without a charge callback', () => {
  for (const v of [1, 's', [1], new TableRef('t', 'm', 'person')] as Value[]) {
    assert.is(typecheck(v, { t: 'object', schema: 'm.unknown' }, schemas), false);
  }
  assert.is(typecheck(obj([['name', 'a'], ['age', 3]]), { t: 'object', schema: 'm.person' }, schemas), true);
  assert.is(typecheck(table('person2', schemas), { t: 'table', schema: 'm.person' }, schemas), true);
  const many = new ModRef('m', Array.from({ length: 12 }, (_, i) => `i${i}`));
  assert.is(typecheck(many, { t: 'modref', interfaces: ['i11'] }, schemas), true);
});

test('an object lacking a schema field fails where the sorted names first differ, even if the missing field would accept anything', () => {
  const walk: SchemaLookup = {
    schemaFields: (name) => ({
      'm.ac': new Map<string, PactType>([['a', { t: 'any' }], ['c', { t: 'list', of: INT }]]),
      'm.abc': new Map<string, PactType>([['a', { t: 'list', of: INT }], ['b', { t: 'list', of: INT }], ['c', INT]]),
    } as Record<string, Map<string, PactType>>)[name],
  };
  const charges: number[] = [];
  const charge = (ticks: number) => { charges.push(25 * ticks); }; // the table model's tick: 25 mG
  // {b, c} against {a: *, c}: b meets a first, so the walk stops there; c's list is never walked
  assert.is(typecheck(obj([['b', 1], ['c', [1, 2]]]), { t: 'object', schema: 'm.ac' }, walk, charge), false);
  assert.equal(charges, [50]);
  charges.length = 0;
  // {a, b, d} against {a, b, c}: a and b are checked (and charged) before d meets c
  assert.is(typecheck(obj([['a', [1, 2]], ['b', [3]], ['d', 1]]), { t: 'object', schema: 'm.abc' }, walk, charge), false);
  assert.equal(charges, [75, 50, 25]);
  charges.length = 0;
  // a bad field before the first differing name fails the check just the same
  assert.is(typecheck(obj([['a', ['x']], ['b', [3]], ['d', 1]]), { t: 'object', schema: 'm.abc' }, walk, charge), false);
  assert.equal(charges, [75, 25]);
});

test('schema field types compare as Pact\'s gassedTypeEq does: same kind, same contents, nested schemas by their fields', () => {
  const types: [string, PactType][] = [
    ['integer', INT], ['string', STR], ['decimal', prim('decimal')],
    ['[integer]', { t: 'list', of: INT }], ['[string]', { t: 'list', of: STR }], ['[[integer]]', { t: 'list', of: { t: 'list', of: INT } }],
    ['object{inner}', { t: 'object', schema: 'm.inner' }], ['object{inner2}', { t: 'object', schema: 'm.inner2' }],
    ['object{other}', { t: 'object', schema: 'm.other' }], ['table{inner}', { t: 'table', schema: 'm.inner' }], ['table{other}', { t: 'table', schema: 'm.other' }],
    ['object{unknown}', { t: 'object', schema: 'm.unknown' }], ['object{unknown2}', { t: 'object', schema: 'm.unknown2' }],
    ['module{i,ns.j}', { t: 'modref', interfaces: ['i', 'ns.j'] }], ['module{in,s.j}', { t: 'modref', interfaces: ['in', 's.j'] }],
    ['module{i}', { t: 'modref', interfaces: ['i'] }],
    ['*', { t: 'any' }], ['list', { t: 'anylist' }], ['object', { t: 'anyobject' }],
  ];
  // pairs of different annotations that are still equal: schemas with the same fields
  const alsoEqual = new Set(['object{inner}=object{inner2}', 'object{inner2}=object{inner}']);
  const fields = new Map<string, Map<string, PactType>>([
    ['m.inner', new Map<string, PactType>([['x', STR]])],
    ['m.inner2', new Map<string, PactType>([['x', STR]])],
    ['m.other', new Map<string, PactType>([['y', STR]])],
  ]);
  types.forEach(([, ty], i) => fields.set(`m.have${i}`, new Map([['f', ty]])));
  types.forEach(([, ty], i) => fields.set(`m.want${i}`, new Map([['f', ty]])));
  const lookup: SchemaLookup = { schemaFields: (name) => fields.get(name) };
  types.forEach(([have], i) => types.forEach(([want], j) => {
    const expected = i === j || alsoEqual.has(`${have}=${want}`);
    assert.is(typecheck(table(`have${i}`, lookup), { t: 'table', schema: `m.want${j}` }, lookup), expected, `${have} vs ${want}`);
  }));
});

test.run();
