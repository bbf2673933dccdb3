// Pact values as JSON text: Pact 5's stable JSON (StableEncoding.hs), used by `hash` of
// non-string values, principals and defpact ids (env-data's round trip is
// runtime/values/stable-encoding.ts).

import {
  PactDecimal, PactObject, PactTime, Unit, KeySetGuard, KeySetRefGuard, UserGuard, CapabilityGuard, ModuleGuard,
  PactGuard, ModRef, CapToken, TableRef, compareCodePoints, type TableSchema, type SchemaFieldType, type Value,
} from '../../vm/values.js';
import { decDigits } from './numbers.js';
import { tableOwnName } from './table-name.js';
import { formatIsoTime, toCivil } from '../time/calendar.js';
import { posixMicrosOf } from '../time/instant.js';
import { MAX_VALUE_NESTING, valueTooDeep } from '../../vm/limits.js';

/** JSON string literal with aeson's escaping: `"` `\\` `\n` `\r` `\t`, other controls as \u00XX. */
export function jsonString(s: string): string {
  let out = '"';
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c === 0x22) out += '\\"';
    else if (c === 0x5c) out += '\\\\';
    else if (c >= 0x20) out += s[i];
    else if (c === 0x0a) out += '\\n';
    else if (c === 0x0d) out += '\\r';
    else if (c === 0x09) out += '\\t';
    else out += '\\u' + c.toString(16).padStart(4, '0');
  }
  return out + '"';
}

const MAX_SAFE = 9007199254740991n;
const isSafe = (i: bigint): boolean => i >= -MAX_SAFE && i <= MAX_SAFE;

/**
 * A decimal as aeson prints a Scientific: integral values as plain digits, others in
 * `formatScientific Generic` (fixed notation when the decimal exponent is 0..7, else `d.ddde<n>`).
 */
export function scientificText(d: PactDecimal): string {
  let m = d.mantissa, e = -d.places;
  if (m === 0n) return '0';
  while (m % 10n === 0n) { m /= 10n; e++; }
  const neg = m < 0n;
  const digits = (neg ? -m : m).toString();
  const sign = neg ? '-' : '';
  if (e >= 0) return sign + digits + '0'.repeat(e);
  // value = 0.digits × 10^e10
  const e10 = digits.length + e;
  if (e10 < 0 || e10 > 7) {
    const rest = digits.length > 1 ? digits.slice(1) : '0';
    return `${sign}${digits[0]}.${rest}e${e10 - 1}`;
  }
  if (e10 === 0) return `${sign}0.${digits}`;
  return `${sign}${digits.slice(0, e10)}.${digits.slice(e10)}`;
}

// Object members are written in the order Pact 4's aeson gave them: the iteration order of an
// unordered-containers-0.2.15 HashMap keyed by hashable-1.3's FNV-1 hash of the UTF-16LE text.
// That order is the hash's 4-bit groups compared from the least significant end.

const FNV_PRIME = 16777619n;
const LEGACY_SALT = BigInt.asUintN(64, -2578643520546668380n);
const legacyKeyCache = new Map<string, bigint>();

/** The hash with its nibbles reversed, so that numeric order is the HashMap's iteration order. */
function legacyOrderKey(k: string): bigint {
  let key = legacyKeyCache.get(k);
  if (key !== undefined) return key;
  let h = LEGACY_SALT;
  for (let i = 0; i < k.length; i++) {
    const unit = k.charCodeAt(i);
    h = BigInt.asUintN(64, h * FNV_PRIME) ^ BigInt(unit & 0xff);
    h = BigInt.asUintN(64, h * FNV_PRIME) ^ BigInt(unit >> 8);
  }
  key = 0n;
  for (let n = 0; n < 16; n++) { key = (key << 4n) | (h & 15n); h >>= 4n; }
  if (legacyKeyCache.size < 10_000) legacyKeyCache.set(k, key);
  return key;
}

/** Keys (given in code-point order, which breaks hash ties) in legacy HashMap order. */
export function legacyKeyOrder(keys: string[]): string[] {
  return keys
    .map((k, i) => ({ k, i, h: legacyOrderKey(k) }))
    .sort((a, b) => (a.h < b.h ? -1
      // V8's sort only ever asks (later, earlier) by input position (binary insertion and TimSort's
      // merges), so the first test alone decides; the rest keeps the comparator consistent.
      // Stryker disable next-line ConditionalExpression,EqualityOperator,ArithmeticOperator: equivalent under V8, see above
      : a.h > b.h ? 1 : a.i - b.i))
    .map(x => x.k);
}

/** `ns.name` → `{"namespace":"ns","name":"name"}` (a ModuleName's stable encoding). */
function moduleNameJson(q: string): string {
  const dot = q.lastIndexOf('.');
  const ns = dot < 0 ? 'null' : jsonString(q.slice(0, dot));
  return `{"namespace":${ns},"name":${jsonString(q.slice(dot + 1))}}`;
}

/** Pact's stable JSON encoding of a value (`encodeStable`): what `hash` hashes for non-strings. */
export function stableJson(v: Value): string {
  return stableJsonAt(v, 0);
}

