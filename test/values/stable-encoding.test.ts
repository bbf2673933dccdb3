// env-data's round trip through Pact's stable JSON encoding (StableEncoding.roundtripStable): what
// each kind of value comes back as, and which object shapes Pact's decoder turns into other values.

import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { readDecimal, readInteger, stableRoundTrip } from '../../runtime/values/stable-encoding.js';
import {
  CapabilityGuard, CapToken, KeySetGuard, KeySetRefGuard, ModRef, ModuleGuard, NativeFn, PactDecimal, PactGuard,
  PactObject, PactTime, TableRef, UNIT, UserGuard, type Value,
} from '../../vm/values.js';
import { valueEquals } from '../../runtime/values/equality.js';
import { showText } from '../../runtime/values/render.js';
import { PactError } from '../../vm/errors.js';
import { evalLast, runRepl } from '../helpers.js';

const obj = (...entries: [string, Value][]) => new PactObject(new Map(entries));
const dec = (mantissa: bigint, places: number) => new PactDecimal(mantissa, places);
const HASH = 'klFkrLfpyLW-M3xjVPSdqXEMgxPPJibRt_D6qiBws6s';

function same(got: Value, expected: Value, what: string): void {
  assert.ok(valueEquals(got, expected), `${what}: ${showText(got)} is not ${showText(expected)}`);
  assert.is(Object.getPrototypeOf(got), Object.getPrototypeOf(expected), `${what}: kind`);
  if (expected instanceof PactDecimal) assert.is((got as PactDecimal).places, expected.places, `${what}: places`);
}

const kept: [string, Value, Value][] = [
  ['a small integer stays an integer', 5, 5],
  ['an integer past 2^53 stays a bigint', 2n ** 70n, 2n ** 70n],
  ['a negative safe integer', -9007199254740991, -9007199254740991],
  ['the largest safe integer stays a number', 9007199254740991, 9007199254740991],
  ['an integer below -2^53 stays a bigint', -(2n ** 70n), -(2n ** 70n)],
  ['a decimal below the safe mantissa keeps its places', dec(-123456789012345678900n, 3), dec(-123456789012345678900n, 3)],
  ['a string', 'a"b', 'a"b'],
  ['a boolean', false, false],
  ['unit', UNIT, UNIT],
  ['an integral decimal stays a decimal', dec(20n, 1), dec(2n, 0)],
  ['a decimal loses its trailing zero places', dec(250n, 2), dec(25n, 1)],
  ['a decimal zero with places', dec(0n, 3), dec(0n, 0)],
  ['a negative decimal', dec(-1500n, 3), dec(-15n, 1)],
  ['a decimal past the safe mantissa keeps its places', dec(123456789012345678900n, 3), dec(123456789012345678900n, 3)],
  ['a decimal past the safe mantissa with no places', dec(2n ** 60n, 0), dec(2n ** 60n, 0)],
  ['a negative decimal past the safe mantissa', dec(-(2n ** 60n) * 1000n - 1n, 3), dec(-(2n ** 60n) * 1000n - 1n, 3)],
  ['a decimal past the safe mantissa, all digits after the point', dec(2n ** 60n + 1n, 30), dec(2n ** 60n + 1n, 30)],
  ['a time to the second', new PactTime(1_000_000n), new PactTime(1_000_000n)],
  ['a time in whole milliseconds loses them (Pact keeps this for replay)', new PactTime(1_500_000n), new PactTime(1_000_000n)],
  ['a time with microseconds keeps them', new PactTime(1_000_001n), new PactTime(1_000_001n)],
  ['a keyset', new KeySetGuard(['k1', 'k2'], 'keys-any'), new KeySetGuard(['k1', 'k2'], 'keys-any')],
  ['a keyset reference', new KeySetRefGuard('ns.ks'), new KeySetRefGuard('ns.ks')],
  ['a user guard', new UserGuard('m.f', [dec(10n, 1)]), new UserGuard('m.f', [dec(1n, 0)])],
  ['a capability guard', new CapabilityGuard('m.C', [1], null), new CapabilityGuard('m.C', [1], null)],
  ['a capability guard of a defpact', new CapabilityGuard('ns.m.C', [], 'p1'), new CapabilityGuard('ns.m.C', [], 'p1')],
  ['a module guard', new ModuleGuard('ns.m', 'g'), new ModuleGuard('ns.m', 'g')],
  ['a defpact guard', new PactGuard('p1', 'n'), new PactGuard('p1', 'n')],
  ['a module reference with its interfaces', new ModRef('ns.coin', ['fungible-v2', 'a.xchain']), new ModRef('ns.coin', ['fungible-v2', 'a.xchain'])],
  ['a capability token', new CapToken('m.C', [dec(20n, 1)], HASH), new CapToken('m.C', [dec(2n, 0)], HASH)],
  ['a capability token without a module hash', new CapToken('m.C', []), new CapToken('m.C', [])],
  ['a list, element by element', [dec(30n, 1), [UNIT]], [dec(3n, 0), [UNIT]]],
  ['an object, field by field', obj(['b', dec(10n, 1)], ['a', 'x']), obj(['a', 'x'], ['b', dec(1n, 0)])],
];

