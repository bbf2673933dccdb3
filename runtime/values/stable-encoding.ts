// env-data's round trip (repl.md §3): Pact encodes the value with its stable JSON encoding and
// decodes it again, so the data looks as if it had arrived as JSON (StableEncoding's
// roundtripStable). Decoding tries Pact's alternatives in Pact's order, so an object shaped like
// an encoding becomes that value: `{"int": "12"}` an integer, `{"keys": [..]}` a keyset,
// `{"refName": {"name": "m"}}` a module reference, `{"time": "…"}` a time, and so on.

import {
  PactDecimal, PactObject, PactTime, Unit, KeySetGuard, KeySetRefGuard, UserGuard, CapabilityGuard,
  ModuleGuard, PactGuard, ModRef, CapToken, TableRef, UNIT, compareCodePoints, type Value,
} from '../../vm/values.js';
import { pow10, roundHalfEven } from './numbers.js';
import { containsCallable } from './equality.js';
import { FULLY_QUALIFIED_NAME, isModuleName, isParsedTyName, isQualifiedName } from './pact-names.js';
import { base64UrlDecode } from './base64url.js';
import { formatTime, parseTime } from '../time/directives.js';
import { posixMicrosOf } from '../time/instant.js';

/** A JSON number, exactly: mantissa · 10^-places (decimals are the only numbers Pact writes bare). */
class JsonNumber {
  constructor(readonly mantissa: bigint, readonly places: number) {}
}
/** A capability token's name as it was written (`m.NAME.{hash}`), kept apart so that a token
 *  built without a module hash comes back as it was. */
class TokenName {
  constructor(readonly name: string, readonly moduleHash: string | null) {}
}
/** A table reference stands for itself: its JSON form names a schema this runtime keeps elsewhere. */
class TableJson {
  constructor(readonly table: TableRef) {}
}
type Json = null | boolean | string | JsonNumber | TokenName | TableJson | Json[] | Map<string, Json>;

/** Pact's roundtripStable, as env-data applies it. A value holding a function is not data and
 *  stays as it is. */
export function stableRoundTrip(v: Value): Value {
  if (containsCallable(v)) return v;
  return decodeValue(encode(v)); // containsCallable has refused values nested too deep
}

// ---------------------------------------------------------------------------------------------
// Encoding

const SAFE = 9007199254740991n;
const isSafe = (i: bigint): boolean => i >= -SAFE && i <= SAFE;

function encode(v: Value): Json {
  switch (typeof v) {
    case 'string': case 'boolean': return v;
    case 'number': case 'bigint': return intJson(BigInt(v));
  }
  const list = (xs: Value[]): Json[] => xs.map(encode);
  if (v instanceof PactDecimal) {
    return isSafe(v.mantissa) ? new JsonNumber(v.mantissa, v.places) : object(['decimal', showDecimal(v)]);
  }
  if (Array.isArray(v)) return list(v);
  if (v instanceof PactObject) {
    const o = new Map<string, Json>();
    for (const [k, x] of v.fields) o.set(k, encode(x));
    return o;
  }
  if (v instanceof Unit) return null;
  if (v instanceof KeySetGuard) return object(['pred', v.pred], ['keys', [...v.keys]]);
  if (v instanceof KeySetRefGuard) return object(['keysetref', v.name]);
  if (v instanceof UserGuard) return object(['args', list(v.args)], ['fun', v.fun]);
  if (v instanceof CapabilityGuard) return object(['cgPactId', v.pactId], ['cgArgs', list(v.args)], ['cgName', v.name]);
  if (v instanceof ModuleGuard) return object(['moduleName', moduleNameJson(v.module)], ['name', v.name]);
  if (v instanceof PactGuard) return object(['pactId', v.pactId], ['name', v.name]);
  if (v instanceof ModRef) return object(['refSpec', v.interfaces.map(moduleNameJson)], ['refName', moduleNameJson(v.module)]);
  if (v instanceof CapToken) return object(['#ctName', new TokenName(v.name, v.moduleHash)], ['#ctArgs', list(v.args)]);
  if (v instanceof PactTime) return timeJson(v);
  // the last kind of data left: stableRoundTrip has kept values holding functions out
  return new TableJson(v as TableRef);
}

function object(...entries: [string, Json][]): Map<string, Json> {
  return new Map(entries);
}

/** `{"int": n}`, the number as text beyond JavaScript's safe integers */
function intJson(i: bigint): Json {
  return object(['int', isSafe(i) ? new JsonNumber(i, 0) : i.toString()]);
}

