// The schema a table value carries (Pact's TableValue holds the Schema its deftable resolved to):
// its qualified name and its fields' types, each nested object{…} and table{…} resolved to the
// schema it names, so that a table's hash and sizeOf need nothing but the value.

import { TableSchema, type SchemaFieldType } from '../../vm/values.js';
import type { PactType } from '../../vm/types.js';

/** A schema's fields by qualified name (`ns.m.s`), if it exists. */
export type SchemaFieldsOf = (qualified: string) => Map<string, PactType> | undefined;

/**
 * `qualified` resolved, with every schema nested in it. `within` holds the schemas being resolved
 * further out: a schema naming itself (directly or through others) is a cycle Pact's renamer
 * refuses (RecursionDetected) when the module's IR is built, right after the tables are made, so
 * its inner occurrence is left without fields instead of being resolved forever.
 */
export function resolveTableSchema(qualified: string, fieldsOf: SchemaFieldsOf, within: ReadonlySet<string> = new Set()): TableSchema {
  const fields = new Map<string, SchemaFieldType>();
  if (within.has(qualified)) return new TableSchema(qualified, fields);
  const inner = new Set(within).add(qualified);
  // a name the compiler could not resolve has failed to compile already: no fields then
  for (const [k, ty] of fieldsOf(qualified) ?? []) fields.set(k, resolveType(ty, fieldsOf, inner));
  return new TableSchema(qualified, fields);
}

function resolveType(ty: PactType, fieldsOf: SchemaFieldsOf, within: ReadonlySet<string>): SchemaFieldType {
  switch (ty.t) {
    case 'list': return { t: 'list', of: resolveType(ty.of, fieldsOf, within) };
    case 'object': case 'table': return { t: ty.t, schema: resolveTableSchema(ty.schema, fieldsOf, within) };
    default: return ty;
  }
}

/** The schemas a table value carries (its own and every one nested in it) by qualified name, in
 *  the form the runtime type checks read: what a write through that value is checked against
 *  (Pact checks the table value's schema, not the module's current one). Kept per schema. */
export function carriedSchemas(schema: TableSchema): CarriedSchemas {
  let lookup = carried.get(schema);
  if (!lookup) {
    const byName = collect(schema, new Map());
    carried.set(schema, lookup = { schemaFields: name => byName.get(name) });
  }
  return lookup;
}
export interface CarriedSchemas { schemaFields: SchemaFieldsOf }
const carried = new WeakMap<TableSchema, CarriedSchemas>();

function collect(schema: TableSchema, into: Map<string, Map<string, PactType>>): Map<string, Map<string, PactType>> {
  const fields = new Map<string, PactType>();
  into.set(schema.name, fields);
  for (const [k, ty] of schema.fields) fields.set(k, unresolve(ty, into));
  return into;
}

function unresolve(ty: SchemaFieldType, into: Map<string, Map<string, PactType>>): PactType {
  switch (ty.t) {
    case 'list': return { t: 'list', of: unresolve(ty.of, into) };
    case 'object': case 'table':
      if (!into.has(ty.schema.name)) collect(ty.schema, into);
      return { t: ty.t, schema: ty.schema.name };
    default: return ty;
  }
}
