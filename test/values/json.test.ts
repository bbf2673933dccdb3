// Pact's stable JSON encoding of every kind of value (runtime/values/json.ts: what `hash` hashes),
// aeson's string escapes and Scientific text, at the edges the values mutation run found untested.

import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { jsonString, legacyKeyOrder, scientificText, stableJson } from '../../runtime/values/json.js';
import {
  CapabilityGuard, CapToken, KeySetGuard, KeySetRefGuard, ModRef, ModuleGuard, PactDecimal, PactGuard,
  PactObject, PactTime, UNIT, UserGuard, type Value,
} from '../../vm/values.js';
import { PactError } from '../../vm/errors.js';

const obj = (entries: [string, Value][]) => new PactObject(new Map(entries));

// [what, value, stable JSON]
const table: [string, Value, string][] = [
  ["small int", 5, "{\"int\":5}"],
  ["negative bigint", -7n, "{\"int\":-7}"],
  ["max safe", 9007199254740991n, "{\"int\":9007199254740991}"],
  ["above max safe", 9007199254740992n, "{\"int\":\"9007199254740992\"}"],
  ["below -max safe", -9007199254740992n, "{\"int\":\"-9007199254740992\"}"],
  ["-max safe", -9007199254740991n, "{\"int\":-9007199254740991}"],
  ["decimal with mantissa -max safe", new PactDecimal(-9007199254740991n, 2), "-9.007199254740991e13"],
  ["decimal with mantissa below -max safe", new PactDecimal(-9007199254740992n, 2), "{\"decimal\":\"-90071992547409.92\"}"],
  ["string", 'a"b', "\"a\\\"b\""],
  ["true", true, "true"],
  ["false", false, "false"],
  ["decimal 1.5", new PactDecimal(15n, 1), "1.5"],
  ["decimal 2.0", new PactDecimal(20n, 1), "2"],
  ["decimal 0.0", new PactDecimal(0n, 1), "0"],
  ["decimal -0.05", new PactDecimal(-5n, 2), "-5.0e-2"],
  ["decimal 12345678.9", new PactDecimal(123456789n, 1), "1.23456789e7"],
  ["decimal 1234567.8", new PactDecimal(12345678n, 1), "1234567.8"],
  ["decimal 0.001", new PactDecimal(1n, 3), "1.0e-3"],
  ["decimal 0.5", new PactDecimal(5n, 1), "0.5"],
  ["decimal huge mantissa", new PactDecimal(12345678901234567890n, 2), "{\"decimal\":\"123456789012345678.90\"}"],
  ["list", [1, 'a', []], "[{\"int\":1},\"a\",[]]"],
  ["object", obj([['b', 1], ['a', 2], ['c', 3]]), "{\"a\":{\"int\":2},\"b\":{\"int\":1},\"c\":{\"int\":3}}"],
  ["unit (Pact 5 writes null)", UNIT, "null"],
  ["time whole ms", new PactTime(1_000_000n), "{\"time\":\"1970-01-01T00:00:01Z\"}"],
  ["time with micros", new PactTime(1_000_123n), "{\"timep\":\"1970-01-01T00:00:01.000123Z\"}"],
  ["keyset", new KeySetGuard(['k1', 'k2'], 'keys-all'), "{\"pred\":\"keys-all\",\"keys\":[\"k1\",\"k2\"]}"],
  ["keyset ref", new KeySetRefGuard('ks'), "{\"keysetref\":\"ks\"}"],
  ["keyset ref ns", new KeySetRefGuard('ns.ks'), "{\"keysetref\":{\"ns\":\"ns\",\"ksn\":\"ks\"}}"],
  ["user guard", new UserGuard('m.f', [1, 'x']), "{\"args\":[{\"int\":1},\"x\"],\"fun\":\"m.f\"}"],
  ["cap guard", new CapabilityGuard('m.C', [1], null), "{\"cgPactId\":null,\"cgArgs\":[{\"int\":1}],\"cgName\":\"m.C\"}"],
  ["cap guard pact", new CapabilityGuard('m.C', [], 'pid'), "{\"cgPactId\":\"pid\",\"cgArgs\":[],\"cgName\":\"m.C\"}"],
  ["module guard (its ModuleName whole)", new ModuleGuard('ns.m', 'g'), "{\"moduleName\":{\"namespace\":\"ns\",\"name\":\"m\"},\"name\":\"g\"}"],
  ["module guard plain", new ModuleGuard('m', 'g'), "{\"moduleName\":{\"namespace\":null,\"name\":\"m\"},\"name\":\"g\"}"],
  ["pact guard", new PactGuard('pid', 'g'), "{\"pactId\":\"pid\",\"name\":\"g\"}"],
  ["modref", new ModRef('ns.m', ['i', 'ns.j']), "{\"refSpec\":[{\"namespace\":null,\"name\":\"i\"},{\"namespace\":\"ns\",\"name\":\"j\"}],\"refName\":{\"namespace\":\"ns\",\"name\":\"m\"}}"],
  ["cap token (its FullyQualifiedName)", new CapToken('ns.m.C', [true], 'H'), "{\"#ctName\":\"ns.m.C.{H}\",\"#ctArgs\":[true]}"],
  ["cap token of two arguments, made before its module had a hash", new CapToken('m.C', ['a', 1]), "{\"#ctName\":\"m.C.{I3BsYWNlaG9sZGVy}\",\"#ctArgs\":[\"a\",{\"int\":1}]}"],
  ["cap guard of two arguments", new CapabilityGuard('m.C', ['a', 'b'], null), "{\"cgPactId\":null,\"cgArgs\":[\"a\",\"b\"],\"cgName\":\"m.C\"}"],
  ["user guard of two arguments", new UserGuard('m.f', ['a', 'b']), "{\"args\":[\"a\",\"b\"],\"fun\":\"m.f\"}"],
];

