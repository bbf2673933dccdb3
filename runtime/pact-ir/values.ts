// Our runtime values (vm/values.ts) as Pact's PactValue, for evaluated defconsts in the module IR.

import {
  PactDecimal, PactObject, PactTime, Unit, KeySetGuard, KeySetRefGuard, UserGuard, CapabilityGuard,
  ModuleGuard, PactGuard, ModRef, CapToken, TableRef, type TableSchema, type SchemaFieldType, type Value,
} from '../../vm/values.js';
import { tableOwnName } from '../values/table-name.js';
import {
  parseModuleName, type HashBytes, type KSPredicate, type ModuleName, type PactValue, type QualifiedName, type Schema, type Type,
} from './terms.js';

/** `m.f` / `ns.m.f` → QualifiedName. */
export function parseQualifiedName(s: string): QualifiedName {
  const dot = s.lastIndexOf('.');
  return { name: s.slice(dot + 1), module: parseModuleName(dot < 0 ? '' : s.slice(0, dot)) };
}

function predicate(p: string): KSPredicate {
  if (p === 'keys-all' || p === 'keys-2' || p === 'keys-any') return { p };
  return { p: 'custom', name: p.includes('.') ? { qualified: parseQualifiedName(p) } : { bare: p } };
}

/**
 * Convert a runtime value. `hashOf(module, own)` gives the hash a capability token's defcap or a
 * table value carries (`own`: the hash the value itself names, if any; module hashing gives the
 * placeholder for the module being hashed, which hashing then replaces).
 */
export function toPactValue(v: Value, hashOf: (m: ModuleName, own: string | null) => HashBytes): PactValue {
  const lit = (l: PactValue & { v: 'literal' }) => l;
  switch (typeof v) {
    case 'number': case 'bigint': return lit({ v: 'literal', lit: { l: 'integer', value: BigInt(v) } });
    case 'string': return { v: 'literal', lit: { l: 'string', value: v } };
    case 'boolean': return { v: 'literal', lit: { l: 'bool', value: v } };
  }
  const rec = (x: Value) => toPactValue(x, hashOf);
  if (v instanceof PactDecimal) return { v: 'literal', lit: { l: 'decimal', places: v.places, mantissa: v.mantissa } };
  if (v instanceof Unit) return { v: 'literal', lit: { l: 'unit' } };
  if (Array.isArray(v)) return { v: 'list', items: v.map(rec) };
  if (v instanceof PactObject) {
    const fields = new Map<string, PactValue>();
    for (const [k, x] of v.fields) fields.set(k, rec(x));
    return { v: 'object', fields };
  }
  if (v instanceof PactTime) return { v: 'time', micros: v.micros };
  if (v instanceof KeySetGuard) return { v: 'guard', guard: { g: 'keyset', keys: [...v.keys], pred: predicate(v.pred) } };
  if (v instanceof KeySetRefGuard) {
    const dot = v.name.indexOf('.');
    const name = dot < 0 ? { name: v.name, namespace: null } : { name: v.name.slice(dot + 1), namespace: v.name.slice(0, dot) };
    return { v: 'guard', guard: { g: 'keysetRef', name } };
  }
  if (v instanceof UserGuard) return { v: 'guard', guard: { g: 'user', fun: parseQualifiedName(v.fun), args: v.args.map(rec) } };
  if (v instanceof CapabilityGuard) {
    return { v: 'guard', guard: { g: 'capability', name: parseQualifiedName(v.name), args: v.args.map(rec), pactId: v.pactId } };
  }
  if (v instanceof ModuleGuard) return { v: 'guard', guard: { g: 'module', module: parseModuleName(v.module), name: v.name } };
  if (v instanceof PactGuard) return { v: 'guard', guard: { g: 'defpact', pactId: v.pactId, name: v.name } };
  if (v instanceof ModRef) {
    return { v: 'modref', module: parseModuleName(v.module), implemented: v.interfaces.map(parseModuleName) };
  }
  if (v instanceof CapToken) {
    const q = parseQualifiedName(v.name);
    return { v: 'capToken', name: { module: q.module, name: q.name, hash: hashOf(q.module, v.moduleHash) }, args: v.args.map(rec) };
  }
  if (v instanceof TableRef) {
    const module = parseModuleName(v.module);
    return { v: 'table', name: tableOwnName(v), module, hash: hashOf(module, v.moduleHash), schema: toSchema(v.schema) };
  }
  throw new Error(`a ${v?.constructor?.name ?? typeof v} cannot be a module constant`);
}

function toSchema(s: TableSchema): Schema {
  const fields = new Map<string, Type>();
  for (const [k, t] of s.fields) fields.set(k, toType(t));
  return { name: parseQualifiedName(s.name), fields };
}

function toType(t: SchemaFieldType): Type {
  switch (t.t) {
    case 'prim': return { t: 'prim', prim: t.name };
    case 'list': return { t: 'list', elem: toType(t.of) };
    case 'anylist': return { t: 'anyList' };
    case 'anyobject': return { t: 'anyObject' };
    case 'modref': return { t: 'modref', interfaces: t.interfaces.map(parseModuleName) };
    case 'object': case 'table': return { t: t.t, schema: toSchema(t.schema) };
    case 'any': return { t: 'any' };
  }
}