/** Data.Decimal's show: the mantissa's digits with `places` of them after the point. */
function showDecimal(d: PactDecimal): string {
  const digits = (d.mantissa < 0n ? -d.mantissa : d.mantissa).toString().padStart(d.places + 1, '0');
  const sign = d.mantissa < 0n ? '-' : '';
  if (d.places === 0) return sign + digits;
  return `${sign}${digits.slice(0, digits.length - d.places)}.${digits.slice(digits.length - d.places)}`;
}

/** ModuleName{name, namespace} from `ns.mod` or `mod` */
function moduleNameJson(qualified: string): Json {
  const dot = qualified.lastIndexOf('.');
  return object(['namespace', dot < 0 ? null : qualified.slice(0, dot)], ['name', qualified.slice(dot + 1)]);
}

const SECONDS_FORMAT = '%Y-%m-%dT%H:%M:%SZ';
const MICROS_FORMAT = '%Y-%m-%dT%H:%M:%S.%vZ';

/** Pact's time codec: whole milliseconds are written to the second (the fraction is dropped:
 *  Pact keeps this for mainnet replay), anything finer with microseconds. */
function timeJson(t: PactTime): Json {
  return posixMicrosOf(t) % 1000n === 0n
    ? object(['time', formatTime(SECONDS_FORMAT, t)])
    : object(['timep', formatTime(MICROS_FORMAT, t)]);
}

// ---------------------------------------------------------------------------------------------
// Decoding: each `decode…` answers undefined where Pact's parser fails and the next is tried

type JsonObject = Map<string, Json>;
const isObject = (j: Json | undefined): j is JsonObject => j instanceof Map;

function decodeValue(j: Json): Value {
  if (j instanceof TableJson) return j.table;
  if (Array.isArray(j)) return j.map(decodeValue);
  const literal = decodeLiteral(j);
  if (literal !== undefined) return literal;
  const o = j as JsonObject; // every other shape is a literal
  return decodeGuard(o) ?? decodeModRef(o) ?? decodeTime(o) ?? decodeCapToken(o) ?? decodeObject(o);
}

function decodeLiteral(j: Json): Value | undefined {
  if (j === null) return UNIT;
  if (typeof j === 'string' || typeof j === 'boolean') return j;
  if (j instanceof JsonNumber) return minimalDecimal(j);
  if (!isObject(j)) return undefined;
  const int = j.get('int');
  if (int instanceof JsonNumber) return normalInt(roundHalfEvenAt(int));
  if (typeof int === 'string') {
    const i = readInteger(int);
    if (i !== null) return normalInt(i);
  }
  const dec = j.get('decimal');
  if (typeof dec === 'string') return readDecimal(dec) ?? undefined;
  return undefined;
}

function decodeObject(o: JsonObject): PactObject {
  const fields = new Map<string, Value>();
  for (const [k, x] of o) fields.set(k, decodeValue(x));
  return new PactObject(fields);
}

function decodeList(j: Json | undefined): Value[] | undefined {
  return Array.isArray(j) ? j.map(decodeValue) : undefined;
}

function decodeGuard(o: JsonObject): Value | undefined {
  const keys = o.get('keys');
  if (Array.isArray(keys) && keys.every(k => typeof k === 'string')) {
    const pred = o.get('pred');
    const p = pred === undefined || pred === null ? 'keys-all' : pred;
    if (typeof p === 'string' && isParsedTyName(p)) {
      return new KeySetGuard([...new Set(keys as string[])].sort(compareCodePoints), p);
    }
  }
  const ref = keysetRefName(o.get('keysetref'));
  if (ref !== undefined) return new KeySetRefGuard(ref);
  const fun = o.get('fun'), args = decodeList(o.get('args'));
  if (typeof fun === 'string' && isQualifiedName(fun) && args) return new UserGuard(fun, args);
  const cgName = o.get('cgName'), cgArgs = decodeList(o.get('cgArgs')), cgPactId = o.get('cgPactId');
  if (typeof cgName === 'string' && isQualifiedName(cgName) && cgArgs &&
    (cgPactId === undefined || cgPactId === null || typeof cgPactId === 'string')) {
    return new CapabilityGuard(cgName, cgArgs, cgPactId ?? null);
  }
  const moduleName = decodeModuleName(o.get('moduleName')), name = o.get('name');
  if (moduleName !== undefined && typeof name === 'string') return new ModuleGuard(moduleName, name);
  const pactId = o.get('pactId');
  if (typeof pactId === 'string' && typeof name === 'string') return new PactGuard(pactId, name);
  return undefined;
}

