// Every kind of value through both renderings of runtime/values/render.ts: the REPL printer
// (Pact's `Pretty PactValue`: lists spaced, integral decimals as `x.0`, guard records laid out at
// width 80) and `show`/`format` text (`pactValueToText`: lists with `, `, decimals at their scale).

import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { abbreviated, capTokenText, pretty, showText } from '../../runtime/values/render.js';
import {
  CapabilityGuard, CapToken, KeySetGuard, KeySetRefGuard, ModRef, ModuleGuard, NativeFn, PactDecimal,
  PactGuard, PactObject, PactTime, TableRef, UNIT, UserGuard, type Value,
} from '../../vm/values.js';
import { PactError } from '../../vm/errors.js';
import { MAX_VALUE_NESTING } from '../../vm/limits.js';

const dec = (mantissa: bigint, places: number) => new PactDecimal(mantissa, places);

// [what, value, REPL printer, show text]
const table: [string, Value, string, string][] = [
  ['a small integer', 42, '42', '42'],
  ['a negative big integer', -(2n ** 70n), '-1180591620717411303424', '-1180591620717411303424'],
  ['a string (quoted, not escaped)', 'a"b', '"a"b"', '"a"b"'],
  ['the empty string', '', '""', '""'],
  ['true', true, 'true', 'true'],
  ['false', false, 'false', 'false'],
  ['a decimal at its scale', dec(150n, 2), '1.50', '1.50'],
  ['an integral decimal with places', dec(100n, 2), '1.0', '1.00'],
  ['an integral decimal without places', dec(7n, 0), '7.0', '7.0'],
  ['unit', UNIT, '()', '()'],
  ['a time', new PactTime(0n), '"1970-01-01T00:00:00Z"', '"1970-01-01T00:00:00Z"'],
  ['an empty list', [], '[]', '[]'],
  ['a list', [1, 'a', true], '[1 "a" true]', '[1, "a", true]'],
  ['a nested list', [[1, 2], []], '[[1 2] []]', '[[1, 2], []]'],
  ['decimals in a list', [dec(100n, 2), dec(25n, 1)], '[1.0 2.5]', '[1.00, 2.5]'],
  ['an empty object', PactObject.of([]), '{}', '{}'],
  ['an object, keys in code-point order', PactObject.of([['b', 1], ['a', [1, 2]], ['B', 'x']]),
    '{"B": "x","a": [1 2],"b": 1}', '{"B": "x","a": [1, 2],"b": 1}'],
  ['an object inside a list', [PactObject.of([['k', dec(30n, 1)]])], '[{"k": 3.0}]', '[{"k": 3.0}]'],
  ['a module reference', new ModRef('ns.m', ['ns.i']), 'ns.m', 'ns.m'],
  ['a table', new TableRef('ns.m.accounts', 'ns.m', 'ns.m.s'), 'ns.m.accounts', 'ns.m.accounts'],
  ['a capability token without arguments', new CapToken('m.C', []), 'CapToken(m.C)', 'CapToken(m.C)'],
  ['a capability token with arguments', new CapToken('m.C', ['a', [1, 2], dec(100n, 2)]),
    'CapToken(m.C "a" [1 2] 1.0)', 'CapToken(m.C "a" [1, 2] 1.00)'],
  ['a keyset', new KeySetGuard(['a', 'b'], 'keys-any'), 'KeySet {keys: [a, b],pred: keys-any}', 'KeySet {keys: [a, b],pred: keys-any}'],
  ['a keyset without keys', new KeySetGuard([], 'ns.m.p'), 'KeySet {keys: [],pred: ns.m.p}', 'KeySet {keys: [],pred: ns.m.p}'],
  ['a keyset reference', new KeySetRefGuard('ns.ks'), "'ns.ks", "'ns.ks"],
  ['a user guard', new UserGuard('m.f', [[1, 2], 'x']),
    'UserGuard {fun: m.f,args: [[1 2], "x"]}', 'UserGuard {fun: m.f,args: [[1, 2], "x"]}'],
  ['a user guard without arguments', new UserGuard('m.f', []), 'UserGuard {fun: m.f,args: []}', 'UserGuard {fun: m.f,args: []}'],
  ['a capability guard of a pact', new CapabilityGuard('m.C', [dec(100n, 2)], 'pid'),
    'CapabilityGuard {name: m.C,args: [1.0],pactId: pid}', 'CapabilityGuard {name: m.C,args: [1.00],pactId: pid}'],
  ['a capability guard outside a pact', new CapabilityGuard('m.C', [], null),
    'CapabilityGuard {name: m.C,args: [],pactId: }', 'CapabilityGuard {name: m.C,args: [],pactId: }'],
  ['a module guard', new ModuleGuard('ns.m', 'g'), 'ModuleGuard {module: ns.m,name: g}', 'ModuleGuard {module: ns.m,name: g}'],
  ['a pact guard', new PactGuard('pid', 'g'), 'PactGuard {pactId: pid,name: g}', 'PactGuard {pactId: pid,name: g}'],
  ['guards inside a list', [new ModuleGuard('m', 'a'), new PactGuard('p', 'b')],
    '[ModuleGuard {module: m,name: a} PactGuard {pactId: p,name: b}]', '[ModuleGuard {module: m,name: a}, PactGuard {pactId: p,name: b}]'],
  ['a guard inside an object', PactObject.of([['g', new KeySetRefGuard('k')], ['a', [1, 2]]]),
    `{"a": [1 2],"g": 'k}`, `{"a": [1, 2],"g": 'k}`],
  ['a guard inside an object inside a list', [1, PactObject.of([['g', new ModuleGuard('m', 'n')]])],
    '[1 {"g": ModuleGuard {module: m,name: n}}]', '[1, {"g": ModuleGuard {module: m,name: n}}]'],
  ['a guard among a capability token\'s arguments', new CapToken('m.C', [new UserGuard('m.f', [[1, 2], dec(100n, 2)])]),
    'CapToken(m.C UserGuard {fun: m.f,args: [[1 2], 1.0]})', 'CapToken(m.C UserGuard {fun: m.f,args: [[1, 2], 1.00]})'],
  ['a function value', new NativeFn(0), '<#closure>', '<#closure>'],
];