function stableJsonAt(v: Value, depth: number): string {
  if (typeof v === 'number' || typeof v === 'bigint') {
    const b = BigInt(v);
    return isSafe(b) ? `{"int":${b}}` : `{"int":"${b}"}`;
  }
  if (typeof v === 'string') return jsonString(v);
  if (typeof v === 'boolean') return v ? 'true' : 'false';
  if (v instanceof PactDecimal) {
    return isSafe(v.mantissa) ? scientificText(v) : `{"decimal":"${decDigits(v)}"}`;
  }
  if (depth > MAX_VALUE_NESTING) throw valueTooDeep();
  const inner = (x: Value) => stableJsonAt(x, depth + 1);
  if (Array.isArray(v)) return '[' + v.map(inner).join(',') + ']';
  if (v instanceof PactObject) {
    return '{' + legacyKeyOrder(v.sortedKeys()).map(k => jsonString(k) + ':' + inner(v.fields.get(k)!)).join(',') + '}';
  }
  if (v instanceof Unit) return 'null';
  if (v instanceof PactTime) {
    // whole milliseconds of the (wrapping) POSIX count print without a fraction (Pact 4's codec,
    // kept for hash stability)
    if (posixMicrosOf(v) % 1000n === 0n) return `{"time":"${formatIsoTime(v)}"}`;
    return `{"timep":"${formatIsoTime(v).slice(0, -1)}.${String(toCivil(v).micros).padStart(6, '0')}Z"}`;
  }
  if (v instanceof KeySetGuard) {
    return `{"pred":${jsonString(v.pred)},"keys":[${v.keys.map(jsonString).join(',')}]}`;
  }
  if (v instanceof KeySetRefGuard) {
    const dot = v.name.indexOf('.');
    const ksn = dot < 0 ? jsonString(v.name)
      : `{"ns":${jsonString(v.name.slice(0, dot))},"ksn":${jsonString(v.name.slice(dot + 1))}}`;
    return `{"keysetref":${ksn}}`;
  }
  if (v instanceof UserGuard) return `{"args":[${v.args.map(inner).join(',')}],"fun":${jsonString(v.fun)}}`;
  if (v instanceof CapabilityGuard) {
    const pid = v.pactId === null ? 'null' : jsonString(v.pactId);
    return `{"cgPactId":${pid},"cgArgs":[${v.args.map(inner).join(',')}],"cgName":${jsonString(v.name)}}`;
  }
  if (v instanceof ModuleGuard) return `{"moduleName":${moduleNameJson(v.module)},"name":${jsonString(v.name)}}`;
  if (v instanceof PactGuard) return `{"pactId":${jsonString(v.pactId)},"name":${jsonString(v.name)}}`;
  if (v instanceof ModRef) {
    return `{"refSpec":[${v.interfaces.map(moduleNameJson).join(',')}],"refName":${moduleNameJson(v.module)}}`;
  }
  if (v instanceof CapToken) {
    // the defcap's FullyQualifiedName: `ns.m.NAME.{hash}`
    const name = `${v.name}.{${v.moduleHash ?? PLACEHOLDER_HASH}}`;
    return `{"#ctName":${jsonString(name)},"#ctArgs":[${v.args.map(inner).join(',')}]}`;
  }
  const t = v as TableRef; // the last kind of data: `hash` refuses functions
  // (the colons keep these keys apart from any schema field's)
  return `{":tableName":${jsonString(`${t.module}:${tableOwnName(t)}`)},":moduleHash":${jsonString(t.moduleHash ?? PLACEHOLDER_HASH)},` +
    `":schema":${schemaJson(t.schema)}}`;
}

/** A table or capability token made while its module's constants are evaluated has no module hash
 *  yet: Pact's names carry its placeholder then, `#placeholder` (here in base64url). */
export const PLACEHOLDER_HASH = 'I3BsYWNlaG9sZGVy';

/** Pact's Schema: `{"sc_name":"ns.m.s","sc_fields":{…}}`, the fields in legacy HashMap order. */
function schemaJson(s: TableSchema): string {
  const keys = legacyKeyOrder([...s.fields.keys()].sort(compareCodePoints));
  const fields = keys.map(k => jsonString(k) + ':' + typeJson(s.fields.get(k)!)).join(',');
  return `{"sc_name":${jsonString(s.name)},"sc_fields":{${fields}}}`;
}

/** Pact's Type: a primitive or bare kind as its name, the others as a one-key object. */
function typeJson(t: SchemaFieldType): string {
  switch (t.t) {
    case 'prim': return jsonString(t.name);
    case 'anylist': return '"list"';
    case 'anyobject': return '"object"';
    case 'any': return '"*"';
    case 'list': return `{"tylist":${typeJson(t.of)}}`;
    case 'object': return `{"tyobject":${schemaJson(t.schema)}}`;
    case 'table': return `{"tytable":${schemaJson(t.schema)}}`;
    case 'modref': return `{"tymodref":[${t.interfaces.map(moduleNameJson).join(',')}]}`;
  }
}