for (const [what, value, expected] of kept) {
  test(`round trip: ${what}`, () => same(stableRoundTrip(value), expected, what));
}

test('round trip: a table reference is itself', () => {
  const t = new TableRef('accounts', 'm', 'account', HASH);
  assert.is(stableRoundTrip(t), t);
  assert.is((stableRoundTrip([t]) as Value[])[0], t);
});

const reshaped: [string, Value, Value][] = [
  ['{"int": text} is an integer', obj(['int', '12']), 12],
  ['{"int": text} reads as Haskell reads an Integer (spaces, parentheses, hex)', obj(['int', ' ( -0x10 ) ']), -16],
  ['{"int": octal text}', obj(['int', '0o17']), 15],
  ['{"int": big text}', obj(['int', '123456789012345678901234567890']), 123456789012345678901234567890n],
  ['{"int": decimal} rounds half to even', obj(['int', dec(25n, 1)]), 2],
  ['{"int": decimal} rounds half to even, upwards', obj(['int', dec(35n, 1)]), 4],
  ['{"int": "1.5"} stays an object', obj(['int', '1.5']), obj(['int', '1.5'])],
  ['{"int": "+5"} stays an object', obj(['int', '+5']), obj(['int', '+5'])],
  ['{"int": true} stays an object', obj(['int', true]), obj(['int', true])],
  ['{"decimal": text} keeps the places written', obj(['decimal', '1.50']), dec(150n, 2)],
  ['{"decimal": text} with an exponent', obj(['decimal', '1.5e-2']), dec(15n, 3)],
  ['{"decimal": text} with a positive exponent', obj(['decimal', '-2E3']), dec(-2000n, 0)],
  ['{"decimal": text} with a leading space stays an object', obj(['decimal', ' 1']), obj(['decimal', ' 1'])],
  ['{"decimal": number} stays an object', obj(['decimal', dec(15n, 1)]), obj(['decimal', dec(15n, 1)])],
  ['{"keys": [...]} is a keys-all keyset, keys sorted and unique', obj(['keys', ['b', 'a', 'b']]), new KeySetGuard(['a', 'b'], 'keys-all')],
  ['{"keys", "pred"} with a custom predicate', obj(['keys', ['a']], ['pred', 'ns.m.p']), new KeySetGuard(['a'], 'ns.m.p')],
  ['{"keys", "pred": unit} is keys-all', obj(['keys', ['a']], ['pred', UNIT]), new KeySetGuard(['a'], 'keys-all')],
  ['extra fields do not stop a keyset', obj(['keys', ['a']], ['note', 'x']), new KeySetGuard(['a'], 'keys-all')],
  ['{"keys", "pred": not a name} stays an object', obj(['keys', ['a']], ['pred', 'two words']), obj(['keys', ['a']], ['pred', 'two words'])],
  ['{"keys": [integer]} stays an object', obj(['keys', [1]]), obj(['keys', [1]])],
  ['{"keysetref": text}', obj(['keysetref', 'ks']), new KeySetRefGuard('ks')],
  ['{"keysetref": {"ns", "ksn"}}', obj(['keysetref', obj(['ns', 'n'], ['ksn', 'k'])]), new KeySetRefGuard('n.k')],
  ['{"fun", "args"} is a user guard', obj(['fun', 'm.f'], ['args', [1]]), new UserGuard('m.f', [1])],
  ['{"fun": a bare name} stays an object', obj(['fun', 'f'], ['args', []]), obj(['fun', 'f'], ['args', []])],
  ['{"cgName", "cgArgs"} is a capability guard', obj(['cgName', 'm.C'], ['cgArgs', []]), new CapabilityGuard('m.C', [], null)],
  ['{"cgPactId": integer} stays an object', obj(['cgName', 'm.C'], ['cgArgs', []], ['cgPactId', 1]), obj(['cgName', 'm.C'], ['cgArgs', []], ['cgPactId', 1])],
  ['{"moduleName", "name"} is a module guard', obj(['moduleName', obj(['name', 'm'], ['namespace', UNIT])], ['name', 'g']), new ModuleGuard('m', 'g')],
  ['{"pactId", "name"} is a defpact guard', obj(['pactId', 'p'], ['name', 'n']), new PactGuard('p', 'n')],
  ['{"refName"} is a module reference', obj(['refName', obj(['name', 'coin'])]), new ModRef('coin', [])],
  ['{"refName", "refSpec"}: interfaces ordered by name, then namespace', obj(['refName', obj(['name', 'coin'])],
    ['refSpec', [obj(['name', 'b']), obj(['name', 'a'], ['namespace', 'z']), obj(['name', 'a'])]]), new ModRef('coin', ['a', 'z.a', 'b'])],
  ['{"refName": not a module name} stays an object', obj(['refName', obj(['name', 'a.b.c'])]), obj(['refName', obj(['name', 'a.b.c'])])],
  ['{"time": ISO text} is a time', obj(['time', '1970-01-01T00:00:01Z']), new PactTime(1_000_000n)],
  ['{"timep": text with microseconds} is a time', obj(['timep', '1970-01-01T00:00:01.000002Z']), new PactTime(1_000_002n)],
  ['{"time": not a time} stays an object', obj(['time', 'noon']), obj(['time', 'noon'])],
  ['{"#ctName", "#ctArgs"} is a capability token', obj(['#ctName', `ns.m.C.{${HASH}}`], ['#ctArgs', [1]]), new CapToken('ns.m.C', [1], HASH)],
  ['{"#ctName": without a hash} stays an object', obj(['#ctName', 'm.C'], ['#ctArgs', []]), obj(['#ctName', 'm.C'], ['#ctArgs', []])],
  ['{"#ctName": a hash that is not base64url} stays an object', obj(['#ctName', 'm.C.{a}'], ['#ctArgs', []]), obj(['#ctName', 'm.C.{a}'], ['#ctArgs', []])],
  ['{"#ctName": [text]} stays an object', obj(['#ctName', [`m.C.{${HASH}}`]], ['#ctArgs', []]), obj(['#ctName', [`m.C.{${HASH}}`]], ['#ctArgs', []])],
  ['{"#ctName"} without "#ctArgs" stays an object', obj(['#ctName', `m.C.{${HASH}}`]), obj(['#ctName', `m.C.{${HASH}}`])],
  ['{"keys": [text, integer]} stays an object', obj(['keys', ['a', 1]]), obj(['keys', ['a', 1]])],
  ['{"keys", "pred": integer} stays an object', obj(['keys', ['a']], ['pred', 1]), obj(['keys', ['a']], ['pred', 1])],
  ['{"keysetref": {"ksn"}} has no namespace', obj(['keysetref', obj(['ksn', 'k'])]), new KeySetRefGuard('k')],
  ['{"keysetref": {"ksn", "ns": null}} has no namespace', obj(['keysetref', obj(['ksn', 'k'], ['ns', UNIT])]), new KeySetRefGuard('k')],
  ['{"keysetref": {"ksn": integer}} stays an object', obj(['keysetref', obj(['ksn', 1])]), obj(['keysetref', obj(['ksn', 1])])],
  ['{"keysetref": {"ksn", "ns": integer}} stays an object', obj(['keysetref', obj(['ksn', 'k'], ['ns', 1])]), obj(['keysetref', obj(['ksn', 'k'], ['ns', 1])])],
  ['{"moduleName", "name": integer} stays an object', obj(['moduleName', obj(['name', 'm'])], ['name', 1]), obj(['moduleName', obj(['name', 'm'])], ['name', 1])],
  ['{"pactId", "name": integer} stays an object', obj(['pactId', 'p'], ['name', 1]), obj(['pactId', 'p'], ['name', 1])],
  ['{"refName": {"name": integer}} stays an object', obj(['refName', obj(['name', 1])]), obj(['refName', obj(['name', 1])])],
  ['{"refName": {"name", "namespace"}} is a namespaced module reference', obj(['refName', obj(['name', 'm'], ['namespace', 'ns'])]), new ModRef('ns.m', [])],
  ['{"refName": {"name", "namespace": integer}} stays an object', obj(['refName', obj(['name', 'm'], ['namespace', 1])]), obj(['refName', obj(['name', 'm'], ['namespace', 1])])],
  ['{"refName", "refSpec": text} stays an object', obj(['refName', obj(['name', 'm'])], ['refSpec', 'i']), obj(['refName', obj(['name', 'm'])], ['refSpec', 'i'])],
  ['{"refName", "refSpec": [not a module name]} stays an object', obj(['refName', obj(['name', 'm'])], ['refSpec', [obj(['name', 1])]]), obj(['refName', obj(['name', 'm'])], ['refSpec', [obj(['name', 1])]])],
  ['{"decimal": text} with a two-digit exponent', obj(['decimal', '1.5e-12']), dec(15n, 13)],
];