for (const [what, value, replText, show] of table) {
  test(`${what} prints as ${replText} and shows as ${show}`, () => {
    assert.is(pretty(value), replText);
    assert.is(showText(value), show);
  });
}

const K = 'k'.repeat(64);

test('a guard record that does not fit in 80 columns breaks between its fields, also inside a list', () => {
  const ug = new UserGuard('m.f', ['x'.repeat(60)]);
  assert.is(pretty(ug), `UserGuard {fun: m.f\n,args: ["${'x'.repeat(60)}"]}`);
  assert.is(showText(ug), `UserGuard {fun: m.f,args: ["${'x'.repeat(60)}"]}`);
  // an argument list that does not fit either breaks too: prettyprinter's `list` then opens with `[ `
  assert.is(pretty(new UserGuard('m.f', ['x'.repeat(70)])), `UserGuard {fun: m.f\n,args: [ "${'x'.repeat(70)}" ]}`);
  // (one column further right, the key list no longer fits either)
  assert.is(pretty([new KeySetGuard([K], 'keys-all')]), `[KeySet {keys: [ ${K} ]\n,pred: keys-all}]`);
  assert.is(pretty(PactObject.of([['g', new PactGuard('p'.repeat(70), 'n')]])), `{"g": PactGuard {pactId: ${'p'.repeat(70)}\n,name: n}}`);
  assert.is(pretty(new ModuleGuard('m'.repeat(70), 'n')), `ModuleGuard {module: ${'m'.repeat(70)}\n,name: n}`);
  assert.is(pretty(new CapabilityGuard('m.C', ['y'.repeat(60)], 'pid')),
    `CapabilityGuard {name: m.C\n,args: ["${'y'.repeat(60)}"]\n,pactId: pid}`);
});