for (const [what, value, text] of table) {
  test(`stableJson of ${what} is ${text}`, () => {
    assert.is(stableJson(value), text);
  });
}

test('jsonString escapes quote, backslash, newline, return and tab by name, other controls as \\u00XX', () => {
  assert.is(jsonString('"\\\n\r\t\u0001\u001f \u007f'), '"\\"\\\\\\n\\r\\t\\u0001\\u001f \u007f"');
  assert.is(jsonString(''), '""');
  assert.is(jsonString('\u0000'), '"\\u0000"');
});

test('scientificText: plain digits for integral values, fixed notation for exponents 0..7, else d.ddde<n>', () => {
  const cases: [bigint, number, string][] = [
    [0n, 3, '0'], [100n, 2, '1'], [120n, 0, '120'], [-120n, 0, '-120'], [5n, 1, '0.5'], [-5n, 1, '-0.5'],
    [15n, 1, '1.5'], [12345678n, 1, '1234567.8'], [123456789n, 1, '1.23456789e7'], [5n, 2, '5.0e-2'],
    [-15n, 3, '-1.5e-2'], [1n, 8, '1.0e-8'],
  ];
  for (const [mantissa, places, text] of cases) assert.is(scientificText(new PactDecimal(mantissa, places)), text, `${mantissa}e-${places}`);
});

test('object keys come in the legacy HashMap order, ties kept in the given order', () => {
  assert.equal(legacyKeyOrder(['a', 'b', 'c', 'd', 'name', 'age']), ['age', 'a', 'd', 'name', 'b', 'c']);
  assert.equal(legacyKeyOrder([]), []);
  assert.equal(legacyKeyOrder(['x', 'x']), ['x', 'x']);
});

/**
 * The legacy order restated: hashable-1.3's FNV-1 over the UTF-16LE bytes from its 64-bit salt,
 * read as 4-bit groups from the least significant end (unordered-containers-0.2.15's trie).
 */
function legacyHashDigits(k: string): string {
  let h = BigInt.asUintN(64, -2578643520546668380n);
  for (const byte of Buffer.from(k, 'utf16le')) h = BigInt.asUintN(64, h * 16777619n) ^ BigInt(byte);
  return h.toString(16).padStart(16, '0').split('').reverse().join('');
}

test('legacy key order, computed afresh: the reversed FNV-1 digits decide, code-point order breaks ties', () => {
  // the order is cached per key: fill the cache so that these keys, used nowhere else, are hashed now
  for (let i = 0; i <= 10_000; i++) legacyKeyOrder([`filler-${i}`]);
  const byModel = (a: string, b: string) => (legacyHashDigits(a) < legacyHashDigits(b) ? -1 : legacyHashDigits(a) > legacyHashDigits(b) ? 1 : 0);
  // the model gives Pact's order of the keys checked above
  assert.equal(['a', 'b', 'c', 'd', 'name', 'age'].sort(byModel), ['age', 'a', 'd', 'name', 'b', 'c']);
  const keys = ['k-legacy-7', 'k-legacy-σ', 'k-legacy-😀', 'k-legacy-ab', 'k-legacy-', 'K', 'k-legacy-0'];
  const want = keys.slice().sort(byModel);
  assert.equal(legacyKeyOrder(keys), want);
  assert.equal(legacyKeyOrder(keys.slice().reverse()), want);
  assert.equal(legacyKeyOrder(['k-legacy-x', 'k-legacy-x']), ['k-legacy-x', 'k-legacy-x']);
});

test('two keys of one 64-bit hash (a full collision) keep their code-point order, as a Collision node keeps insertion order', () => {
  // found by lattice reduction: what a byte's XOR adds to the state is small, so a short vector d
  // with Σ d_j·16777619^(23-2j) ≡ 0 (mod 2^64), each d_j made by a pair of letters, gives two
  // 12-letter keys (Pact identifiers too) with one hash
  const k1 = 'KDVbObvYfUHh', k2 = 'ONSjcdewlZMt';
  assert.is(legacyHashDigits(k1), legacyHashDigits(k2));
  assert.equal(legacyKeyOrder([k1, k2]), [k1, k2]);
  const among = legacyKeyOrder([k1, k2, 'a', 'b']); // (given in code-point order)
  assert.is(among.indexOf(k2), among.indexOf(k1) + 1);
  // unordered-containers puts the later-inserted key last, and Pact inserts in key order
  assert.is(stableJson(obj([[k2, 2], [k1, 1]])), `{${jsonString(k1)}:{"int":1},${jsonString(k2)}:{"int":2}}`);
});

test('stableJson refuses values nested deeper than the limit', () => {
  let v: Value = 1;
  for (let i = 0; i < 1001; i++) v = [v];
  assert.is(stableJson(v).length, 1001 * 2 + '{"int":1}'.length);
  for (let i = 0; i < 2; i++) v = [v];
  assert.throws(() => stableJson(v), (e: unknown) => e instanceof PactError);
});

// [what, value, what env-data keeps after its JSON round trip]
test.run();
