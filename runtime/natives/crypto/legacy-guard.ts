// Guards from their legacy (Pact 4) JSON encoding, as Pact 5 reads a Hyperlane token message's
// recipient: the object's key set picks the guard kind; anything else is not a guard.

import { identToken, qualifiedNameParts } from '../../values/token-names.js';
import {
  CapabilityGuard, KeySetGuard, KeySetRefGuard, ModRef, ModuleGuard, PactDecimal, PactGuard, PactObject,
  UserGuard, compareCodePoints, type Guard, type Value,
} from '../../../vm/values.js';
import { decNormalize, normInt, pow10 } from '../../values/numbers.js';
import type { Json } from './json-text.js';

class NotDecodable extends Error {}
const fail = (): never => { throw new NotDecodable(); };

/** The guard a legacy JSON document encodes, or null. */
export function guardFromLegacyJson(j: Json): Guard | null {
  try {
    return guard(j);
  } catch (e) {
    if (e instanceof NotDecodable) return null;
    throw e;
  }
}

const str = (j: Json | undefined): string => (j?.t === 'str' ? j.v : fail());
const arr = (j: Json | undefined): Json[] => (j?.t === 'arr' ? j.v : fail());
const obj = (j: Json | undefined): Map<string, Json> => (j?.t === 'obj' ? j.v : fail());
/** aeson's `.:` at a Maybe type: the key must be present, null gives null */
const nullable = <T>(o: Map<string, Json>, k: string, f: (j: Json) => T): T | null => {
  const j = o.get(k);
  if (j === undefined) return fail();
  return j.t === 'null' ? null : f(j);
};

function guard(j: Json): Guard {
  const o = obj(j);
  const props = [...o.keys()].sort().join(',');
  switch (props) {
    case 'keys,pred': {
      const keys = [...new Set(arr(o.get('keys')).map(str))].sort(compareCodePoints);
      const p = o.get('pred')!;
      return new KeySetGuard(keys, p.t === 'null' ? 'keys-all' : predicate(str(p)));
    }
    case 'keysetref': {
      const r = o.get('keysetref')!;
      if (r.t === 'str') return new KeySetRefGuard(r.v);
      const ro = obj(r);
      const ksn = str(ro.get('ksn'));
      const ns = ro.has('ns') ? nullable(ro, 'ns', str) : null;
      return new KeySetRefGuard(ns === null ? ksn : `${ns}.${ksn}`);
    }
    case 'name,pactId': return new PactGuard(str(o.get('pactId')), str(o.get('name')));
    case 'moduleName,name': return new ModuleGuard(moduleName(o.get('moduleName')), str(o.get('name')));
    case 'args,fun': return new UserGuard(qualifiedName(str(o.get('fun'))), arr(o.get('args')).map(pactValue));
    case 'cgArgs,cgName,cgPactId':
      return new CapabilityGuard(qualifiedName(str(o.get('cgName'))), arr(o.get('cgArgs')).map(pactValue),
        nullable(o, 'cgPactId', str));
    default: return fail();
  }
}

/** keys-all, keys-any, keys-2, or a qualified predicate function name (legacy nameParser: a bare
 *  name other than the three built-ins is refused by the conversion to Pact 5) */
function predicate(p: string): string {
  const bare = identToken(p, 0);
  if (bare && bare.next === p.length) {
    return bare.text === 'keys-all' || bare.text === 'keys-any' || bare.text === 'keys-2' ? bare.text : fail();
  }
  return qualifiedName(p);
}

/** `mod.name` or `ns.mod.name` as tokens, to the end; given back as Pact 5 renders it */
function qualifiedName(q: string): string {
  return qualifiedNameParts(q)?.join('.') ?? fail();
}

/** `{"name": m, "namespace": ns | null}` → `ns.m` */
function moduleName(j: Json | undefined): string {
  const o = obj(j);
  const name = str(o.get('name'));
  const ns = nullable(o, 'namespace', str);
  return ns === null ? name : `${ns}.${name}`;
}

/** A legacy-encoded Pact value: literal, list, guard, module reference, or object, in that order. */
function pactValue(j: Json): Value {
  switch (j.t) {
    case 'num': return jsonDecimal(j.text);
    case 'str': return j.v;
    case 'bool': return j.v;
    case 'arr': return j.v.map(pactValue);
    case 'null': return fail();
    case 'obj': {
      const o = j.v;
      const int = o.get('int');
      if (int?.t === 'num' && /^-?[0-9]+$/.test(int.text)) return normInt(BigInt(int.text));
      if (int?.t === 'str' && /^-?[0-9]+$/.test(int.v)) return normInt(BigInt(int.v));
      const dec = o.get('decimal');
      if (dec?.t === 'num') return jsonDecimal(dec.text);
      if (dec?.t === 'str' && /^-?[0-9]+(\.[0-9]+)?$/.test(dec.v)) return jsonDecimal(dec.v);
      for (const alt of [guard, modRef]) {
        try {
          return alt(j);
        } catch (e) {
          if (!(e instanceof NotDecodable)) throw e;
        }
      }
      return new PactObject(new Map([...o].map(([k, v]) => [k, pactValue(v)])));
    }
  }
}

function modRef(j: Json): ModRef {
  const o = obj(j);
  return new ModRef(moduleName(o.get('refName')), arr(o.get('refSpec')).map(moduleName));
}

/** A JSON number as an exact decimal (trailing zeros dropped, as Scientific normalises). */
function jsonDecimal(text: string): PactDecimal {
  const m = /^(-?)([0-9]+)(?:\.([0-9]+))?(?:[eE]([+-]?[0-9]+))?$/.exec(text);
  if (!m) return fail();
  const frac = m[3] ?? '';
  let mant = BigInt(m[2] + frac);
  let places = frac.length - Number(m[4] ?? 0);
  if (places < 0) { mant *= pow10(-places); places = 0; }
  return decNormalize(new PactDecimal(m[1] === '-' ? -mant : mant, places));
}