test('a guard record that fits in 80 columns stays on one line', () => {
  const line = `KeySet {keys: [${'a'.repeat(48)}],pred: keys-all}`;
  assert.is(line.length, 80);
  assert.is(pretty(new KeySetGuard(['a'.repeat(48)], 'keys-all')), line);
  assert.is(pretty(new KeySetGuard(['a'.repeat(49)], 'keys-all')), `KeySet {keys: [${'a'.repeat(49)}]\n,pred: keys-all}`);
});

test('the inside of a capability token, as errors print it', () => {
  assert.is(capTokenText(new CapToken('m.C', [1, 'a', [1, 2]])), 'm.C 1 "a" [1 2]');
  assert.is(capTokenText(new CapToken('m.C', [dec(100n, 2)]), false), 'm.C 1.00');
  assert.is(capTokenText(new CapToken('m.C', [])), 'm.C');
});

/** `depth` lists nested inside each other around `inner`. */
function nested(depth: number, inner: Value): Value {
  let v: Value = inner;
  for (let i = 0; i < depth; i++) v = [v];
  return v;
}

test('values nested deeper than the limit are refused in both renderings, with or without a guard', () => {
  const deepMessage = `Nesting too deep: value nested more than ${MAX_VALUE_NESTING} levels`;
  // (lists at depths 0..limit are accepted around a literal; `show` counts a guard as one more level)
  for (const [inner, lists, refused] of [[1, MAX_VALUE_NESTING + 1, MAX_VALUE_NESTING + 2],
    [new ModuleGuard('m', 'g'), MAX_VALUE_NESTING, MAX_VALUE_NESTING + 2]] as [Value, number, number][]) {
    const ok = nested(lists, inner);
    assert.ok(pretty(ok).startsWith('['.repeat(lists)));
    assert.ok(showText(ok).endsWith(']'.repeat(lists)));
    for (const render of [pretty, showText]) {
      try {
        render(nested(refused, inner));
        assert.unreachable(`${render.name} accepted a value nested too deep`);
      } catch (e) {
        assert.instance(e, PactError);
        assert.is((e as PactError).message, deepMessage);
      }
    }
  }
});

test('objects and capability tokens nested too deep are refused too', () => {
  let o: Value = 1;
  for (let i = 0; i < MAX_VALUE_NESTING + 2; i++) o = PactObject.of([['a', o]]);
  assert.throws(() => pretty(o), (e: unknown) => e instanceof PactError);
  assert.throws(() => showText(o), (e: unknown) => e instanceof PactError);
  let t: Value = new ModuleGuard('m', 'g');
  for (let i = 0; i < MAX_VALUE_NESTING + 2; i++) t = new CapToken('m.C', [t]);
  assert.throws(() => pretty(t), (e: unknown) => e instanceof PactError);
});