for (const [what, value, expected] of reshaped) {
  test(`decoding: ${what}`, () => same(stableRoundTrip(value), expected, what));
}

test('Haskell reads of integers and decimals refuse what Read refuses', () => {
  for (const s of ['', '-', '1 2', '(5', '5)', '-(5)', '0x', '1e3', '0b1', '15)', '(51', '1(5)']) assert.is(readInteger(s), null, s);
  assert.is(readInteger('- 5'), -5n);
  assert.is(readInteger('((5))'), 5n);
  assert.is(readInteger('0O17'), 15n);
  assert.is(readInteger('0X1f'), 31n);
  // at most 255 places
  same(readDecimal(`0.${'1'.repeat(255)}`)!, dec(BigInt('1'.repeat(255)), 255), '255 places');
  assert.is(readDecimal(`0.${'1'.repeat(256)}`), null, '256 places');
  for (const s of ['', '.5', '5.', '1e', ' 1', '1.0e-300']) assert.is(readDecimal(s), null, s);
  same(readDecimal('+7 ')!, dec(7n, 0), '+7');
});

test('a module reference read back keeps its interfaces: none when refSpec is missing or null, a sorted set otherwise', () => {
  const interfaces = (v: Value) => (v as ModRef).interfaces;
  assert.equal(interfaces(stableRoundTrip(obj(['refName', obj(['name', 'coin'])]))), []);
  assert.equal(interfaces(stableRoundTrip(obj(['refName', obj(['name', 'coin'])], ['refSpec', UNIT]))), []);
  assert.equal(interfaces(stableRoundTrip(obj(['refName', obj(['name', 'coin'])],
    ['refSpec', [obj(['name', 'b']), obj(['name', 'a'], ['namespace', 'z']), obj(['name', 'a']), obj(['name', 'b'])]]))), ['a', 'z.a', 'b']);
  assert.equal(interfaces(stableRoundTrip(new ModRef('ns.coin', ['a', 'z.a', 'b']))), ['a', 'z.a', 'b']);
});

