// Tests written against surviving mutants of the values mutation run (stryker/verdicts/values.txt
// lists which ones they kill).

import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { moduleNameMatch, nameMatch, qualifiedNameParts } from '../../runtime/values/token-names.js';
import { valueEquals } from '../../runtime/values/equality.js';
import { MAX_VALUE_NESTING } from '../../vm/limits.js';
import {
  CapabilityGuard, CapToken, KeySetGuard, ModRef, PactDecimal, PactObject, UserGuard, type Value,
} from '../../vm/values.js';
import { readDecimal, stableRoundTrip } from '../../runtime/values/stable-encoding.js';
import { stableJson } from '../../runtime/values/json.js';
import { pretty, showText } from '../../runtime/values/render.js';
import { transExp, transLn, transPow, type BinFloat } from '../../runtime/values/mpfr.js';
import { PactError } from '../../vm/errors.js';

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

test('stableJson: a text just past the nesting limit is still written', () => {
  const v = nest('a', MAX_VALUE_NESTING + 1);
  assert.is(stableJson(v), '['.repeat(MAX_VALUE_NESTING + 1) + '"a"' + ']'.repeat(MAX_VALUE_NESTING + 1));
});

const obj = (...entries: [string, Value][]) => new PactObject(new Map(entries));
const dec150 = () => new PactDecimal(150n, 2);
const isDec15 = (v: Value) => v instanceof PactDecimal && v.mantissa === 15n && v.places === 1;

test('round trip: guard and token arguments are normalised like any value (1.50 reads back as 1.5)', () => {
  const u = stableRoundTrip(new UserGuard('m.f', [dec150()]));
  assert.ok(u instanceof UserGuard && isDec15(u.args[0]));
  const c = stableRoundTrip(new CapabilityGuard('m.C', [dec150()], null));
  assert.ok(c instanceof CapabilityGuard && isDec15(c.args[0]));
  const t = stableRoundTrip(new CapToken('m.C', [dec150()]));
  assert.ok(t instanceof CapToken && isDec15(t.args[0]));
});

test('round trip: a module reference\'s interfaces come back as a sorted set (a module lists them as declared)', () => {
  const r = stableRoundTrip(new ModRef('ns.m', ['b', 'z.a', 'a']));
  assert.ok(r instanceof ModRef);
  assert.equal(r.interfaces, ['a', 'z.a', 'b']);
});

test('decoding: shapes that only look like a decimal or a capability guard stay objects', () => {
  for (const v of [
    obj(['decimal', ['1.5']]),
    obj(['cgName', 'notqualified'], ['cgArgs', []]),
    obj(['cgName', ['m.f']], ['cgArgs', []]),
    obj(['cgName', 1], ['cgArgs', []]),
    obj(['refName', obj(['name', 'coin'])], ['refSpec', [obj(['name', 'a']), 1]]),
  ]) {
    const r = stableRoundTrip(v);
    assert.ok(r instanceof PactObject, showText(v));
    assert.is(showText(r), showText(v));
  }
});

test('readDecimal refuses an exponent beyond a million places', () => {
  assert.is(readDecimal('1e1000001'), null);
  assert.is(readDecimal('1e-1000001'), null);
  const big = readDecimal('1e1000000'); // a million places is still read
  assert.ok(big !== null && big.places === 0 && big.mantissa === 10n ** 1_000_000n);
});

test('render: the nesting limit counts levels inside guard and token arguments', () => {
  assert.throws(() => showText(new UserGuard('m.f', [nest(1, MAX_VALUE_NESTING + 1)])), (e: unknown) => e instanceof PactError);
  assert.throws(() => showText(new CapToken('m.C', [nest(1, MAX_VALUE_NESTING + 1)])), (e: unknown) => e instanceof PactError);
  assert.is(showText(new UserGuard('m.f', [nest(1, MAX_VALUE_NESTING)])),
    `UserGuard {fun: m.f,args: [${'['.repeat(MAX_VALUE_NESTING)}1${']'.repeat(MAX_VALUE_NESTING)}]}`);
});