// [what, value, as a stack frame prints it (Pact's AbbrevPretty)]
const abbreviations: [string, Value, string][] = [
  ['a string of 14 characters, whole', 'exactly14chars', '"exactly14chars"'],
  ['a string of 15, cut to 12', 'fifteen-chars!!', '"fifteen-char..."'],
  ['characters, not UTF-16 units, are counted', '😀'.repeat(14), `"${'😀'.repeat(14)}"`],
  ['an integer of 12 digits, whole', 123456789012, '123456789012'],
  ['an integer of 13, cut', 1234567890123, '123456789012...'],
  ['a negative one counts its sign', -123456789012n, '-12345678901...'],
  ['an integral decimal, never cut', dec(1234567890123450n, 1), '123456789012345.0'],
  ['a non-integral decimal, cut', dec(12345678901234567n, 3), '123456789012...'],
  ['a short list, spaced', [1, 'a', true], '[1 "a" true]'],
  ['a list: its abbreviated items, cut', [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11], '[1 2 3 4 5 6 ...]'],
  ['an object: its pairs in full, cut', PactObject.of([['beta', [1, 2]], ['alpha', 1]]), '{"alpha": 1,"...}'],
  ['a short object, whole', PactObject.of([['a', 1]]), '{"a": 1}'],
  ['an object\'s values as pretty prints them', PactObject.of([['a', [1, 2]]]), '{"a": [1 2]}'],
  ['a time, in words', new PactTime(1469186795000000n), '2016-07-22 11:26:35 UTC'],
  ['a table: its storage name cut to 17', new TableRef('m_tbl-with-long-name', 'm', 's'), 'm_tbl-with-long-n...'],
  ['a capability token: its defcap applied', new CapToken('m.C', ['a very long argument', 2], 'HASH'), '(m.C.{HASH} "a very long ..." 2)'],
  ['a user guard, its arguments abbreviated', new UserGuard('m.f', ['a very long argument']), 'UserGuard {fun: m.f,args: ["a very long ..."]}'],
  ['unit and booleans as they are', UNIT, '()'],
  ['false', false, 'false'],
  ['a keyset, as pretty prints it', new KeySetGuard(['k1', 'k2'], 'keys-all'), 'KeySet {keys: [k1, k2],pred: keys-all}'],
  ['a guard inside a list: the list is cut', [new UserGuard('m.f', [1])], '[UserGuard {f...]'],
  ['a guard inside a capability token, on one line, its arguments abbreviated',
    new CapToken('m.C', [new UserGuard('m.f', ['a very long argument'])], 'H'), '(m.C.{H} UserGuard {fun: m.f,args: ["a very long ..."]})'],
  ['a capability token of no arguments', new CapToken('m.C', [], 'H'), '(m.C.{H})'],
  ['a token made while its module\'s constants are evaluated', new CapToken('m.C', [1], null), '(m.C.{I3BsYWNlaG9sZGVy} 1)'],
  ['a module reference as itself', new ModRef('ns.m', []), 'ns.m'],
];

test('stack frame arguments are abbreviated as Pact\'s AbbrevPretty does', () => {
  for (const [what, v, want] of abbreviations) assert.is(abbreviated(v), want, what);
  // the cut falls on the 12th character of the items' text, a space included
  // a list nested thousands deep prints its first brackets without exhausting the JS stack
  let deep: Value = 1;
  for (let i = 0; i < 20_000; i++) deep = [deep];
  assert.is(abbreviated(deep), '[[[[[[[[[[[[[...]');
  let twelve: Value = 1;
  for (let i = 0; i < 12; i++) twelve = [twelve];
  assert.is(abbreviated(twelve), '[[[[[[[[[[[[1...]');
  assert.is(abbreviated([[[[[1]]]]]), '[[[[[1]]]]]');
  // a guard with many long arguments breaks across lines as pretty's guards do (width 80)
  const wide = abbreviated(new UserGuard('m.f', Array.from({ length: 8 }, (_, i) => `argument number ${i}`)));
  assert.is(wide, 'UserGuard {fun: m.f\n,args: [ "argument num..."\n, "argument num..."\n, "argument num..."\n, "argument num..."\n, ' +
    '"argument num..."\n, "argument num..."\n, "argument num..."\n, "argument num..." ]}');
  assert.is(abbreviated(Array.from({ length: 11 }, () => 0)), '[0 0 0 0 0 0 ...]');
  assert.is(abbreviated([0, 0, 0, 0, 0]), '[0 0 0 0 0]');
  assert.is(abbreviated(Array.from({ length: 6 }, () => 0)), '[0 0 0 0 0 0]');
  assert.is(abbreviated(Array.from({ length: 7 }, () => 0)), '[0 0 0 0 0 0 ...]');
});

test.run();
