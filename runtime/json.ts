// Pact values as JSON: the round trip env-data applies (so data looks as if it arrived as JSON),
// and the stable JSON text used by `hash` of non-string values.

import {
  PactDecimal, PactObject, PactTime, Unit, UNIT, KeySetGuard, KeySetRefGuard, isCallable, compareCodePoints, type Value,
} from '../vm/values.js';
import { decDigits, decIsIntegral, pow10 } from './numbers.js';
import { formatIsoTime } from './time-format.js';

/** Value → JSON → value: what `env-data` stores. Functions cannot be encoded: keep the original. */
export function jsonRoundTrip(v: Value): Value {
  if (containsFunction(v)) return v;
  return fromJsonValue(toJsonValue(v));
}

function containsFunction(v: Value): boolean {
  if (isCallable(v)) return true;
  if (Array.isArray(v)) return v.some(containsFunction);
  if (v instanceof PactObject) for (const x of v.fields.values()) if (containsFunction(x)) return true;
  return false;
}

/** The JSON shape of a value (numbers kept exact as Pact values). */
type Json = null | boolean | string | number | bigint | PactDecimal | Json[] | { [k: string]: Json };

function toJsonValue(v: Value): Json {
  if (typeof v === 'number' || typeof v === 'bigint' || typeof v === 'string' || typeof v === 'boolean') return v;
  if (v instanceof PactDecimal) return v;
  if (Array.isArray(v)) return v.map(toJsonValue);
  if (v instanceof PactObject) {
    const o: { [k: string]: Json } = {};
    for (const k of v.sortedKeys()) o[k] = toJsonValue(v.fields.get(k)!);
    return o;
  }
  if (v instanceof Unit) return null;
  if (v instanceof PactTime) return formatIsoTime(v);
  if (v instanceof KeySetGuard) return { keys: v.keys, pred: v.pred };
  if (v instanceof KeySetRefGuard) return { keysetref: v.name };
  return String(v);
}

function fromJsonValue(j: Json): Value {
  if (j === null) return UNIT;
  if (j instanceof PactDecimal) {
    // JSON numbers with an integral value decode as integers
    return decIsIntegral(j) ? (j.places === 0 ? normalize(j.mantissa) : normalize(j.mantissa / pow10(j.places))) : j;
  }
  if (Array.isArray(j)) return j.map(fromJsonValue);
  if (typeof j === 'object') return new PactObject(new Map(Object.entries(j).map(([k, x]) => [k, fromJsonValue(x)])));
  return j;
}

function normalize(b: bigint): Value {
  return b <= BigInt(Number.MAX_SAFE_INTEGER) && b >= -BigInt(Number.MAX_SAFE_INTEGER) ? Number(b) : b;
}

/** Stable JSON text (keys sorted): the encoding `hash` uses for non-string values. */
export function stableJson(v: Value): string {
  if (typeof v === 'number' || typeof v === 'bigint') return v.toString();
  if (typeof v === 'string') return JSON.stringify(v);
  if (typeof v === 'boolean') return v ? 'true' : 'false';
  if (v instanceof PactDecimal) return decDigits(v);
  if (Array.isArray(v)) return '[' + v.map(stableJson).join(',') + ']';
  if (v instanceof PactObject) {
    return '{' + [...v.fields.keys()].sort(compareCodePoints).map(k => JSON.stringify(k) + ':' + stableJson(v.fields.get(k)!)).join(',') + '}';
  }
  if (v instanceof Unit) return '{}';
  if (v instanceof PactTime) return JSON.stringify(formatIsoTime(v));
  if (v instanceof KeySetGuard) return `{"keys":[${v.keys.map(k => JSON.stringify(k)).join(',')}],"pred":${JSON.stringify(v.pred)}}`;
  if (v instanceof KeySetRefGuard) return `{"keysetref":${JSON.stringify(v.name)}}`;
  return JSON.stringify(String(v));
}
