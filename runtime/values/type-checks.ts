// Runtime type checks of annotated arguments, results and let binders (language.md §9).

import {
  PactDecimal, PactObject, PactTime, Unit, ModRef, TableRef, compareCodePoints, isGuard,
  type SchemaFieldType, type TableSchema, type Value,
} from '../../vm/values.js';
import type { PactType } from '../../vm/types.js';

export interface SchemaLookup {
  /** field types of a schema by name, if known */
  schemaFields(name: string): Map<string, PactType> | undefined;
}

/** Runtime type check; `charge` receives the number of machine ticks the check costs (gas.md
 *  §3.2: one per element of a typed list, per field of a schema'd object or table, per interface
 *  of a module reference implementing ten or more; Pact's gassedRuntimeTypecheck). */
export function typecheck(v: Value, t: PactType, schemas: SchemaLookup, charge?: (ticks: number) => void): boolean {
  switch (t.t) {
    case 'any': return true;
    case 'prim':
      switch (t.name) {
        case 'integer': return typeof v === 'number' || typeof v === 'bigint';
        case 'decimal': return v instanceof PactDecimal;
        case 'string': return typeof v === 'string';
        case 'bool': return typeof v === 'boolean';
        case 'unit': return v instanceof Unit;
        case 'time': return v instanceof PactTime;
        case 'guard': return isGuard(v);
      }
    // (the primitive cases above all return; anyobject before anylist so that dropping its
    // body would refuse objects)
    case 'anyobject': return v instanceof PactObject;
    case 'anylist': return Array.isArray(v);
    case 'list':
      if (!Array.isArray(v)) return false;
      charge?.(v.length);
      return v.every(x => typecheck(x, t.of, schemas, charge));
    case 'object': {
      if (!(v instanceof PactObject)) return false;
      const fields = schemas.schemaFields(t.schema);
      return !fields || objectMatches(v, fields, schemas, charge);
    }
    case 'table': {
      // a table matches when the schema it carries has the same fields and types as the one
      // named (structural equality, Pact's gassedTypecheckSchemas on `_tvSchema tv`)
      if (!(v instanceof TableRef)) return false;
      const want = schemas.schemaFields(t.schema);
      return !want || sameCarriedSchema(v.schema, want, schemas, charge);
    }
    // the compiler resolved the annotation's interfaces to full names: the reference must
    // implement each of them (it may implement more)
    case 'modref':
      if (v instanceof ModRef && v.interfaces.length >= 10) charge?.(v.interfaces.length);
      return v instanceof ModRef && t.interfaces.every(i => v.interfaces.includes(i));
  }
}

/** Pact's gassedTypecheckObj, also checkSchema (a row for insert and write): the same number of
 *  fields (then a tick per field), each field's value of its type. */
export function objectMatches(v: PactObject, fields: Map<string, PactType>, schemas: SchemaLookup, charge?: (ticks: number) => void): boolean {
  if (fields.size !== v.size) return false;
  charge?.(v.size);
  // Pact walks object and schema side by side in field order and stops at the first
  // difference, so a later field's check (and its charge) never happens
  const want = sortedFields(fields);
  for (const [k] of want) {
    if (!v.fields.has(k)) return sameKeysUpTo(v.sortedKeys(), want, v, schemas, charge);
  }
  for (const [k, ft] of want) if (!typecheck(v.fields.get(k)!, ft, schemas, charge)) return false;
  return true;
}

/** Pact's checkPartialSchema (a row for update): a tick per field given, every field named by
 *  the schema, then the object check against the schema cut down to those fields (so the same
 *  size again: a second tick per field, and the walk in field order). */
export function partialObjectMatches(v: PactObject, fields: Map<string, PactType>, schemas: SchemaLookup, charge?: (ticks: number) => void): boolean {
  charge?.(v.size);
  for (const k of v.fields.keys()) if (!fields.has(k)) return false;
  charge?.(v.size);
  for (const k of v.sortedKeys()) if (!typecheck(v.fields.get(k)!, fields.get(k)!, schemas, charge)) return false;
  return true;
}

/** A schema's fields in Pact's order, worked out once per schema. */
const sortedCache = new WeakMap<Map<string, PactType>, [string, PactType][]>();
function sortedFields(fields: Map<string, PactType>): [string, PactType][] {
  return sortedCache.get(fields) ?? sortFields(fields);
}
function sortFields(fields: Map<string, PactType>): [string, PactType][] {
  const sorted = [...fields].sort((a, b) => compareCodePoints(a[0], b[0]));
  sortedCache.set(fields, sorted);
  return sorted;
}

/** An object lacking a schema field: Pact's walk checks the fields before the first position
 *  where the sorted names differ, then fails (same sizes and a missing name: that position exists). */
function sameKeysUpTo(keys: string[], want: [string, PactType][], v: PactObject, schemas: SchemaLookup, charge?: (ticks: number) => void): false {
  for (let i = 0; keys[i] === want[i][0]; i++) {
    if (!typecheck(v.fields.get(keys[i])!, want[i][1], schemas, charge)) return false;
  }
  return false;
}

/** Pact's gassedTypecheckSchemas of the schema a table value carries against a named one: the
 *  same size (then a tick per field), the same field names in order, each pair of types equal
 *  (gassedTypeEq: nested object and table types compare their schemas field by field, whatever
 *  they are called; module references their interface sets); the walk stops at the first
 *  difference. The carried side's nested schemas are its own, resolved when the table was made;
 *  the named side's are looked up. */
function sameCarriedSchema(a: TableSchema, b: Map<string, PactType>, schemas: SchemaLookup, charge?: (ticks: number) => void): boolean {
  if (a.fields.size !== b.size) return false;
  charge?.(a.fields.size);
  const as = [...a.fields].sort((x, y) => compareCodePoints(x[0], y[0])), bs = sortedFields(b);
  for (let i = 0; i < as.length; i++) {
    if (as[i][0] !== bs[i][0] || !sameCarriedType(as[i][1], bs[i][1], schemas, charge)) return false;
  }
  return true;
}

function sameCarriedType(a: SchemaFieldType, b: PactType, schemas: SchemaLookup, charge?: (ticks: number) => void): boolean {
  if (a.t !== b.t) return false;
  switch (a.t) {
    case 'prim': return a.name === (b as typeof a).name;
    case 'list': return sameCarriedType(a.of, (b as Extract<PactType, { t: 'list' }>).of, schemas, charge);
    case 'object': case 'table': {
      const name = (b as Extract<PactType, { t: 'object' | 'table' }>).schema;
      const bf = schemas.schemaFields(name);
      return bf ? sameCarriedSchema(a.schema, bf, schemas, charge) : a.schema.name === name;
    }
    case 'modref': return a.interfaces.join(',') === (b as typeof a).interfaces.join(',');
    default: return true; // *, list, object: the kind alone
  }
}