/** KeySetName: plain text (the legacy form), or `{"ksn": name, "ns": namespace}` */
function keysetRefName(j: Json | undefined): string | undefined {
  if (typeof j === 'string') return j;
  if (!isObject(j)) return undefined;
  const ksn = j.get('ksn'), ns = j.get('ns');
  if (typeof ksn !== 'string') return undefined;
  if (ns === undefined || ns === null) return ksn;
  return typeof ns === 'string' ? `${ns}.${ksn}` : undefined;
}

/** ModuleName: `{"name": "mod" | "ns.mod", "namespace": null | "ns"}` */
function decodeModuleName(j: Json | undefined): string | undefined {
  if (!isObject(j)) return undefined;
  const name = j.get('name'), ns = j.get('namespace');
  if (typeof name !== 'string' || !isModuleName(name)) return undefined;
  if (ns === undefined || ns === null) return name;
  return typeof ns === 'string' ? `${ns}.${name}` : undefined;
}

function decodeModRef(o: JsonObject): Value | undefined {
  const name = decodeModuleName(o.get('refName'));
  if (name === undefined) return undefined;
  const spec = o.get('refSpec');
  if (spec === undefined || spec === null) return new ModRef(name, []);
  if (!Array.isArray(spec)) return undefined;
  const interfaces = spec.map(decodeModuleName);
  if (interfaces.some(i => i === undefined)) return undefined;
  // a set of module names, ordered as Pact orders them: by name, then namespace
  return new ModRef(name, interfaces as string[]);
}

function decodeTime(o: JsonObject): Value | undefined {
  const seconds = o.get('time');
  const t = typeof seconds === 'string' ? parseTime(SECONDS_FORMAT, seconds) : null;
  if (t) return t;
  const micros = o.get('timep');
  return (typeof micros === 'string' ? parseTime(MICROS_FORMAT, micros) : null) ?? undefined;
}

function decodeCapToken(o: JsonObject): Value | undefined {
  const name = o.get('#ctName'), args = decodeList(o.get('#ctArgs'));
  if (!args) return undefined;
  if (name instanceof TokenName) return new CapToken(name.name, args, name.moduleHash);
  const fqn = typeof name === 'string' ? FULLY_QUALIFIED_NAME.exec(name) : null;
  if (!fqn || base64UrlDecode(fqn[2]) === null) return undefined;
  return new CapToken(fqn[1], args, fqn[2]);
}

// ---------------------------------------------------------------------------------------------
// Numbers as Pact's readers make them

/** A JSON number as Data.Decimal's fromRational makes it: the fewest places that hold it. */
function minimalDecimal(n: JsonNumber): PactDecimal {
  let m = n.mantissa, places = n.places;
  while (places > 0 && m % 10n === 0n) { m /= 10n; places--; }
  return new PactDecimal(m, places);
}

/** Scientific's `round`: to the nearest integer, halves to even. */
function roundHalfEvenAt(n: JsonNumber): bigint {
  return roundHalfEven(n.mantissa, pow10(n.places));
}

function normalInt(i: bigint): number | bigint {
  return isSafe(i) ? Number(i) : i;
}

/** Haskell's `readMaybe :: Maybe Integer`: spaces around, any number of balanced parentheses,
 *  a `-` (spaces may follow it), then decimal digits or a 0x/0o literal. */
export function readInteger(s: string): bigint | null {
  let text = s.trim();
  while (text.startsWith('(') && text.endsWith(')')) text = text.slice(1, -1).trim();
  const m = /^(-\s*)?(0[xX][0-9a-fA-F]+|0[oO][0-7]+|[0-9]+)$/.exec(text);
  if (!m) return null;
  const magnitude = BigInt(m[2]); // BigInt reads 0x/0X and 0o/0O literals itself
  return m[1] ? -magnitude : magnitude;
}

/** Data.Decimal's `readMaybe`: `[+-]digits[.digits][e[+-]digits]`, spaces only after it, at most
 *  255 places. An exponent beyond a million digits is refused rather than expanded. */
export function readDecimal(s: string): PactDecimal | null {
  const m = /^([+-]?)([0-9]+)(?:\.([0-9]+))?(?:[eE]([+-]?)([0-9]+))?\s*$/.exec(s);
  if (!m) return null;
  const fraction = m[3] ?? '';
  const exponent = m[5] === undefined ? 0 : Number(m[4] === '-' ? -BigInt(m[5]) : BigInt(m[5]));
  let mantissa = BigInt(m[2] + fraction);
  if (m[1] === '-') mantissa = -mantissa;
  const places = fraction.length - exponent;
  if (places < -1_000_000) return null;
  if (places < 0) return new PactDecimal(mantissa * pow10(-places), 0);
  return places < 256 ? new PactDecimal(mantissa, places) : null;
}