test('a value holding a function anywhere is kept as it is, not encoded', () => {
  const fn = new NativeFn(1);
  for (const v of [fn, [1, [fn]], obj(['a', 1], ['f', fn]), [obj(['f', fn])]] as Value[]) {
    assert.is(stableRoundTrip(v), v);
  }
});

test('the round trip refuses values nested deeper than the limit', () => {
  let v: Value = 1;
  for (let i = 0; i < 1001; i++) v = [v];
  assert.ok(Array.isArray(stableRoundTrip(v)));
  for (let i = 0; i < 2; i++) v = [v];
  assert.throws(() => stableRoundTrip(v), (e: unknown) => e instanceof PactError);
});

test('env-data keeps a module reference, which a module{…} annotation then accepts', () => {
  const src = `(begin-tx)
    (interface iface (defun f:integer ()))
    (module abc g (defcap g () true) (implements iface) (defun f:integer () 1))
    (commit-tx)
    (env-data {"q": {"fungible": abc, "n": 2.0}})`;
  assert.is(evalLast(`${src}\n(let ((m:module{iface} (at 'fungible (read-msg "q")))) (m::f))`), '1');
  assert.is(evalLast(`${src}\n(at 'n (read-msg "q"))`), '2.0');
  assert.is(evalLast(`${src}\n(typeof (at 'fungible (read-msg "q")))`), '"module{iface}"');
});