test('pretty: the nesting limit counts objects above a guard', () => {
  let v: Value = new KeySetGuard(['k'], 'keys-all');
  for (let i = 0; i < MAX_VALUE_NESTING + 2; i++) v = obj(['a', v]);
  assert.throws(() => pretty(v), (e: unknown) => e instanceof PactError);
});

test('pretty: the nesting limit counts lists above a token together with those below it', () => {
  let v: Value = nest(new KeySetGuard(['k'], 'keys-all'), 500);
  for (let i = 0; i < 200; i++) v = new CapToken('m.C', [v]);
  v = nest(v, 500);
  assert.throws(() => pretty(v), (e: unknown) => e instanceof PactError);
});

test('pretty: a guard in a list with other values still breaks at 80 columns', () => {
  const g = new KeySetGuard(['a'.repeat(40), 'b'.repeat(40)], 'keys-all');
  assert.is(pretty([1, g]), `[1 KeySet {keys: [ ${'a'.repeat(40)}\n, ${'b'.repeat(40)} ]\n,pred: keys-all}]`);
});

test('pretty: a guard fits flat when the line ends at the next guard\'s first break, measured as laid out', () => {
  const g2 = new KeySetGuard(['b', 'c'.repeat(60)], 'keys-all');
  const rest = ` KeySet {keys: [ b\n, ${'c'.repeat(60)} ]\n,pred: keys-all}]`;
  // the first guard is judged with the second one's text up to its first line break only
  assert.is(pretty([new KeySetGuard(['a'.repeat(20)], 'keys-all'), g2]), `[KeySet {keys: [${'a'.repeat(20)}],pred: keys-all}${rest}`);
  // at the edge of 80 columns the second one's broken bracket `[ ` counts two columns
  assert.is(pretty([new KeySetGuard(['a'.repeat(29)], 'keys-all'), g2]), `[KeySet {keys: [${'a'.repeat(29)}],pred: keys-all}${rest}`);
  assert.is(pretty([new KeySetGuard(['a'.repeat(30)], 'keys-all'), g2]), `[KeySet {keys: [${'a'.repeat(30)}]\n,pred: keys-all}${rest}`);
});

const ONE: BinFloat = { neg: false, m: 1n << 52n, e: -52 };
const tiny = (k: number): BinFloat => ({ neg: false, m: 1n << 52n, e: -52 - k });
const THREE: BinFloat = { neg: false, m: 3n << 51n, e: -51 };
const valueOf = (r: unknown) => typeof r === 'string' ? r : Number((r as BinFloat).m) * 2 ** (r as BinFloat).e;

function floatOf(x: number): BinFloat {
  const view = new DataView(new ArrayBuffer(8));
  view.setFloat64(0, x);
  const bits = view.getBigUint64(0);
  return { neg: bits >> 63n === 1n, m: (1n << 52n) | (bits & ((1n << 52n) - 1n)), e: Number((bits >> 52n) & 0x7ffn) - 1075 };
}

test('ln next to 1 needs both ends of the interval to round alike', () => {
  // ln(1 + 2^-52) = 2^-52 - 2^-105 + …: the lower end of the first interval rounds lower
  assert.equal(transLn(floatOf(1 + 2 ** -52)), { neg: false, m: 9007199254740991n, e: -105 });
  assert.equal(transLn(floatOf(1 - 2 ** -53)), { neg: true, m: 4503599627370496n, e: -105 });
  assert.equal(transPow(floatOf(1 + 2 ** -52), floatOf(1.5)), { neg: false, m: 4503599627370498n, e: -52 });
});

test('x^0.5 next to 1 is IEEE sqrt: not every straddle is an exact tie', () => {
  for (const x of [1 - 2 ** -53, 1 + 3 * 2 ** -52, 1 - 3 * 2 ** -53]) {
    assert.is(valueOf(transPow(floatOf(x), floatOf(0.5))), Math.sqrt(x), `${x}`);
  }
});

test('exp and pow of tiny arguments round to 1', () => {
  assert.is(valueOf(transExp(tiny(400))), 1);
  assert.is(valueOf(transPow(THREE, tiny(200))), 1);
  assert.is(valueOf(transPow(THREE, ONE)), 3);
});

test.run();
