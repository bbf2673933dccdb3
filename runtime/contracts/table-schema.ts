// The schema a table value carries (Pact's TableValue holds the Schema its deftable resolved to):
// its qualified name and its fields' types, each nested object{…} and table{…} resolved to the
// schema it names, so that a table's hash and sizeOf need nothing but the value.

import { TableSchema, type SchemaFieldType } from '../../vm/values.js';
import type { PactType } from '../../vm/types.js';

/** A schema's fields by qualified name (`ns.m.s`), if it exists. */
export type SchemaFieldsOf = (qualified: string) => Map<string, PactType> | undefined;

export function resolveTableSchema(qualified: string, fieldsOf: SchemaFieldsOf): TableSchema {
  const fields = new Map<string, SchemaFieldType>();
  // a name the compiler could not resolve has failed to compile already: no fields then
  for (const [k, ty] of fieldsOf(qualified) ?? []) fields.set(k, resolveType(ty, fieldsOf));
  return new TableSchema(qualified, fields);
}

function resolveType(ty: PactType, fieldsOf: SchemaFieldsOf): SchemaFieldType {
  switch (ty.t) {
    case 'list': return { t: 'list', of: resolveType(ty.of, fieldsOf) };
    case 'object': case 'table': return { t: ty.t, schema: resolveTableSchema(ty.schema, fieldsOf) };
    default: return ty;
  }
}