test('env-data: a keyset object reads back as a keyset guard; read-keyset charges as Pact reads it', () => {
  assert.is(evalLast('(env-data {"ks": {"keys": ["k"], "pred": "keys-any"}})\n(typeof (read-msg "ks"))'), '"guard"');
  const milligas = (data: string, form: string) => {
    const r = runRepl(`(env-data {"ks": ${data}})\n(env-gasmodel "table")\n(env-gaslimit 100000)\n(env-gas 0)\n${form}\n(env-milligas)`);
    assert.is(r.error, null);
    return Number(r.traces.at(-1));
  };
  // a keyset (made by the round trip) and a list of keys cost only the lookup of "ks"
  assert.is(milligas('{"keys": ["k"], "pred": "keys-any"}', '(read-keyset "ks")'), milligas('["k"]', '(read-keyset "ks")'));
  // an object that stays an object pays the lookups of "keys" and "pred" (4 characters x bit
  // length of 2 fields, twice) and the parse of the 9-character predicate (5 x 9 + 1) before failing
  const notAKeyset = milligas('"x"', '(try 0 (read-keyset "ks"))');
  assert.is(milligas('{"keys": ["k"], "pred": "two words"}', '(try 0 (read-keyset "ks"))') - notAKeyset, 8 + 8 + 46);
  // with a key that is not text the object is refused before the predicate is parsed
  assert.is(milligas('{"keys": [1], "pred": "two words"}', '(try 0 (read-keyset "ks"))') - notAKeyset, 8 + 8);
});

test('env-data: read-integer and read-decimal see what the round trip made', () => {
  assert.is(evalLast('(env-data {"a": {"int": "1234"}})\n(read-integer "a")'), '1234');
  assert.is(evalLast('(env-data {"a": {"decimal": "1.50"}})\n(read-decimal "a")'), '1.50');
  assert.is(evalLast('(env-data {"a": 2.0})\n(read-msg "a")'), '2.0');
  assert.is(evalLast('(env-data {"a": 2.50})\n(read-msg "a")'), '2.5');
  assert.is(evalLast('(env-data {"a": {"int": "x"}})\n(try "failed" (read-integer "a"))'), '"failed"');
});

test.run();
